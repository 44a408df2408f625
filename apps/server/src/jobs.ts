import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Ctx, Services } from './core/context';
import type { Db } from './db/client';
import { startScheduledSales } from './modules/goods/goods/goods-schedule';
import { expireFormOrders } from './workflows';
import { resumeTransfers, stopTransfers } from './modules/files';
import { recoverImports, stopImports } from './modules/goods/goods-transfer/goods-transfer.runner';

/**
 * Timed background work. Every job is idempotent and safe to run on several instances at once
 * (each row moves state once), so no leader election is needed yet.
 */
export function startJobs(deps: { db: Db; services: Services; log: FastifyBaseLogger }, everyMs = 60_000): () => void {
  const ctx = (): Ctx => ({
    db: deps.db,
    reqId: `job-${randomUUID()}`,
    ip: '',
    userAgent: 'jobs',
    log: deps.log,
    services: deps.services,
    session: null,
  });
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      const n = await expireFormOrders(ctx());
      if (n > 0) deps.log.info({ n }, 'expired unpaid form orders');
    } catch (err) {
      deps.log.error({ err }, 'job failed');
    }
    try {
      const n = await startScheduledSales(ctx());
      if (n > 0) deps.log.info({ n }, 'scheduled goods went on sale');
    } catch (err) {
      deps.log.error({ err }, 'job failed: scheduled goods');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(tick, everyMs);
  timer.unref();
  // Image transfers (批量图片转存) a stop or crash left unfinished go on now.
  resumeTransfers(ctx())
    .then((n) => n > 0 && deps.log.info({ n }, 'resumed image transfer tasks'))
    .catch((err) => deps.log.error({ err }, 'resuming image transfers failed'));
  // Goods imports a stop or crash interrupted (rolled back) can be confirmed again.
  recoverImports(ctx())
    .then((n) => n > 0 && deps.log.info({ n }, 'interrupted goods imports reset'))
    .catch((err) => deps.log.error({ err }, 'resetting interrupted goods imports failed'));
  return () => {
    clearInterval(timer);
    void stopTransfers();
    void stopImports();
  };
}
