import { FORM_ORDER_STATUS as S, FORM_ORDER_STATUS_TEXT, fenText } from '@shop/contract';
import { audit } from '@/core/audit';
import { type Ctx, inTx } from '@/core/context';
import { BizError, CODE } from '@/core/errors';
import { closeUnpaidPayment, type PayOrderRow, type PayRefundRow, requestRefund } from '@/integrations/payment';
import { releaseFormPlace, setSubmissionStatus } from '@/modules/forms';
import { SYSTEM_BY } from '@/modules/orders/core/moves';
import { PAID_MEANWHILE } from '@/modules/orders/core/stray-payment';
import { staffBy } from '@/modules/orders/goods-orders/console/staff';
import { lockFormOrder, moveFormOrder } from '@/modules/orders/workflow.service';
import { tenantFor, tenantOf } from '@/core/tenant';
import { FORM_ORDER_BIZ } from './submit.flow';

/**
 * The merchant cancels a form order with a reason. Unpaid: the payment is closed first (a payment racing the cancel is
 * then refused by the provider, or arrives for a closed order and goes back by itself). Paid and not yet verified: the
 * order reads 已取消, its submission is cancelled and its place freed, and the full refund is requested in that same
 * transaction (a job asks the provider); the refund's onRefunded moves it on to 已退款. A verified order cannot be
 * cancelled.
 */
export async function cancelFormOrder(ctx: Ctx, id: string, reason: string): Promise<void> {
  const seen = await inTx(ctx, (tx) => lockFormOrder(tenantOf(tx), id));
  if (!seen) throw new BizError('订单不存在', CODE.notFound);
  if (seen.status === S.unpaid && seen.payOrderId) {
    const closed = await closeUnpaidPayment(ctx, seen.payOrderId).catch((e: Error) => {
      throw new BizError(e.message);
    });
    if (!closed) throw new BizError(PAID_MEANWHILE);
  }
  await inTx(ctx, async (tx) => {
    const o = await lockFormOrder(tenantOf(tx), id);
    if (!o) throw new BizError('订单不存在', CODE.notFound);
    if (o.status === S.done) throw new BizError('订单已核销，不能取消');
    if (o.status === S.cancelled && o.paidAt && o.payOrderId) {
      // Cancelled after payment and its refund refused by the provider: the same intent asks again (a refund under way
      // or done is answered as it is: the money goes back once).
      await refundCancelled(tx, o.payOrderId, o.id, o.amountFen, o.cancelReason);
      return;
    }
    if (o.status !== seen.status) throw new BizError('订单状态已变化，请刷新后再操作');
    if (o.status === S.cancelled || o.status === S.refunded) throw new BizError(`订单${FORM_ORDER_STATUS_TEXT[o.status]}`);
    const moved = await moveFormOrder(tenantOf(tx), id, 'cancel', {
      by: await staffBy(tx),
      from: [o.status],
      patch: { cancelReason: reason, cancelledAt: new Date() },
      note: reason,
    });
    if (!moved) throw new BizError('订单状态已变化，请刷新后再操作');
    await setSubmissionStatus(tenantOf(tx), o.submissionId, -1);
    await releaseFormPlace(tenantOf(tx), o.formId);
    await audit(tx, {
      module: 'orders',
      action: '取消表单订单',
      recordId: id,
      before: { status: o.status },
      after: { status: S.cancelled, reason },
    });
    if (o.status === S.paid && o.payOrderId) await refundCancelled(tx, o.payOrderId, o.id, o.amountFen, reason);
  });
}

/** The full refund of a cancelled form order: one intent per order, whoever retries it and however often. */
function refundCancelled(tx: Ctx, payOrderId: string, orderId: string, amountFen: number, reason: string): Promise<PayRefundRow> {
  return requestRefund(tx, {
    payOrderId,
    amountFen,
    reason: `取消订单：${reason}`,
    intentKey: `form-order-cancel:${orderId}`,
    ref: { type: FORM_ORDER_BIZ, id: orderId },
  });
}

/** The refund of a cancelled form order went through. */
export async function formOrderRefunded(tx: Ctx, pay: PayOrderRow, refund: PayRefundRow): Promise<void> {
  await moveFormOrder(tenantFor(tx, pay.renterId), refund.bizId, 'refunded', {
    by: { ...SYSTEM_BY, id: 'payment' },
    patch: { refundedAt: new Date() },
    note: `¥${fenText(refund.amountFen)}`,
  });
}
