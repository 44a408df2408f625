import { FORM_ORDER_STATUS as S, FORM_ORDER_STATUS_TEXT } from '@shop/contract';
import { audit } from '@/core/audit';
import { type Ctx, inTx } from '@/core/context';
import { BizError, CODE } from '@/core/errors';
import { closePayment, refundPayment } from '@/integrations/payment';
import { releaseFormPlace, setSubmissionStatus } from '@/modules/forms';
import { lockFormOrder, moveFormOrder } from '@/modules/orders';
import { tenantFor, tenantOf } from '@/core/tenant';

/**
 * The merchant cancels a form order with a reason. Unpaid: the payment is closed. Paid and not yet verified:
 * the money goes back through the payment provider, then the order reads 已退款. Either way the submission is
 * cancelled and its place freed. A verified order cannot be cancelled.
 */
export async function cancelFormOrder(ctx: Ctx, id: string, reason: string): Promise<void> {
  const o = await lockFormOrder(tenantOf(ctx), id);
  if (!o) throw new BizError('订单不存在', CODE.notFound);
  if (o.status === S.done) throw new BizError('订单已核销，不能取消');
  if (o.status === S.cancelled && o.paidAt && o.payOrderId) {
    // Cancelled after payment, but the refund did not finish (refused: '退款失败，请稍后再试'; unknown, or the process
    // died: '退款处理中…'): this is the "later". Same intent, so a refund under way goes on with its own number and a
    // refused one is tried anew: the money goes back only once.
    await refundPayment(ctx, o.payOrderId, o.amountFen, `取消订单：${o.cancelReason}`, cancelRefundIntent(id));
    return;
  }
  if (o.status === S.cancelled || o.status === S.refunded) throw new BizError(`订单${FORM_ORDER_STATUS_TEXT[o.status]}`);

  if (o.status === S.unpaid && o.payOrderId) {
    // Closing first means a payment racing with this cancel is refused by the provider, not lost.
    await closePayment(ctx, o.payOrderId).catch((e: Error) => {
      throw new BizError(e.message === '订单已支付，不能关闭' ? '订单刚刚完成支付，请刷新后再操作' : e.message);
    });
  }
  await inTx(ctx, async (tx) => {
    const now = new Date();
    const moved = await moveFormOrder(tenantOf(tx), id, [o.status], {
      status: S.cancelled,
      cancelReason: reason,
      cancelledAt: now,
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
  });
  if (o.status === S.paid && o.payOrderId) {
    // The refund handler moves the order on to 已退款 in the refund's own transaction.
    await refundPayment(ctx, o.payOrderId, o.amountFen, `取消订单：${reason}`, cancelRefundIntent(id));
  }
}

/**
 * The refund intent of a form order's cancel: the full amount back, once per order, whoever retries it and however
 * often (the payment module keeps one live refund per intent; see its README).
 */
export const cancelRefundIntent = (orderId: string) => `form-order-cancel:${orderId}`;

/** The refund of a cancelled form order went through. */
export async function formOrderRefunded(tx: Ctx, renterId: string, orderId: string): Promise<void> {
  await moveFormOrder(tenantFor(tx, renterId), orderId, [S.cancelled], { status: S.refunded, refundedAt: new Date() });
}
