import { type Ctx, inTx } from '@/core/context';
import { defineJob, sendJob } from '@/core/jobs';
import { payOrderRepo, payRefundRepo } from './payment.repository';
import { BizError } from '@/core/errors';
import {
  PAYMENT_REFUND_JOB,
  REFUND_FAILED_MSG,
  type RefundJobData,
  reconcilePayOrder,
  reconcileRefund,
  runRefund,
} from './payment.service';

/**
 * A pay order or refund still pending this long is asked about at the provider. Long enough that a payer still on the
 * pay page, or a refund call still waiting for its answer, is not raced for nothing (a race would do no harm: see
 * README), short enough that a lost notify or a crash is put right within minutes.
 */
export const RECONCILE_AFTER_MINUTES = 5;
/**
 * Unpaid orders older than this are no longer asked about: nobody pays them any more (the longest unpaid wait is 1440
 * minutes and the pay link lasts 25 h).
 */
export const RECONCILE_UNPAID_FOR_HOURS = 25;
/** Records handed out per run at most; the rest wait for the next minute. */
export const RECONCILE_BATCH = 500;

export const PAYMENT_SETTLE_JOB = 'payments.settle';

export type SettleData =
  | { renterId: string; kind: 'payment'; payOrderId: string; outTradeNo: string }
  | { renterId: string; kind: 'refund'; refundId: string; refundNo: string };

/**
 * `payments.reconcile` (every minute): one `payments.settle` job per pay order still unpaid and per refund still
 * pending for longer than RECONCILE_AFTER_MINUTES (and not asked about for as long), at most `batch` of each, keyed by
 * its number so that one waits per record. Answers how many it found.
 */
export async function reconcilePayments(ctx: Ctx, batch = RECONCILE_BATCH): Promise<number> {
  const now = Date.now();
  const before = new Date(now - RECONCILE_AFTER_MINUTES * 60_000);
  const since = new Date(now - RECONCILE_UNPAID_FOR_HOURS * 3_600_000);
  // A record is asked about again RECONCILE_AFTER_MINUTES after its last look, the least recently asked first, so a
  // backlog larger than a batch is worked through in turn instead of the oldest batch being asked every minute.
  const o = { to: before, checkedBefore: before, now: new Date(now), limit: batch };
  return inTx(ctx, async (tx) => {
    const orders = await payOrderRepo.unpaidToCheck(tx.db, { ...o, from: since });
    const refunds = await payRefundRepo.pendingToCheck(tx.db, o);
    for (const o of orders) {
      const data: SettleData = { renterId: o.renterId, kind: 'payment', payOrderId: o.id, outTradeNo: o.outTradeNo };
      await sendJob(tx, PAYMENT_SETTLE_JOB, data, { singletonKey: o.outTradeNo });
    }
    for (const r of refunds) {
      const data: SettleData = { renterId: r.renterId, kind: 'refund', refundId: r.id, refundNo: r.refundNo };
      await sendJob(tx, PAYMENT_SETTLE_JOB, data, { singletonKey: r.refundNo });
    }
    return orders.length + refunds.length;
  });
}

/** `payments.settle`: asks the provider about one record with its stored number and settles what it answers. */
export const paymentSettleJob = defineJob<SettleData>({
  name: PAYMENT_SETTLE_JOB,
  policy: 'stately',
  retryLimit: 3,
  async handler(ctx, data) {
    const outcome =
      data.kind === 'payment'
        ? await reconcilePayOrder(ctx, data.renterId, data.payOrderId)
        : await reconcileRefund(ctx, data.renterId, data.refundId);
    if (outcome === 'paid' || outcome === 'succeeded' || outcome === 'failed') ctx.log.info({ ...data, outcome }, 'payment reconciled');
  },
});

/**
 * `payments.refund`: sent by requestRefund in the business transaction that decided the refund. Asks the provider and
 * settles (runRefund); an answer not known yet fails the job, so it is retried with backoff under the same number (and
 * the reconciliation job keeps asking after the retries run out). A refusal by the provider ends it: the business
 * module's failed handler has recorded it and the merchant may try again.
 */
export const paymentRefundJob = defineJob<RefundJobData>({
  name: PAYMENT_REFUND_JOB,
  retryLimit: 10,
  retryDelaySeconds: 5,
  async handler(ctx, data) {
    try {
      await runRefund(ctx, data.renterId, data.refundId);
    } catch (e) {
      if (e instanceof BizError && e.message === REFUND_FAILED_MSG) return;
      throw e;
    }
  },
});
