import { DELIVERY_KEY, DELIVERY_METHOD_TEXT, fenToYuan, scaleFen } from '@shop/contract';
import type { Ctx } from '@/core/context';
import { BizError, CODE } from '@/core/errors';
import { type ActivityPrice, type OrderSku, runningActivityPrices, skusForOrder } from '@/modules/goods';
import { memberPriceRights } from '@/modules/members';
import { deliveryFreight, shopDelivery } from './delivery';

export interface PriceInput {
  renterId: string;
  /** The shop sold from: its 配送设置 narrow the methods (and set 同城配送's terms). Absent: the goods alone decide. */
  shopId?: string | null;
  /** null: a visitor (no member rights). */
  memberId: string | null;
  lines: { skuId: string; qty: number }[];
  /** 1 快递, 2 自提, 3 同城. */
  deliveryMethod: number;
  /** The delivery area (province, city, district codes) for 快递 / 同城; null before an address is chosen. */
  area: string[] | null;
  now?: Date;
}

export interface PricedLine {
  sku: OrderSku;
  qty: number;
  unitFen: number;
  lineFen: number;
  discountFen: number;
  skuText: string;
  /** The running 限时折扣 / 秒杀 that prices the line (steps 3 / 4), or null. */
  activity: ActivityPrice | null;
}

export interface PricedOrder {
  lines: PricedLine[];
  goodsFen: number;
  discountFen: number;
  freightFen: number;
  payFen: number;
  /** Delivery methods every goods of the order and the shop's 配送设置 offer (1 快递, 2 自提, 3 同城). */
  methods: number[];
  /** Each step's effect, in order (README), for the preview and tests. */
  steps: { step: string; fen: number }[];
}

export const skuTextOf = (v: Record<string, string>) => Object.values(v).join(' ');

/** The buyable check of one SKU (also the cart's 已失效 test): the refusal, or null. */
export function unbuyable(sku: OrderSku | undefined, qty: number, now: Date): string | null {
  if (!sku) return '商品不存在或已删除';
  if (sku.status === 0) return `商品「${sku.title}」已下架`;
  if (sku.status === 2 || (sku.startSaleAt && sku.startSaleAt > now)) return `商品「${sku.title}」尚未开售`;
  if (sku.stock <= 0) return `商品「${sku.title}」已售罄`;
  if (sku.stock < qty) return `商品「${sku.title}」库存不足`;
  return null;
}

/**
 * The activity that prices a line (README steps 3–4): none when the SKU is in no running activity or a 限时折扣's
 * activity stock is gone (the normal price again); a 秒杀 whose stock is gone refuses 已抢光, and fewer units left than
 * wanted refuses with what is left.
 */
function activityFor(l: PricedLine, a: ActivityPrice | undefined): ActivityPrice | null {
  if (!a) return null;
  if (a.left <= 0) {
    if (a.type === 2) throw new BizError(`商品「${l.sku.title}」已抢光`);
    return null;
  }
  if (a.left < l.qty) throw new BizError(`商品「${l.sku.title}」活动库存不足，仅剩${a.left}件`);
  return a;
}

/**
 * The one pricing function (DESIGN §11; pricing/README.md lists the steps in order): cart, preview, checkout and the
 * order's stored figures all come from it. Prices are read from the database, never from the request. Refuses what
 * cannot be bought (off shelf, not on sale yet, sold out, not enough stock, delivery method not offered, address not
 * delivered to). The stock is checked here for the message; the reservation itself (moveStock) decides.
 */
export async function priceOrder(ctx: Ctx, input: PriceInput): Promise<PricedOrder> {
  const now = input.now ?? new Date();
  const merged = new Map<string, number>();
  for (const l of input.lines) merged.set(l.skuId, (merged.get(l.skuId) ?? 0) + l.qty);
  if (merged.size === 0) throw new BizError('请选择要购买的商品', CODE.validation);
  const skus = await skusForOrder(ctx, input.renterId, [...merged.keys()]);

  // 1. SKU price × quantity.
  const lines: PricedLine[] = [];
  for (const [skuId, qty] of merged) {
    const sku = skus.get(skuId);
    const why = unbuyable(sku, qty, now);
    if (why || !sku) throw new BizError(why ?? '商品不存在或已删除');
    lines.push({
      sku,
      qty,
      unitFen: sku.priceFen,
      lineFen: sku.priceFen * qty,
      discountFen: 0,
      skuText: skuTextOf(sku.specValues),
      activity: null,
    });
  }
  // The SKUs' running activities (steps 3 and 4), read first: an activity line takes no member discount.
  const acts = await runningActivityPrices(ctx, input.renterId, [...merged.keys()], now);
  for (const l of lines) l.activity = activityFor(l, acts.get(l.sku.skuId));
  const steps: { step: string; fen: number }[] = [];
  const goodsFen = lines.reduce((s, l) => s + l.lineFen, 0);
  steps.push({ step: 'sku-price', fen: goodsFen });

  // 2. Member level discount, on goods that take part in member prices (join_vip).
  const rights = input.memberId ? await memberPriceRights(ctx, input.renterId, input.memberId) : { discount: 1000, freeShipping: false };
  let levelOff = 0;
  if (rights.discount > 0 && rights.discount < 1000)
    for (const l of lines)
      if (l.sku.joinVip && !l.activity) {
        l.discountFen = l.lineFen - scaleFen(l.lineFen, rights.discount, 1000);
        levelOff += l.discountFen;
      }
  steps.push({ step: 'member-level', fen: -levelOff });

  // 3–4. Timed discount (type 1) and flash sale (type 2): the line at the activity price.
  let activityOff = 0;
  for (const [type, step] of [
    [1, 'timed-discount'],
    [2, 'flash-sale'],
  ] as const) {
    let off = 0;
    for (const l of lines)
      if (l.activity?.type === type) {
        l.discountFen = l.lineFen - l.activity.priceFen * l.qty;
        off += l.discountFen;
      }
    steps.push({ step, fen: -off });
    activityOff += off;
  }

  // 5–7. Coupon, points, balance: later issues (README), no effect yet.
  for (const step of ['coupon', 'points', 'balance']) steps.push({ step, fen: 0 });

  // 8. Freight, for the delivery method (offered by every goods of the order and by the shop) and the address.
  const shop = input.shopId ? await shopDelivery(ctx, input.renterId, input.shopId) : null;
  const methods = [1, 2, 3].filter(
    (m) => lines.every((l) => l.sku.delivery.includes(DELIVERY_KEY[m])) && (!shop || shop.methods.includes(m)),
  );
  const methodText = DELIVERY_METHOD_TEXT[input.deliveryMethod] ?? '该配送方式';
  if (shop && !shop.methods.includes(input.deliveryMethod)) throw new BizError(`本店暂不支持${methodText}，请选择其他配送方式`);
  const offending = lines.find((l) => !l.sku.delivery.includes(DELIVERY_KEY[input.deliveryMethod] ?? ''));
  if (offending) throw new BizError(`商品「${offending.sku.title}」不支持${methodText}`);
  let freightFen = 0;
  if (shop && input.deliveryMethod === 3) {
    // 同城配送 by the shop's terms: 起送价 and a flat 配送费 (free from 满额免配送费), on the goods after discounts.
    const goodsAfter = goodsFen - levelOff - activityOff;
    if (goodsAfter < shop.localMinFen)
      throw new BizError(`同城配送满${fenToYuan(shop.localMinFen)}元起送，还差${fenToYuan(shop.localMinFen - goodsAfter)}元`);
    const free = shop.localFreeFen > 0 && goodsAfter >= shop.localFreeFen;
    freightFen = rights.freeShipping || free ? 0 : shop.localFeeFen;
  } else if (input.deliveryMethod !== 2) {
    const quoted = await deliveryFreight(ctx, input.renterId, { method: input.deliveryMethod, area: input.area, lines });
    freightFen = rights.freeShipping ? 0 : quoted;
  }
  steps.push({ step: 'freight', fen: freightFen });

  const discountFen = levelOff + activityOff;
  return { lines, goodsFen, discountFen, freightFen, payFen: goodsFen - discountFen + freightFen, methods, steps };
}
