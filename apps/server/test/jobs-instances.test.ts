import { ended, startWorker, urlOf } from './processes';
import type { ChildProcess } from 'node:child_process';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Database } from '@/db/client';
import { defineJob, JobQueue } from '@/core/jobs';
import { openTestDatabase } from './db';
import { raceIt } from './race';

/**
 * A cron job runs once per tick with two worker processes on one PostgreSQL (each its own queue instance). PostgreSQL
 * only (vitest.config.ts): a PGlite data dir opens in one process.
 */
let database: Database;
const children: ChildProcess[] = [];
const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

beforeAll(async () => {
  database = await openTestDatabase();
  await database.db.execute(sql`create table cron_runs (minute timestamptz not null, pid int not null)`);
});
afterAll(async () => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  await database.close();
});

raceIt('two worker processes on one PostgreSQL run an every-minute job once per minute', { timeout: 180_000 }, async () => {
  const url = urlOf(database.db);
  const [a, b] = await Promise.all([
    startWorker('cron-worker.ts', { DATABASE_URL: url }, children),
    startWorker('cron-worker.ts', { DATABASE_URL: url }, children),
  ]);
  // Wait for a minute boundary both have lived through, then a few more seconds of both checking the schedule.
  const count = async () => rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from cron_runs`))[0].n;
  for (let i = 0; i < 1500 && (await count()) === 0; i++) await new Promise((r) => setTimeout(r, 100));
  await new Promise((r) => setTimeout(r, 5000));
  a.kill('SIGTERM');
  b.kill('SIGTERM');
  expect(await ended(a)).toBe(0);
  expect(await ended(b)).toBe(0);

  const perMinute = rowsOf<{ minute: string; n: number }>(
    await database.db.execute(sql`select minute, count(*)::int as n from cron_runs group by minute order by minute`),
  );
  expect(perMinute.length).toBeGreaterThan(0);
  for (const m of perMinute) expect(m.n).toBe(1);
});

raceIt('two processes starting at once both create the queues they share (pg-boss deadlocks against itself there)', async () => {
  const log = { info() {}, warn() {}, error() {} } as never;
  // Several new queues each, the same names in both: every pair of creates meets (one of them deadlocked before).
  const defs = Array.from({ length: 6 }, (_, i) => defineJob({ name: `test.together-${i}`, async handler() {} }));
  const queues = [0, 1].map(() => new JobQueue({ database, log, services: () => ({}) as never, defs }));
  await Promise.all(queues.map((q) => q.prepare()));
  const names = rowsOf<{ name: string }>(
    await database.db.execute(sql`select name from pgboss.queue where name like 'test.together-%' order by name`),
  ).map((r) => r.name);
  expect(names).toEqual(defs.map((d) => d.name));
});
