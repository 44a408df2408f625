import { CART_MAX_LINES, fenToYuan, LINE_QTY_MAX } from '@shop/contract';
import { audit } from '@/core/audit';
import { type Ctx, inTx, memberOf } from '@/core/context';
import { BizError, CODE } from '@/core/errors';
import { type Tenant, tenantFor } from '@/core/tenant';
import { type OrderSku, skusForOrder } from '@/modules/goods';
import { skuTextOf, unbuyable } from '@/modules/orders/pricing/price-order';
import { cartRepo as repo } from './cart.repository';

/** The member of the call and their renter's tenant. */
export function mine(ctx: Ctx): { t: Tenant; memberId: string; renterId: string; shopId: string } {
  const m = memberOf(ctx);
  return { t: tenantFor(ctx, m.renterId), memberId: m.memberId, renterId: m.renterId, shopId: m.shopId };
}

/** Why a cart line cannot be bought now, in the cart's words ('' when it can). */
export function invalidOf(sku: OrderSku | undefined, qty: number, now = new Date()): string {
  if (!sku) return '规格已失效';
  if (sku.status === 0) return '下架';
  if (sku.status === 2 || (sku.startSaleAt && sku.startSaleAt > now)) return '未开售';
  if (sku.stock <= 0) return '售罄';
  if (sku.stock < qty) return '库存不足';
  return '';
}

/** Most units of the SKU one cart line may hold: its stock, its purchase limit, 999. */
const capOf = (sku: OrderSku) => Math.max(0, Math.min(sku.stock, sku.purchaseLimit > 0 ? sku.purchaseLimit : LINE_QTY_MAX, LINE_QTY_MAX));

/** What bounds the line, in the buyer's words. */
function boundOf(sku: OrderSku): string {
  const cap = capOf(sku);
  if (sku.purchaseLimit > 0 && cap === sku.purchaseLimit) return `商品「${sku.title}」每人限购${sku.purchaseLimit}件`;
  if (cap === sku.stock) return `商品「${sku.title}」库存仅剩${sku.stock}件`;
  return `每种商品最多购买${LINE_QTY_MAX}件`;
}

async function skuOf(ctx: Ctx, renterId: string, skuId: string): Promise<OrderSku | undefined> {
  return (await skusForOrder(ctx, renterId, [skuId])).get(skuId);
}

/** 购物车: the member's lines (at most 100) with each goods as it is now. */
export async function list(ctx: Ctx) {
  const { t, memberId, renterId } = mine(ctx);
  const rows = await repo.list(t, memberId);
  const skus = await skusForOrder(
    ctx,
    renterId,
    rows.map((r) => r.skuId),
  );
  const now = new Date();
  const lines = rows.map((r) => {
    const sku = skus.get(r.skuId);
    return {
      id: r.id,
      goodsId: r.goodsId,
      skuId: r.skuId,
      title: sku?.title ?? '',
      image: sku?.mainImage ?? '',
      skuText: sku ? skuTextOf(sku.specValues) : '',
      price: fenToYuan(sku?.priceFen ?? 0),
      stock: sku?.stock ?? 0,
      qty: r.qty,
      purchaseLimit: sku?.purchaseLimit ?? 0,
      invalid: invalidOf(sku, r.qty, now),
    };
  });
  return { rows: lines, count: { lines: lines.length, units: lines.reduce((s, l) => s + l.qty, 0) } };
}

export const count = (ctx: Ctx) => {
  const { t, memberId } = mine(ctx);
  return repo.count(t, memberId);
};

/**
 * 加入购物车: merged into the SKU's line by one upsert, never past the stock, the purchase limit or 999 (a line
 * already there refuses with what bounds it; a partial add is cut to it and says so). At most 100 lines.
 */
export async function add(ctx: Ctx, skuId: string, qty: number): Promise<{ data: { id: string; qty: number }; msg: string }> {
  const { memberId, renterId } = mine(ctx);
  const sku = await skuOf(ctx, renterId, skuId);
  if (!sku) throw new BizError('商品不存在或已删除', CODE.notFound);
  const why = unbuyable(sku, 1, new Date());
  if (why) throw new BizError(why);
  const cap = capOf(sku);
  return inTx(ctx, async (tx) => {
    const t = tenantFor(tx, renterId);
    await repo.lockMember(t, memberId);
    const existing = await repo.bySku(t, memberId, skuId);
    if (!existing && (await repo.count(t, memberId)).lines >= CART_MAX_LINES)
      throw new BizError(`购物车最多可添加${CART_MAX_LINES}种商品，请先清理`);
    const before = existing?.qty ?? 0;
    if (before >= cap) throw new BizError(boundOf(sku));
    const row = await repo.add(t, memberId, sku.goodsId, skuId, qty, cap);
    await audit(tx, { module: 'orders', action: '加入购物车', recordId: row.id, after: { skuId, title: sku.title, qty: row.qty } });
    const cut = before + qty > cap;
    return { data: row, msg: cut ? `已加入购物车（${boundOf(sku)}，已调整为${row.qty}件）` : '已加入购物车' };
  });
}

/** 修改数量: within the stock, the purchase limit and 999; a line that cannot be bought now says why. */
export async function setQty(ctx: Ctx, id: string, qty: number): Promise<{ qty: number }> {
  const { t, memberId, renterId } = mine(ctx);
  const [line] = await repo.byIds(t, memberId, [id]);
  if (!line) throw new BizError('购物车商品不存在', CODE.notFound);
  const sku = await skuOf(ctx, renterId, line.skuId);
  if (!sku) throw new BizError('商品规格已失效，请重新选择');
  const why = unbuyable(sku, 1, new Date());
  if (why) throw new BizError(why);
  if (qty > capOf(sku)) throw new BizError(boundOf(sku));
  return inTx(ctx, async (tx) => {
    const row = await repo.setQty(tenantFor(tx, renterId), memberId, id, qty);
    if (!row) throw new BizError('购物车商品不存在', CODE.notFound);
    await audit(tx, { module: 'orders', action: '修改购物车数量', recordId: id, before: { qty: line.qty }, after: { qty } });
    return { qty: row.qty };
  });
}

/** 删除: the member's own lines among the ids (others' ids are simply not there). Answers the count after. */
export async function remove(ctx: Ctx, ids: string[]) {
  const { memberId, renterId } = mine(ctx);
  return inTx(ctx, async (tx) => {
    const t = tenantFor(tx, renterId);
    const removed = await repo.remove(t, memberId, ids);
    if (removed === 0) throw new BizError('购物车商品不存在', CODE.notFound);
    await audit(tx, { module: 'orders', action: '移出购物车', recordId: ids[0], after: { ids, removed } });
    return repo.count(t, memberId);
  });
}
