import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTx } from '@/core/context';
import { EventSubscribers, emit, OUTBOX_KEEP_DAYS, purgeOutbox } from '@/core/jobs';
import { dispatchEvent } from '@/core/jobs/events';
import { formSubmissions, notices, outboxDeliveries, outboxEvents } from '@/db/schema';
import { answersOf, createForm, makeApp, type Person, systemCtx, type TestApp } from './helper';

let t: TestApp;
let owner: Person;
/** Forms whose events the test subscribers below watch (other tests' events pass them by). */
const watched = new Set<string>();
/** Subscriber runs that committed, by subscriber. */
const applied = { steady: 0, flaky: 0 };
let flakyFailuresLeft = 0;

beforeAll(async () => {
  t = await makeApp();
  owner = await t.registerOwner('事件发件箱店');
  // This app's own subscribers, beside the ones its start list subscribed (src/wiring.ts).
  t.services.events.subscribe('test.steady', 'form.submitted', async (tx, e) => {
    if (!watched.has(e.payload.formId)) return;
    // A write in the subscriber's transaction: it lands with its delivery record or not at all.
    await tx.db.execute(sql`select 1`);
    tx.afterCommit?.(() => {
      applied.steady += 1;
    });
  });
  t.services.events.subscribe('test.flaky', 'form.submitted', async (tx, e) => {
    if (!watched.has(e.payload.formId)) return;
    if (flakyFailuresLeft > 0) {
      flakyFailuresLeft -= 1;
      throw new Error('下游暂时不可用');
    }
    tx.afterCommit?.(() => {
      applied.flaky += 1;
    });
  });
});
afterAll(() => t.close());

const n = async (q: Promise<{ n: number }[]>) => (await q)[0].n;
const submissionsOf = (formId: string) => n(t.db.select({ n: count() }).from(formSubmissions).where(eq(formSubmissions.formId, formId)));
const noticesOf = (renterId: string) => n(t.db.select({ n: count() }).from(notices).where(eq(notices.renterId, renterId)));
const eventsOf = async (formId: string) =>
  t.db
    .select()
    .from(outboxEvents)
    .where(and(eq(outboxEvents.type, 'form.submitted'), sql`${outboxEvents.payload}->>'formId' = ${formId}`));

async function submit(formId: string) {
  const visitor = `outbox-visitor-${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`;
  return t.ok('/Order/FromOrder/Create', { id: formId, visitor, answers: answersOf() });
}

describe('the transactional outbox', () => {
  it('a transaction that rolls back emits nothing: no event, no dispatch, no subscriber', async () => {
    const formId = await createForm(t, owner.token, { formName: '回滚的活动' });
    watched.add(formId);
    applied.steady = 0;
    await expect(
      inTx(systemCtx(t), async (tx) => {
        await emit(tx, 'form.submitted', owner.renterId, {
          formId,
          formName: '回滚的活动',
          submissionId: formId,
          subNo: 'S0',
          paid: false,
          visitor: '',
          phone: '',
        });
        throw new Error('业务写入失败');
      }),
    ).rejects.toThrow('业务写入失败');
    expect(await eventsOf(formId)).toEqual([]);
    await t.services.jobs.runDue();
    expect(applied.steady).toBe(0);
  });

  it('a failing subscriber is retried on its own: the business write and the other subscribers are not run again', async () => {
    const formId = await createForm(t, owner.token, { formName: '周末讲座' });
    watched.add(formId);
    applied.steady = 0;
    applied.flaky = 0;
    flakyFailuresLeft = 1;
    const noticesBefore = await noticesOf(owner.renterId);

    await submit(formId);
    const [event] = await eventsOf(formId);
    expect(event).toMatchObject({ renterId: owner.renterId, dispatchedAt: null });
    await t.services.jobs.runDue(); // flaky fails: the dispatch job goes back to the queue with a delay
    expect(applied).toEqual({ steady: 1, flaky: 0 });
    expect(await noticesOf(owner.renterId)).toBe(noticesBefore + 1);
    const { rows } = (await t.db.execute(
      sql`select id, state from pgboss.job where name = 'outbox.dispatch' and data->>'eventId' = ${event.id}`,
    )) as unknown as { rows: { id: string; state: string }[] };
    expect(rows.map((r) => r.state)).toEqual(['retry']);

    await t.db.execute(sql`update pgboss.job set start_after = now() - interval '1 second' where id = ${rows[0].id}`); // its backoff is over
    await t.services.jobs.runDue();
    expect(applied).toEqual({ steady: 1, flaky: 1 });
    expect(await submissionsOf(formId)).toBe(1);
    expect(await noticesOf(owner.renterId)).toBe(noticesBefore + 1);
    expect((await eventsOf(formId))[0].dispatchedAt).not.toBeNull();
  });

  it('an event delivered again (at least once) is not applied twice', async () => {
    const formId = await createForm(t, owner.token, { formName: '重复投递' });
    watched.add(formId);
    applied.steady = 0;
    applied.flaky = 0;
    await submit(formId);
    await t.services.jobs.runDue();
    const noticesAfter = await noticesOf(owner.renterId);
    const [event] = await eventsOf(formId);
    expect(applied).toEqual({ steady: 1, flaky: 1 });

    // As if the worker died after the subscribers committed but before the job was marked done: it runs again.
    await t.db.update(outboxEvents).set({ dispatchedAt: null }).where(eq(outboxEvents.id, event.id));
    await dispatchEvent(systemCtx(t), event.id);
    expect(applied).toEqual({ steady: 1, flaky: 1 });
    expect(await noticesOf(owner.renterId)).toBe(noticesAfter);
    const delivered = await t.db.select().from(outboxDeliveries).where(eq(outboxDeliveries.eventId, event.id));
    expect(delivered.map((d) => d.subscriber).sort()).toEqual([
      'home.notice.form-submitted',
      'members.customer.form-submitted',
      'test.flaky',
      'test.steady',
    ]);
  });

  it('purges events every subscriber had a week ago, keeps newer and undelivered ones', async () => {
    const formId = await createForm(t, owner.token, { formName: '清理旧事件' });
    watched.add(formId);
    await submit(formId); // delivered
    await t.services.jobs.runDue();
    await submit(formId); // still waiting for its dispatch
    const [done, waiting] = (await eventsOf(formId)).sort((a, b) => Number(!a.dispatchedAt) - Number(!b.dispatchedAt));
    expect(done.dispatchedAt).not.toBeNull();
    expect(waiting.dispatchedAt).toBeNull();

    const day = 86_400_000;
    // Six days later nothing goes; eight days later the delivered event goes with its deliveries, the other stays.
    await purgeOutbox(t.db, new Date(done.dispatchedAt!.getTime() + (OUTBOX_KEEP_DAYS - 1) * day));
    expect((await eventsOf(formId)).length).toBe(2);
    await purgeOutbox(t.db, new Date(done.dispatchedAt!.getTime() + (OUTBOX_KEEP_DAYS + 1) * day));
    expect((await eventsOf(formId)).map((e) => e.id)).toEqual([waiting.id]);
    expect(await t.db.select().from(outboxDeliveries).where(eq(outboxDeliveries.eventId, done.id))).toEqual([]);
    await t.services.jobs.runDue();
  });
});

describe("an app's subscribers", () => {
  it('belong to the app that subscribed them: another app in the process keeps its own', () => {
    const mine = t.services.events.of('form.submitted').map((s) => s.name);
    expect(mine).toEqual(['home.notice.form-submitted', 'members.customer.form-submitted', 'test.steady', 'test.flaky']);
    const another = new EventSubscribers();
    another.subscribe('test.other-app', 'form.submitted', async () => {});
    expect(another.of('form.submitted').map((s) => s.name)).toEqual(['test.other-app']);
    expect(t.services.events.of('form.submitted').map((s) => s.name)).toEqual(mine);
  });

  it('refuses a name subscribed twice (it is the delivery key)', () => {
    expect(() => t.services.events.subscribe('test.steady', 'goods.created', async () => {})).toThrow(/subscribed twice/);
  });
});
