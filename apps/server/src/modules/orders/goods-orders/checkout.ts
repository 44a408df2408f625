import { DELIVERY_METHOD, GOODS_ACTIVITY_TYPE_NAMES, GOODS_ORDER_STATUS as S, fenToYuan } from '@shop/contract';
import { type Ctx, inTx } from '@/core/context';
import { nextOrderNo } from '@/core/order-no';
import { BizError, CODE } from '@/core/errors';
import { sendJob } from '@/core/jobs';
import { type Tenant, tenantFor } from '@/core/tenant';
import { getPayStatus, openPayment, openPayOrder, PAY_STATUS, payLinkOf } from '@/integrations/payment';
import { moveStock, takeActivityStock } from '@/modules/goods';
import { orderRulesOf } from '@/modules/shop';
import type { AddressSnapshot, GoodsOrderRow } from '@/modules/orders/goods-orders.tables';
import { type PricedLine, priceOrder } from '@/modules/orders/pricing/price-order';
import { cartRepo } from '@/modules/orders/h5/cart.repository';
import { goodsOrderRepo as repo } from './goods-orders.repository';
import { logGoodsOrder } from './goods-order.states';
import { AUTO_CANCEL_JOB, GOODS_ORDER_BIZ, goodsOrderPaid } from './lifecycle';

export interface PlaceInput {
  renterId: string;
  shopId: string;
  memberId: string;
  memberPhone: string;
  lines: { skuId: string; qty: number }[];
  deliveryMethod: number;
  /** A saved address of the member (快递 / 同城). */
  addressId?: string | null;
  /** Or the address itself (a seed, an import): used when no addressId is given. */
  address?: AddressSnapshot | null;
  pickupPointId?: string | null;
  buyerNote?: string;
  /** The client's key of this submit: the same key answers the same order. */
  requestKey?: string | null;
  /** Remove the bought SKUs from the member's cart. */
  fromCart?: boolean;
  now?: Date;
  /** Runs in the checkout's transaction once a new order is in (not for a repeated request key): the caller's audit row. */
  onPlaced?: (tx: Ctx, order: GoodsOrderRow) => Promise<void>;
}

export interface Placed {
  orderId: string;
  orderNo: string;
  /** Yuan. */
  total: number;
  /** The pay link (sandbox page in development); '' when nothing is to be paid or the order is no longer unpaid. */
  qr_code: string;
}

/**
 * Places a goods order (README "Checkout"), in one transaction: the member's lock (two tabs at once queue here), the
 * request key, the address, the price (priceOrder), the purchase limit, the order with its lines and first timeline
 * row, its one pay order, the cart emptied of what was bought, the auto-cancel job, and the stock reserved last
 * (moveStock). The provider's link is made after commit (idempotent). Needs no request: a seed calls it with a system
 * context of the renter.
 */
export async function placeGoodsOrder(ctx: Ctx, input: PlaceInput): Promise<Placed> {
  const { renterId, memberId } = input;
  const now = input.now ?? new Date();
  const rules = await orderRulesOf(ctx, renterId);
  // Drawn before the transaction, so the day's counter row is locked for its one statement only (core/order-no.ts).
  const orderNo = await nextOrderNo(tenantFor(ctx, renterId), { prefix: 'G', counter: 'goods_order', now });
  const { order } = await inTx(ctx, async (tx): Promise<{ order: GoodsOrderRow }> => {
    const t = tenantFor(tx, renterId);
    await repo.lockMember(t, memberId);
    if (input.requestKey) {
      const same = await repo.byRequestKey(t, memberId, input.requestKey);
      if (same) return { order: same };
    }
    let address: AddressSnapshot | null = null;
    if (input.deliveryMethod !== DELIVERY_METHOD.pickup) {
      if (input.addressId) {
        const a = await repo.address(t, memberId, input.addressId);
        if (!a) throw new BizError('收货地址不存在', CODE.notFound);
        address = { name: a.name, phone: a.phone, area: a.area, areaText: a.areaText, address: a.address };
      } else address = input.address ?? null;
      if (!address) throw new BizError('请选择收货地址', CODE.validation);
    }
    const priced = await priceOrder(tx, {
      renterId,
      shopId: input.shopId,
      memberId,
      lines: input.lines,
      deliveryMethod: input.deliveryMethod,
      area: address?.area ?? null,
      now,
    });

    // Purchase limit per member across their orders not closed, read under the member's lock.
    const limited = priced.lines.filter((l) => l.sku.purchaseLimit > 0);
    const held = await repo.unclosedQty(t, memberId, { goodsIds: limited.map((l) => l.sku.goodsId) });
    const wanted = new Map<string, number>();
    for (const l of limited) wanted.set(l.sku.goodsId, (wanted.get(l.sku.goodsId) ?? 0) + l.qty);
    for (const l of limited) {
      const before = held.get(l.sku.goodsId) ?? 0;
      if (before + (wanted.get(l.sku.goodsId) ?? 0) > l.sku.purchaseLimit) {
        const left = Math.max(0, l.sku.purchaseLimit - before);
        throw new BizError(`商品「${l.sku.title}」每人限购${l.sku.purchaseLimit}件${before > 0 ? `，您还可购买${left}件` : ''}`);
      }
    }

    await activityLimit(t, memberId, priced.lines);

    const first = priced.lines[0];
    const units = priced.lines.reduce((s, l) => s + l.qty, 0);
    const title = priced.lines.length > 1 ? `${first.sku.title} 等${units}件` : first.sku.title;
    let order = await repo.insert(t, {
      orderNo,
      memberId,
      shopId: input.shopId,
      status: S.unpaid,
      deliveryMethod: input.deliveryMethod,
      address,
      memberPhone: input.memberPhone,
      pickupPointId: input.deliveryMethod === DELIVERY_METHOD.pickup ? (input.pickupPointId ?? null) : null,
      buyerNote: input.buyerNote ?? '',
      title,
      goodsFen: priced.goodsFen,
      discountFen: priced.discountFen,
      freightFen: priced.freightFen,
      payFen: priced.payFen,
      requestKey: input.requestKey ?? null,
      createdAt: now,
    });
    if (!order) throw new Error(`order number ${orderNo} taken`);
    const orderId = order.id;
    await repo.insertLines(
      t,
      priced.lines.map((l, i) => ({
        orderId,
        memberId,
        goodsId: l.sku.goodsId,
        skuId: l.sku.skuId,
        title: l.sku.title,
        skuText: l.skuText,
        image: l.sku.mainImage,
        unitFen: l.unitFen,
        qty: l.qty,
        lineFen: l.lineFen,
        discountFen: l.discountFen,
        sort: i,
        activityId: l.activity?.activityId ?? null,
        activityType: l.activity?.type ?? null,
        activityPriceFen: l.activity?.priceFen ?? null,
      })),
    );
    await logGoodsOrder(t, order.id, { toStatus: S.unpaid, action: '买家下单', by: { kind: 'member', id: memberId, name: '买家' } });
    if (input.fromCart)
      await cartRepo.removeSkus(
        t,
        memberId,
        priced.lines.map((l) => l.sku.skuId),
      );
    if (order.payFen > 0) {
      // The order's one pay order, opened with it: every retry of this submit and every 再次支付 answers its link.
      const pay = await openPayment(tx, {
        renterId,
        bizType: GOODS_ORDER_BIZ,
        bizId: orderId,
        subject: `商品订单：${order.title}`,
        amountFen: order.payFen,
      });
      order = (await repo.set(t, orderId, { payOrderId: pay.id })) ?? order;
      await sendJob(tx, AUTO_CANCEL_JOB, { renterId, orderId }, { startAfter: new Date(now.getTime() + rules.autoCancelMinutes * 60_000) });
    }
    // Nothing to pay (free goods, all discounted): paid at once, as if a zero payment had arrived.
    else await goodsOrderPaid(tx, { id: null, renterId, bizId: orderId, amountFen: 0, provider: '' } as never);
    if (input.onPlaced) await input.onPlaced(tx, order);
    // The stock last, just before the commit: a hot SKU's row stays locked from its UPDATE to the commit, so every
    // other statement of the checkout runs before it and buyers of that SKU queue for as short a time as possible.
    await moveStock(
      tx,
      renterId,
      priced.lines.map((l) => ({ skuId: l.sku.skuId, delta: -l.qty, reason: 'order', orderId, key: `order:${orderId}:${l.sku.skuId}` })),
    );
    const inActivity = priced.lines.filter((l) => l.activity);
    await takeActivityStock(
      tx,
      renterId,
      inActivity.map((l) => ({ activityId: l.activity?.activityId ?? '', skuId: l.sku.skuId, qty: l.qty, title: l.sku.title })),
      now,
    );
    return { order };
  });
  const base = { orderId: order.id, orderNo: order.orderNo, total: fenToYuan(order.payFen) };
  if (order.payFen === 0 || order.status !== S.unpaid) return { ...base, qr_code: '' };
  return { ...base, qr_code: await payLink(ctx, order) };
}

/**
 * An activity's per-member limit (per goods, over the member's orders not closed, read under the member's lock):
 * 商品「…」秒杀每人限购2件，您还可购买1件.
 */
async function activityLimit(t: Tenant, memberId: string, lines: PricedLine[]): Promise<void> {
  const limited = lines.filter((l) => l.activity && l.activity.perMemberLimit > 0);
  if (limited.length === 0) return;
  const keyOf = (l: PricedLine) => `${l.activity?.activityId}:${l.sku.goodsId}`;
  const held = await repo.unclosedQty(t, memberId, { activityIds: [...new Set(limited.map((l) => l.activity?.activityId ?? ''))] });
  const wanted = new Map<string, number>();
  for (const l of limited) wanted.set(keyOf(l), (wanted.get(keyOf(l)) ?? 0) + l.qty);
  for (const l of limited) {
    const limit = l.activity?.perMemberLimit ?? 0;
    const before = held.get(keyOf(l)) ?? 0;
    if (before + (wanted.get(keyOf(l)) ?? 0) > limit) {
      const kind = GOODS_ACTIVITY_TYPE_NAMES[l.activity?.type ?? 1] ?? '活动';
      throw new BizError(
        `商品「${l.sku.title}」${kind}每人限购${limit}件${before > 0 ? `，您还可购买${Math.max(0, limit - before)}件` : ''}`,
      );
    }
  }
}

/**
 * The pay link of an unpaid order: its one open pay order's (made at the provider on first use). An order whose pay
 * order was closed while the order stayed unpaid (a cancel that closed the payment, then lost to a change) gets a new
 * one, opened under the order's lock; a paid one refuses.
 */
export async function payLink(ctx: Ctx, order: GoodsOrderRow): Promise<string> {
  const current = order.payOrderId ? await openPayOrder(ctx.db, order.payOrderId, order.renterId) : undefined;
  if (current) return (await payLinkOf(ctx, current)).qr_code;
  const pay = order.payOrderId ? await getPayStatus(ctx.db, order.payOrderId, order.renterId) : null;
  if (pay && pay.status !== PAY_STATUS.closed) throw new BizError('订单已支付，请勿重复支付');
  const open = await inTx(ctx, async (tx) => {
    const t = tenantFor(tx, order.renterId);
    const o = await repo.lock(t, order.id);
    if (!o || o.status !== S.unpaid) throw new BizError('订单状态已变化，请刷新后再操作');
    const p = await openPayment(tx, {
      renterId: o.renterId,
      bizType: GOODS_ORDER_BIZ,
      bizId: o.id,
      subject: `商品订单：${o.title}`,
      amountFen: o.payFen,
    });
    if (o.payOrderId !== p.id) await repo.set(t, o.id, { payOrderId: p.id }, [S.unpaid]);
    return p;
  });
  return (await payLinkOf(ctx, open)).qr_code;
}
