import { randomInt } from 'node:crypto';
import { GOODS_ORDER_STATUS as S } from '@shop/contract';
import { actorOf, type Ctx, inTx } from '@/core/context';
import { BizError, CODE } from '@/core/errors';
import { defineJob, emit } from '@/core/jobs';
import { type Tenant, tenantFor } from '@/core/tenant';
import { closeUnpaidPayment, type PayOrderRow, type PayRefundRow, requestRefund } from '@/integrations/payment';
import { giveActivityStockBack, moveStock } from '@/modules/goods';
import type { GoodsOrderRow } from '@/modules/orders/goods-orders.tables';
import { goodsOrderRepo as repo } from './goods-orders.repository';
import { type GoodsOrderMove, type MoveBy, moveGoodsOrder } from './goods-order.states';
import { noteRejectedPayment, PAID_MEANWHILE } from '@/modules/orders/core/stray-payment';

/** The payment's biz type of goods orders. */
export const GOODS_ORDER_BIZ = 'goods-order';
export const AUTO_CANCEL_JOB = 'goods-orders.auto-cancel';
export const AUTO_CONFIRM_JOB = 'goods-orders.auto-confirm';

/** The one refund intent of what is left of a whole order (the merchant's cancel): the money goes back once. */
export const fullRefundIntent = (orderId: string) => `goods-order-refund:${orderId}`;

/** Who acts, for the timeline. */
export function byOf(ctx: Ctx, name = ''): MoveBy {
  const a = actorOf(ctx);
  if (a.kind === 'staff') return { kind: 'staff', id: a.session.userId, name };
  if (a.kind === 'member') return { kind: 'member', id: a.memberId, name: name || '买家' };
  return { kind: 'system', id: a.kind === 'system' ? a.job : '', name: '系统' };
}

type JobData = { renterId: string; orderId: string };

/**
 * The payment of a goods order arrived (in the payment's transaction): 0 → 1 under the order's lock, the paying pay
 * order recorded. An order no longer unpaid (closed meanwhile, or paid through another pay order) rejects it: the
 * payment module refunds it in full by a job sent in this transaction.
 */
export async function goodsOrderPaid(tx: Ctx, pay: PayOrderRow): Promise<'rejected' | undefined> {
  const t = tenantFor(tx, pay.renterId);
  const o = await repo.lock(t, pay.bizId);
  if (!o) throw new Error(`goods order ${pay.bizId} of payment ${pay.id} is missing`);
  if (o.status !== S.unpaid) {
    await noteRejectedPayment(t, o.id, o.status === S.closed, pay.amountFen);
    return 'rejected';
  }
  const now = new Date();
  const pickupCode = o.deliveryMethod === 2 ? await freeCode(t) : null;
  await moveGoodsOrder(t, o.id, 'pay', {
    by: { kind: 'member', id: o.memberId, name: '买家' },
    patch: { paidAt: now, paidFen: pay.amountFen, payOrderId: pay.id, payMethod: pay.provider, ...(pickupCode ? { pickupCode } : {}) },
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
    const code = String(randomInt(10_000_000, 100_000_000));
    if (!(await repo.byPickupCode(t, code))) return code;
  }
  throw new Error('could not allocate a pick-up code');
}

/** A refund of the order went through (the refund's settle transaction, once per refund): its refunded total grows. */
export async function goodsOrderRefunded(tx: Ctx, pay: PayOrderRow, refund: PayRefundRow): Promise<void> {
  await repo.addRefunded(tenantFor(tx, pay.renterId), pay.bizId, refund.amountFen);
}

/**
 * Gives the order's stock back, inside the transaction that closes it and under the order's lock (so units an
 * after-sale refunded meanwhile are read as refunded): own keys, so a second close gives nothing; and its activity
 * stock (the lines' flag: once).
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

const missing = () => new BizError('订单不存在', CODE.notFound);

/**
 * Closes an unpaid order (buyer cancel, auto-cancel, merchant cancel): the payment is closed first, so a payment racing
 * the close is refused by the provider ('订单刚刚完成支付，请刷新后再操作') or, arriving later for the closed pay order,
 * goes back by itself; then, under the order's lock, 0 → 4 and the stock back.
 */
async function closeUnpaid(ctx: Ctx, o: GoodsOrderRow, move: GoodsOrderMove, reason: string, by: MoveBy): Promise<void> {
  if (o.payOrderId) {
    const closed = await closeUnpaidPayment(ctx, o.payOrderId).catch((e: Error) => {
      throw new BizError(e.message);
    });
    if (!closed) throw new BizError(PAID_MEANWHILE);
  }
  await inTx(ctx, async (tx) => {
    const t = tenantFor(tx, o.renterId);
    const now = await repo.lock(t, o.id);
    if (!now) throw missing();
    await moveGoodsOrder(t, o.id, move, { by, from: [S.unpaid], note: reason, patch: { closedAt: new Date(), closeReason: reason } });
    await stockBack(tx, now);
    await emit(tx, 'goods-order.closed', o.renterId, { orderId: o.id, orderNo: o.orderNo, memberId: o.memberId, paidFen: 0, reason });
  });
}

/** The buyer cancels their unpaid order. */
export async function buyerCancel(ctx: Ctx, renterId: string, o: GoodsOrderRow): Promise<void> {
  if (o.status !== S.unpaid) await moveGoodsOrder(tenantFor(ctx, renterId), o.id, 'buyerCancel', { by: byOf(ctx) }); // throws why
  await closeUnpaid(ctx, o, 'buyerCancel', '买家取消订单', byOf(ctx));
}

/**
 * The merchant cancels with a reason: unpaid → closed; paid, not shipped, no after-sale open → closed, stock back and
 * what is left of the payment refunded, all decided in one transaction under the order's lock (the refund is a job sent
 * in it). A closed paid order whose refund the provider refused is refunded again (same intent).
 */
export async function merchantCancel(ctx: Ctx, id: string, renterId: string, reason: string, by: MoveBy): Promise<void> {
  const seen = await repo.byId(tenantFor(ctx, renterId), id);
  if (!seen) throw missing();
  if (seen.status === S.unpaid) return closeUnpaid(ctx, seen, 'merchantCancel', reason, by);
  await inTx(ctx, async (tx) => {
    const t = tenantFor(tx, renterId);
    const o = await repo.lock(t, id);
    if (!o) throw missing();
    if (o.status === S.closed && o.payOrderId && o.paidFen > o.refundedFen) {
      await refundRest(tx, o, o.closeReason || reason);
      return;
    }
    if (o.afterSaleOpen) throw new BizError('订单有售后在处理中，请先处理售后');
    await moveGoodsOrder(t, o.id, 'merchantCancel', {
      by,
      from: [S.toShip],
      note: reason,
      patch: { closedAt: new Date(), closeReason: reason },
    }); // anything but 待发货 is refused with why ('订单已发货，不能取消')
    await stockBack(tx, o);
    await emit(tx, 'goods-order.closed', renterId, {
      orderId: o.id,
      orderNo: o.orderNo,
      memberId: o.memberId,
      paidFen: o.paidFen - o.refundedFen,
      reason,
    });
    await refundRest(tx, o, reason);
  });
}

/** What after-sales refunded before stays refunded: the rest goes back (one intent: a retry asks the same amount). */
async function refundRest(tx: Ctx, o: GoodsOrderRow, reason: string): Promise<void> {
  if (!o.payOrderId || o.paidFen <= o.refundedFen) return;
  await requestRefund(tx, {
    payOrderId: o.payOrderId,
    amountFen: o.paidFen - o.refundedFen,
    reason: `取消订单：${reason}`.slice(0, 80),
    intentKey: fullRefundIntent(o.id),
    ref: { type: GOODS_ORDER_BIZ, id: o.id },
  });
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
