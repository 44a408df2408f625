import { GOODS_ORDER_STATUS as S } from '@shop/contract';
import { actorOf, type Ctx, inTx } from '@/core/context';
import { BizError } from '@/core/errors';
import { defineJob, emit, sendJob } from '@/core/jobs';
import { type Tenant, tenantFor } from '@/core/tenant';
import { closePayment, type PayOrderRow, refundPayment } from '@/integrations/payment';
import { giveActivityStockBack, moveStock } from '@/modules/goods';
import type { GoodsOrderRow } from '@/modules/orders/goods-orders.tables';
import { goodsOrderRepo as repo } from './goods-orders.repository';
import { type GoodsOrderMove, logGoodsOrder, type MoveBy, moveGoodsOrder } from './goods-order.states';

/** The payment's biz type of goods orders. */
export const GOODS_ORDER_BIZ = 'goods-order';
export const AUTO_CANCEL_JOB = 'goods-orders.auto-cancel';
export const AUTO_CONFIRM_JOB = 'goods-orders.auto-confirm';
export const REFUND_JOB = 'goods-orders.refund';

/** The one refund intent of a whole order (merchant cancel, a payment that came after close): the money goes back once. */
export const fullRefundIntent = (orderId: string) => `goods-order-refund:${orderId}`;

/** Who acts, for the timeline. */
export function byOf(ctx: Ctx, name = ''): MoveBy {
  const a = actorOf(ctx);
  if (a.kind === 'staff') return { kind: 'staff', id: a.session.userId, name };
  if (a.kind === 'member') return { kind: 'member', id: a.memberId, name: name || '买家' };
  return { kind: 'system', id: a.kind === 'system' ? a.job : '', name: '系统' };
}

type JobData = { renterId: string; orderId: string };

/** The payment of a goods order arrived (in the payment's transaction): 0 → 1, or a late payment is refunded. */
export async function goodsOrderPaid(tx: Ctx, pay: PayOrderRow): Promise<void> {
  const t = tenantFor(tx, pay.renterId);
  const o = await repo.lock(t, pay.bizId);
  if (!o) throw new Error(`goods order ${pay.bizId} of payment ${pay.id} is missing`);
  if (o.status !== S.unpaid) {
    if (o.status !== S.closed || o.paidFen > 0) {
      tx.log.error({ orderId: o.id, payOrderId: pay.id }, 'second payment of a goods order: refund it by hand');
      return;
    }
    // Paid after the order closed (README "A payment after close"): record the money and refund it at once.
    await repo.set(t, o.id, { paidFen: pay.amountFen, payOrderId: pay.id, payMethod: pay.provider, paidAt: new Date() });
    await logGoodsOrder(t, o.id, { action: '订单关闭后收到付款，自动原路退款', by: { kind: 'system', id: 'payment', name: '系统' } });
    await sendJob(tx, REFUND_JOB, { renterId: o.renterId, orderId: o.id });
    return;
  }
  const now = new Date();
  const pickupCode = o.deliveryMethod === 2 ? await freeCode(t) : null;
  await moveGoodsOrder(t, o.id, 'pay', {
    by: { kind: 'member', id: o.memberId, name: '买家' },
    patch: { paidAt: now, paidFen: pay.amountFen, payMethod: pay.provider, ...(pickupCode ? { pickupCode } : {}) },
  });
  await emit(tx, 'goods-order.paid', o.renterId, {
    orderId: o.id,
    orderNo: o.orderNo,
    memberId: o.memberId,
    title: o.title,
    payFen: pay.amountFen,
    paidAt: now.toISOString(),
  });
}

/** An 8-digit pick-up code unused in the renter (the unique index backs the rare race). */
async function freeCode(t: Tenant): Promise<string> {
  for (let i = 0; i < 8; i++) {
    const code = String(10_000_000 + Math.floor(Math.random() * 90_000_000));
    if (!(await repo.byPickupCode(t, code))) return code;
  }
  throw new Error('could not allocate a pick-up code');
}

/** A refund of the order went through (the payment's transaction): its refunded total follows the payment's. */
export async function goodsOrderRefunded(tx: Ctx, pay: PayOrderRow): Promise<void> {
  await repo.setRefunded(tenantFor(tx, pay.renterId), pay.bizId, pay.refundedFen);
}

/**
 * Gives the order's stock back (own keys: a second close gives nothing; units refunded by after-sales came back
 * then), and its activity stock (the lines' flag: once).
 */
async function stockBack(tx: Ctx, o: GoodsOrderRow): Promise<void> {
  const t = tenantFor(tx, o.renterId);
  const back = await repo.takeActivityLinesBack(t, o.id);
  await giveActivityStockBack(
    tx,
    o.renterId,
    back.map((l) => ({ activityId: l.activityId ?? '', skuId: l.skuId, qty: l.qty })),
  );
  const lines = await repo.lines(t, o.id);
  await moveStock(
    tx,
    o.renterId,
    lines
      .filter((l) => l.qty > l.refundedQty)
      .map((l) => ({
        skuId: l.skuId,
        delta: l.qty - l.refundedQty,
        reason: 'order-close',
        orderId: o.id,
        key: `order-close:${o.id}:${l.skuId}`,
      })),
  );
}

/**
 * Closes an unpaid order (buyer cancel, auto-cancel, merchant cancel): the payment is closed first, so a payment racing
 * the close is refused by the provider rather than lost ('订单刚刚完成支付，请刷新后再操作'); then 0 → 4 and the stock back.
 */
async function closeUnpaid(ctx: Ctx, o: GoodsOrderRow, move: GoodsOrderMove, reason: string, by: MoveBy): Promise<void> {
  if (o.payOrderId) {
    await closePayment(ctx, o.payOrderId).catch((e: Error) => {
      throw new BizError(e.message === '订单已支付，不能关闭' ? '订单刚刚完成支付，请刷新后再操作' : e.message);
    });
  }
  await inTx(ctx, async (tx) => {
    const t = tenantFor(tx, o.renterId);
    await moveGoodsOrder(t, o.id, move, { by, from: [S.unpaid], note: reason, patch: { closedAt: new Date(), closeReason: reason } });
    await stockBack(tx, o);
    await emit(tx, 'goods-order.closed', o.renterId, { orderId: o.id, orderNo: o.orderNo, memberId: o.memberId, paidFen: 0, reason });
  });
}

/** The buyer cancels their unpaid order. */
export async function buyerCancel(ctx: Ctx, renterId: string, o: GoodsOrderRow): Promise<void> {
  if (o.status !== S.unpaid) await moveGoodsOrder(tenantFor(ctx, renterId), o.id, 'buyerCancel', { by: byOf(ctx) }); // throws why
  await closeUnpaid(ctx, o, 'buyerCancel', '买家取消订单', byOf(ctx));
}

/**
 * The merchant cancels with a reason: unpaid → closed; paid, not shipped → closed, stock back, full refund through
 * the payment (one intent per order). A closed paid order whose refund did not finish is refunded again (same intent).
 */
export async function merchantCancel(ctx: Ctx, id: string, renterId: string, reason: string, by: MoveBy): Promise<void> {
  const t = tenantFor(ctx, renterId);
  const o = await repo.byId(t, id);
  if (!o) throw new BizError('订单不存在', 1004);
  if (o.status === S.closed && o.payOrderId && o.paidFen > o.refundedFen) return refundWhole(ctx, o, reason);
  if (o.status === S.unpaid) return closeUnpaid(ctx, o, 'merchantCancel', reason, by);
  if (o.afterSaleOpen) throw new BizError('订单有售后在处理中，请先处理售后');
  if (o.status !== S.toShip) {
    await moveGoodsOrder(t, o.id, 'merchantCancel', { by }); // throws the refusal ('订单已发货，不能取消')
    return;
  }
  await inTx(ctx, async (tx) => {
    const tt = tenantFor(tx, renterId);
    await moveGoodsOrder(tt, o.id, 'merchantCancel', {
      by,
      from: [S.toShip],
      note: reason,
      patch: { closedAt: new Date(), closeReason: reason },
    });
    await stockBack(tx, o);
    await emit(tx, 'goods-order.closed', renterId, {
      orderId: o.id,
      orderNo: o.orderNo,
      memberId: o.memberId,
      paidFen: o.paidFen - o.refundedFen,
      reason,
    });
  });
  await refundWhole(ctx, o, reason);
}

async function refundWhole(ctx: Ctx, o: GoodsOrderRow, reason: string): Promise<void> {
  // What after-sales refunded before stays refunded: the rest goes back (one intent: a retry asks the same amount).
  if (!o.payOrderId || o.paidFen <= o.refundedFen) return;
  await refundPayment(ctx, o.payOrderId, o.paidFen - o.refundedFen, `取消订单：${reason}`.slice(0, 80), fullRefundIntent(o.id));
}

/** 确认收货 (buyer, merchant or the job): 2 → 3. */
export async function confirmReceipt(
  ctx: Ctx,
  renterId: string,
  id: string,
  move: 'buyerConfirm' | 'merchantConfirm' | 'autoConfirm',
  by: MoveBy,
) {
  await inTx(ctx, async (tx) => {
    const now = new Date();
    const o = await moveGoodsOrder(tenantFor(tx, renterId), id, move, { by, patch: { completedAt: now } });
    await emit(tx, 'goods-order.completed', renterId, {
      orderId: o.id,
      orderNo: o.orderNo,
      memberId: o.memberId,
      completedAt: now.toISOString(),
    });
  });
}

const quietly = async (work: () => Promise<void>) => {
  try {
    await work();
  } catch (e) {
    if (!(e instanceof BizError)) throw e; // moved on meanwhile (paid, cancelled, confirmed): nothing to do
  }
};

/** Sent by checkout with startAfter = the unpaid minutes; a paid or closed order is left alone. */
export const autoCancelJob = defineJob<JobData>({
  name: AUTO_CANCEL_JOB,
  retryLimit: 8,
  async handler(ctx, d) {
    const o = await repo.byId(tenantFor(ctx, d.renterId), d.orderId);
    if (!o || o.status !== S.unpaid) return;
    await quietly(() => closeUnpaid(ctx, o, 'autoCancel', '超时未支付，自动关闭', byOf(ctx)));
  },
});

/** Sent when the order ships, startAfter = the auto-confirm days. */
export const autoConfirmJob = defineJob<JobData>({
  name: AUTO_CONFIRM_JOB,
  retryLimit: 8,
  async handler(ctx, d) {
    const o = await repo.byId(tenantFor(ctx, d.renterId), d.orderId);
    if (!o || o.status !== S.shipped) return;
    await quietly(() => confirmReceipt(ctx, d.renterId, o.id, 'autoConfirm', byOf(ctx)));
  },
});

/** A payment that arrived for a closed order goes back at once (one intent per order, so never twice). */
export const refundJob = defineJob<JobData>({
  name: REFUND_JOB,
  retryLimit: 10,
  retryDelaySeconds: 30,
  async handler(ctx, d) {
    const o = await repo.byId(tenantFor(ctx, d.renterId), d.orderId);
    if (!o || o.status !== S.closed || o.paidFen <= o.refundedFen) return;
    await refundWhole(ctx, o, o.closeReason || '订单已关闭');
  },
});
