import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Ctx, inTx } from '@/core/context';
import { DEAD_LETTER, defineJob, JobQueue } from '@/core/jobs';
import { makeApp, type Person, systemCtx, type TestApp } from './helper';

let t: TestApp;
let owner: Person;
let queue: JobQueue;
/** What the test jobs saw: their data and whether their ctx had a session. */
const ran: { data: { renterId: string; n: number }; session: unknown }[] = [];
let failures = 0;

const record = defineJob<{ renterId: string; n: number }>({
  name: 'test.record',
  async handler(ctx, data) {
    ran.push({ data, session: ctx.session });
  },
});
const broken = defineJob<{ renterId: string }>({
  name: 'test.broken',
  retryLimit: 2,
  retryDelaySeconds: 100,
  async handler() {
    failures += 1;
    throw new Error('供应商接口不可用');
  },
});

beforeAll(async () => {
  t = await makeApp();
  owner = await t.registerOwner('任务队列店');
  queue = new JobQueue({ database: t.database, log: t.app.log, services: () => t.services, defs: [record, broken] });
  await queue.prepare();
});
afterAll(() => t.close());

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;
const jobRow = async (id: string) =>
  rowsOf<{ state: string; retry_count: number; wait: number }>(
    await t.db.execute(
      sql`select state, retry_count, extract(epoch from start_after - now())::float8 as wait from pgboss.job where id = ${id}`,
    ),
  )[0];

describe('jobs sent in a transaction', () => {
  it('a job sent in a transaction that rolls back never runs; one sent in a committed transaction runs once, as the system', async () => {
    ran.length = 0;
    const ctx: Ctx = systemCtx(t);
    await expect(
      inTx(ctx, async (tx) => {
        await queue.send(tx, 'test.record', { renterId: owner.renterId, n: 1 });
        throw new Error('业务写入失败');
      }),
    ).rejects.toThrow('业务写入失败');
    expect(await queue.runDue()).toBe(0);
    expect(ran).toEqual([]);

    await inTx(ctx, async (tx) => {
      await queue.send(tx, 'test.record', { renterId: owner.renterId, n: 2 });
    });
    expect(await queue.runDue()).toBe(1);
    expect(ran).toEqual([{ data: { renterId: owner.renterId, n: 2 }, session: null }]);
    expect(await queue.runDue()).toBe(0);
  });

  it('a failing job is retried with a growing delay, then fails for good into the dead-letter queue and the failed list', async () => {
    failures = 0;
    const id = await inTx(systemCtx(t), (tx) => queue.send(tx, 'test.broken', { renterId: owner.renterId }));
    expect(id).toBeTruthy();
    const jobId = id as string;

    expect(await queue.runDue(['test.broken'])).toBe(1);
    const first = await jobRow(jobId);
    expect(first.state).toBe('retry');
    // Exponential backoff with jitter: the first retry waits 100–200 s, the second 200–400 s.
    expect(first.wait).toBeGreaterThan(90);
    expect(first.wait).toBeLessThanOrEqual(200);
    expect(await queue.runDue(['test.broken'])).toBe(0); // not before its time

    await t.db.execute(sql`update pgboss.job set start_after = now() - interval '1 second' where id = ${jobId}`);
    expect(await queue.runDue(['test.broken'])).toBe(1);
    const second = await jobRow(jobId);
    expect(second.state).toBe('retry');
    expect(second.wait).toBeGreaterThan(190);
    expect(second.wait).toBeLessThanOrEqual(400);

    await t.db.execute(sql`update pgboss.job set start_after = now() - interval '1 second' where id = ${jobId}`);
    expect(await queue.runDue(['test.broken'])).toBe(1);
    expect((await jobRow(jobId)).state).toBe('failed');
    expect(failures).toBe(3);
    expect(await queue.runDue(['test.broken'])).toBe(0);

    const failed = await queue.failed();
    const mine = failed.find((f) => f.id === jobId);
    expect(mine).toMatchObject({ name: 'test.broken', data: { renterId: owner.renterId }, retryCount: 2 });
    expect(JSON.stringify(mine?.error)).toContain('供应商接口不可用');
    const dead = rowsOf<{ data: unknown }>(
      await t.db.execute(sql`select data from pgboss.job where name = ${DEAD_LETTER} and data->>'renterId' = ${owner.renterId}`),
    );
    expect(dead).toEqual([{ data: { renterId: owner.renterId } }]);

    // An operator puts it back: it runs again.
    await queue.retry('test.broken', jobId);
    expect(await queue.runDue(['test.broken'])).toBe(1);
    expect(failures).toBe(4);
  });

  it('the workers started in process run a committed job without anyone polling by hand', async () => {
    ran.length = 0;
    const live = new JobQueue({
      database: t.database,
      log: t.app.log,
      services: () => t.services,
      defs: [record],
      pollingIntervalSeconds: 0.5,
    });
    await live.start();
    try {
      await inTx(systemCtx(t), (tx) => live.send(tx, 'test.record', { renterId: owner.renterId, n: 3 }));
      for (let i = 0; i < 200 && ran.length === 0; i++) await new Promise((r) => setTimeout(r, 50));
      expect(ran).toEqual([{ data: { renterId: owner.renterId, n: 3 }, session: null }]);
    } finally {
      await live.stop();
    }
  });
});
