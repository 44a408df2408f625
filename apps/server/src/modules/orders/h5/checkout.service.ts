import {
  activityTagOf,
  DELIVERY_KEY,
  DELIVERY_METHOD,
  DELIVERY_METHOD_TEXT,
  fenToYuan,
  type orderPreviewBody,
  type orderSubmitBody,
} from '@shop/contract';
import type { z } from 'zod';
import { audit } from '@/core/audit';
import type { Ctx } from '@/core/context';
import { BizError, CODE } from '@/core/errors';
import type { Tenant } from '@/core/tenant';
import { pickupPointOf } from '@/modules/delivery';
import { skusForOrder } from '@/modules/goods';
import { memberPhoneOf } from '@/modules/members';
import { placeGoodsOrder, type Placed } from '@/modules/orders/goods-orders/checkout';
import { goodsOrderRepo } from '@/modules/orders/goods-orders/goods-orders.repository';
import { shopDelivery } from '@/modules/orders/pricing/delivery';
import { priceOrder } from '@/modules/orders/pricing/price-order';
import { addressRepo } from './address.repository';
import { addressOut } from './address.service';
import { cartRepo } from './cart.repository';
import { mine } from './cart.service';

type PreviewInput = z.output<typeof orderPreviewBody>;
type SubmitInput = z.output<typeof orderSubmitBody>;
type Line = { skuId: string; qty: number };

/** What is bought: the member's cart lines named (all of them must still be there), else the one SKU of 立即购买. */
async function linesOf(t: Tenant, memberId: string, b: PreviewInput): Promise<{ lines: Line[]; fromCart: boolean }> {
  if (b.cartIds.length > 0) {
    const ids = [...new Set(b.cartIds)];
    const rows = await cartRepo.byIds(t, memberId, ids);
    if (rows.length !== ids.length) throw new BizError('购物车商品已变化，请刷新后重试', CODE.notFound);
    return { lines: rows.map((r) => ({ skuId: r.skuId, qty: r.qty })), fromCart: true };
  }
  if (!b.skuId) throw new BizError('请选择要购买的商品', CODE.validation);
  return { lines: [{ skuId: b.skuId, qty: b.qty ?? 1 }], fromCart: false };
}

/** The address to price and ship to: the one named (the member's own), else the member's default (may be none). */
async function addressOf(t: Tenant, memberId: string, method: number, addressId?: string) {
  if (method === DELIVERY_METHOD.pickup) return undefined;
  if (addressId) {
    const a = await addressRepo.byId(t, memberId, addressId);
    if (!a) throw new BizError('收货地址不存在', CODE.notFound);
    return a;
  }
  return addressRepo.currentDefault(t, memberId);
}

async function checkPickup(t: Tenant, method: number, pickupPointId?: string) {
  if (method !== DELIVERY_METHOD.pickup || !pickupPointId) return;
  if (!(await pickupPointOf(t, pickupPointId))) throw new BizError('自提点不存在', CODE.notFound);
}

/**
 * Without a chosen method: the first one every goods and the shop's 配送设置 offer (快递, 自提, 同城), so the page can
 * show the choice.
 */
async function defaultMethod(ctx: Ctx, renterId: string, shopId: string, lines: Line[]): Promise<number> {
  const shop = await shopDelivery(ctx, renterId, shopId);
  const skus = await skusForOrder(
    ctx,
    renterId,
    lines.map((l) => l.skuId),
  );
  const offered = [1, 2, 3].filter(
    (m) => shop.methods.includes(m) && [...skus.values()].every((s) => s.delivery.includes(DELIVERY_KEY[m])),
  );
  return offered[0] ?? shop.methods[0] ?? DELIVERY_METHOD.express;
}

/** 确认订单: the pricing function's figures for these lines, method and address (the submit's own); writes nothing. */
export async function preview(ctx: Ctx, b: PreviewInput) {
  const { t, memberId, renterId, shopId } = mine(ctx);
  const { lines } = await linesOf(t, memberId, b);
  const method = b.deliveryMethod ?? (await defaultMethod(ctx, renterId, shopId, lines));
  const address = await addressOf(t, memberId, method, b.addressId);
  await checkPickup(t, method, b.pickupPointId);
  const p = await priceOrder(ctx, { renterId, shopId, memberId, lines, deliveryMethod: method, area: address?.area ?? null });
  return {
    lines: p.lines.map((l) => ({
      goodsId: l.sku.goodsId,
      skuId: l.sku.skuId,
      title: l.sku.title,
      skuText: l.skuText,
      image: l.sku.mainImage,
      price: fenToYuan(l.unitFen),
      qty: l.qty,
      amount: fenToYuan(l.lineFen),
      discount: fenToYuan(l.discountFen),
      activityTag: activityTagOf(l.activity?.type),
    })),
    goods: fenToYuan(p.goodsFen),
    discount: fenToYuan(p.discountFen),
    freight: fenToYuan(p.freightFen),
    total: fenToYuan(p.payFen),
    methods: p.methods.map((m) => ({ value: m, label: DELIVERY_METHOD_TEXT[m] })),
    deliveryMethod: method,
    address: address ? addressOut(address) : null,
  };
}

/**
 * 提交订单: placeGoodsOrder with the page's request key (a double tap answers the same order), the address the preview
 * showed (the named one, else the default), cart lines taken out of the cart. Answers the order and its pay link.
 */
export async function submit(ctx: Ctx, b: SubmitInput): Promise<Placed> {
  const { t, memberId, renterId, shopId } = mine(ctx);
  const base = { renterId, shopId, memberId, memberPhone: '', deliveryMethod: b.deliveryMethod, requestKey: b.requestKey };
  // A repeat of a placed submit (its cart lines are gone by now): placeGoodsOrder answers the order of the key.
  const placed = () => goodsOrderRepo.byRequestKey(t, memberId, b.requestKey);
  if (await placed()) return placeGoodsOrder(ctx, { ...base, lines: [] });
  let what: Awaited<ReturnType<typeof linesOf>>;
  try {
    what = await linesOf(t, memberId, b);
  } catch (e) {
    if (await placed()) return placeGoodsOrder(ctx, { ...base, lines: [] }); // the first tap committed meanwhile
    throw e;
  }
  const { lines, fromCart } = what;
  const address = await addressOf(t, memberId, b.deliveryMethod, b.addressId);
  if (b.deliveryMethod !== DELIVERY_METHOD.pickup && !address) throw new BizError('请选择收货地址', CODE.validation);
  await checkPickup(t, b.deliveryMethod, b.pickupPointId);
  return placeGoodsOrder(ctx, {
    ...base,
    memberPhone: await memberPhoneOf(ctx, renterId, memberId),
    lines,
    addressId: address?.id ?? null,
    pickupPointId: b.pickupPointId ?? null,
    buyerNote: b.buyerNote,
    fromCart,
    onPlaced: (tx, o) =>
      audit(tx, {
        module: 'orders',
        action: '提交订单',
        recordId: o.id,
        after: { orderNo: o.orderNo, title: o.title, payFen: o.payFen, deliveryMethod: o.deliveryMethod },
      }),
  });
}
