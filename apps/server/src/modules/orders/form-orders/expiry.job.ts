import { FORM_ORDER_STATUS as S } from '@shop/contract';
import { type Ctx, inTx } from '@/core/context';
import { defineJob } from '@/core/jobs';
import { tenantFor } from '@/core/tenant';
import { closeUnpaidPayment } from '@/integrations/payment';
import { releaseFormPlace, setSubmissionStatus } from '@/modules/forms';
import { SYSTEM_BY } from '@/modules/orders/core/moves';
import { lockFormOrder, moveFormOrder } from '@/modules/orders/workflow.service';

/** Minutes an unpaid form order holds its place. */
export const FORM_ORDER_PAY_MINUTES = 30;

/** The timer of one unpaid form order, sent in the transaction that places it (startAfter = the pay window). */
export const FORM_ORDER_EXPIRE_JOB = 'form-orders.auto-cancel';

/**
 * An unpaid form order whose pay window ended: its payment is closed first (a payment that won the race keeps the
 * order paid), then the order moves to 已取消 under its lock and its submission and place are freed. Answers whether it
 * expired; a paid or cancelled order is left alone, so a repeat of the job does nothing.
 */
export async function expireFormOrder(ctx: Ctx, renterId: string, orderId: string): Promise<boolean> {
  const o = await inTx(ctx, (tx) => lockFormOrder(tenantFor(tx, renterId), orderId));
  if (!o || o.status !== S.unpaid) return false;
  // Paid meanwhile: the notify wins. A provider that does not answer fails the job, which retries.
  if (o.payOrderId && !(await closeUnpaidPayment(ctx, o.payOrderId))) return false;
  return inTx(ctx, async (tx) => {
    const t = tenantFor(tx, renterId);
    const moved = await moveFormOrder(t, orderId, 'expire', {
      by: SYSTEM_BY,
      patch: { cancelReason: '超时未支付，自动取消', cancelledAt: new Date() },
    });
    if (!moved) return false;
    await setSubmissionStatus(t, moved.submissionId, -1);
    await releaseFormPlace(t, moved.formId);
    return true;
  });
}

export const formOrderExpireJob = defineJob<{ renterId: string; orderId: string }>({
  name: FORM_ORDER_EXPIRE_JOB,
  retryLimit: 8,
  async handler(ctx, d) {
    await expireFormOrder(ctx, d.renterId, d.orderId);
  },
});
