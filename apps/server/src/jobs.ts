import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Ctx, Services } from './core/context';
import type { Db } from './db/client';
import { expireFormOrders } from './workflows';

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
    } finally {
      running = false;
    }
  };
  const timer = setInterval(tick, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
