import type { Ctx } from './core/context';
import { defineJob, type JobDef, outboxDispatchJob, purgeOutbox } from './core/jobs';
import { purgeIdempotencyKeys } from './core/idempotency';
import { purgeAuthCounters } from './modules/login';
import { transferJob } from './modules/files';
import { goodsImportJob, startScheduledSales } from './modules/goods';
import {
  CUSTOMERS_EXPORT,
  customersExportKind,
  exportJob,
  memberImportJob,
  recomputeJob,
  tagRefreshCron,
  tagRefreshJob,
} from './modules/members';
import { paymentRefundJob, paymentSettleJob, reconcilePayments } from './integrations/payment';
import {
  afterSaleTimeoutJob,
  autoCancelJob,
  autoConfirmJob,
  formOrderExpireJob,
  GOODS_ORDERS_EXPORT,
  goodsOrdersExportKind,
  memberOrderExpireJob,
} from './modules/orders';

/** Every minute, on one instance (pg-boss cron: one job per tick across every instance on the database). */
const EVERY_MINUTE = '* * * * *';

/** A cron job of every minute running `work`; `moved` logs how many rows it moved, when any. */
function everyMinute(name: string, work: (ctx: Ctx) => Promise<unknown>, moved?: string) {
  return defineJob({
    name,
    cron: EVERY_MINUTE,
    retryLimit: 2,
    async handler(ctx) {
      const n = await work(ctx);
      if (moved && typeof n === 'number' && n > 0) ctx.log.info({ n }, moved);
    },
  });
}

/**
 * The timed work (DESIGN §10): each a cron job of the queue (core/jobs), idempotent (each row moves state once), so a
 * retry after a crash does no harm.
 */
export const TIMED_JOBS = {
  startScheduledSales: everyMinute('goods.schedule', startScheduledSales, 'scheduled goods went on sale'),
  purgeIdempotencyKeys: everyMinute('idempotency.purge', (ctx) => purgeIdempotencyKeys(ctx.db)),
  purgeAuthCounters: everyMinute('auth-counters.purge', purgeAuthCounters),
  purgeOutbox: everyMinute('outbox.purge', (ctx) => purgeOutbox(ctx.db), 'purged dispatched outbox events'),
  // Pay orders and refunds left pending (a lost notify, a crash mid refund): one payments.settle job each.
  reconcilePayments: everyMinute('payments.reconcile', reconcilePayments, 'pending payments and refunds sent to settle'),
};

/** Every job the workers run: the timed ones, the outbox's dispatch, the modules' (the queue refuses a name not listed). */
export function jobDefs(extra: JobDef<never>[] = []): JobDef<never>[] {
  return [
    ...(Object.values(TIMED_JOBS) as JobDef<never>[]),
    outboxDispatchJob as JobDef<never>,
    goodsImportJob as JobDef<never>, // one chunk of a goods import (modules/goods)
    paymentSettleJob as JobDef<never>, // a pending payment or refund asked about (integrations/payment)
    paymentRefundJob as JobDef<never>, // a refund decided in a business transaction, sent to the provider
    transferJob as JobDef<never>, // 批量图片转存 (modules/files/transfer.job.ts)
    // A background .xlsx export (members' export-task.ts), of each list that has one: 客户查询, 商品订单.
    exportJob({ [CUSTOMERS_EXPORT]: customersExportKind, [GOODS_ORDERS_EXPORT]: goodsOrdersExportKind }) as JobDef<never>,
    recomputeJob as JobDef<never>, // members' free levels after a threshold change (modules/members/levels)
    memberImportJob as JobDef<never>, // one chunk of a member import (modules/members/import)
    tagRefreshJob as JobDef<never>, // one automatic tag, or a renter's (modules/members/tags)
    tagRefreshCron as JobDef<never>, // hourly: each renter's automatic tags
    autoCancelJob as JobDef<never>, // an unpaid goods order's timer (modules/orders/goods-orders/lifecycle.ts)
    autoConfirmJob as JobDef<never>, // a shipped goods order's 自动确认收货
    afterSaleTimeoutJob as JobDef<never>, // after-sales: auto-agree, the merchant's and the buyer's timeouts
    formOrderExpireJob as JobDef<never>, // an unpaid form order's timer (modules/orders/form-orders/expiry.job.ts)
    memberOrderExpireJob as JobDef<never>, // an unpaid level or card order's timer (modules/orders/member-orders/member-order.flow.ts)
    ...extra,
  ];
}
