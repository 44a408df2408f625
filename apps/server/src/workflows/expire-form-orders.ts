import { FORM_ORDER_STATUS as S } from '@shop/contract';
import { type Ctx, inTx } from '@/core/context';
import { closePayment } from '@/integrations/payment';
import { releaseFormPlace, setSubmissionStatus } from '@/modules/forms';
import { moveFormOrder, staleUnpaidFormOrders } from '@/modules/orders';
import { tenantFor } from '@/core/tenant';

/** Minutes an unpaid form order holds its place. */
export const FORM_ORDER_PAY_MINUTES = 30;

/**
 * Cancels unpaid form orders older than the pay window and frees their places. Safe to run on every
 * instance at once: each order moves out of 待支付 only once.
 */
export async function expireFormOrders(ctx: Ctx, now = new Date()): Promise<number> {
  const stale = await staleUnpaidFormOrders(ctx.db, new Date(now.getTime() - FORM_ORDER_PAY_MINUTES * 60_000), 200);
  let n = 0;
  for (const o of stale) {
    if (o.payOrderId) {
      const closed = await closePayment(ctx, o.payOrderId).then(
        () => true,
        () => false, // paid meanwhile: the notify wins
      );
      if (!closed) continue;
    }
    await inTx(ctx, async (tx) => {
      if (
        !(await moveFormOrder(tenantFor(tx, o.renterId), o.id, [S.unpaid], {
          status: S.cancelled,
          cancelReason: '超时未支付，自动取消',
          cancelledAt: now,
        }))
      )
        return;
      await setSubmissionStatus(tenantFor(tx, o.renterId), o.submissionId, -1);
      await releaseFormPlace(tenantFor(tx, o.renterId), o.formId);
      n++;
    });
  }
  return n;
}
