import { runFixture, urlOf } from './processes';
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { payOrders, payRefunds, sandboxProviderRefunds } from '@/db/schema';
import { createPayment, RECONCILE_AFTER_MINUTES, type SandboxPaymentProvider } from '@/integrations/payment';
import { openTestDatabase } from './db';
import { makeApp, payBySandbox, refundNow, systemCtx, type TestApp } from './helper';
import { makeGoods, makeMember, orderOf, payOf, place, stockOf } from './goods-orders-fixtures';

/**
 * Done when (issue 13): a process is killed between "the provider accepted the refund" and "we recorded it"; after
 * the restart, the merchant's retry or the reconciliation job finishes that refund and no money goes back twice.
 * A real child process (test/fixtures/refund-crash.ts) SIGKILLs itself right after provider.refund returned.
 * PostgreSQL only (vitest.config.ts): a PGlite data dir opens in one process.
 */
let database: Database;
let t: TestApp;
let sandbox: SandboxPaymentProvider;
const renterId = randomUUID();
const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

beforeAll(async () => {
  database = await openTestDatabase();
  await database.db.execute(sql`create table crash_refunded_runs (pay_order_id uuid not null, pid int not null)`);
  // The server after the restart: same database, same business module as the killed process.
  t = await makeApp({ database });
  sandbox = t.services.payment.provider as SandboxPaymentProvider;
  t.services.payment.onPaid('crash-test', async () => {});
  t.services.payment.onRefunded('crash-test', async (tx, order) => {
    await tx.db.execute(sql`insert into crash_refunded_runs (pay_order_id, pid) values (${order.id}, ${process.pid})`);
  });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await database?.close();
});

async function paid(amountFen: number) {
  const p = await createPayment(systemCtx(t), { renterId, bizType: 'crash-test', bizId: randomUUID(), subject: '报名费', amountFen });
  const notify = await sandbox.payerConfirmed(p.outTradeNo);
  if (!notify) throw new Error('the sandbox did not book the payment');
  const res = await t.app.inject({ method: 'POST', url: '/api/Pay/Notify/sandbox', headers: notify.headers, payload: notify.body });
  expect(res.json()).toMatchObject({ code: 'SUCCESS' });
  return p;
}

/** Runs the refund in a child process that kills itself once the provider accepted it; answers how it ended. */
function refundAndDie(payOrderId: string, amountFen: number, intentKey: string): Promise<{ code: number | null; signal: string | null }> {
  const child = runFixture('refund-crash.ts', {
    args: [payOrderId, String(amountFen), intentKey],
    env: { DATABASE_URL: urlOf(database.db) },
    stdout: 'inherit',
  });
  return new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
}

const refundsOf = (payOrderId: string) => t.db.select().from(payRefunds).where(eq(payRefunds.payOrderId, payOrderId));
const providerRefunds = (outTradeNo: string) =>
  t.db.select().from(sandboxProviderRefunds).where(eq(sandboxProviderRefunds.outTradeNo, outTradeNo));
const handlerRuns = async (payOrderId: string) =>
  rowsOf<{ n: number }>(await t.db.execute(sql`select count(*)::int as n from crash_refunded_runs where pay_order_id = ${payOrderId}`))[0]
    .n;

/** The killed process left this: the provider refunded, our refund row still says 处理中, the module heard nothing. */
async function expectCrashedMidRefund(p: { payOrderId: string; outTradeNo: string }, amountFen: number, intentKey: string) {
  const ended = await refundAndDie(p.payOrderId, amountFen, intentKey);
  expect(ended).toEqual({ code: null, signal: 'SIGKILL' }); // killed by its fault hook, not exited
  const [pending] = await refundsOf(p.payOrderId);
  expect(pending).toMatchObject({ status: 1, amountFen });
  expect((await providerRefunds(p.outTradeNo)).map((r) => r.refundNo)).toEqual([pending.refundNo]);
  expect(await handlerRuns(p.payOrderId)).toBe(0);
  return pending;
}

/** Exactly one refund at the provider, of the amount, under the first number; ours succeeded; the module heard it once. */
async function expectRefundedOnce(p: { payOrderId: string; outTradeNo: string }, amountFen: number, refundNo: string) {
  const atProvider = await providerRefunds(p.outTradeNo);
  expect(atProvider.map((r) => [r.refundNo, r.amountFen])).toEqual([[refundNo, amountFen]]);
  expect((await refundsOf(p.payOrderId)).map((r) => [r.refundNo, r.status])).toEqual([[refundNo, 2]]);
  const [order] = await t.db.select().from(payOrders).where(eq(payOrders.id, p.payOrderId));
  expect(order).toMatchObject({ status: 4, refundedFen: amountFen });
  expect(await handlerRuns(p.payOrderId)).toBe(1);
}

describe('a refund whose process was killed after the provider accepted it', () => {
  it('is finished by the merchant’s retry under the same number, and refunds once', { timeout: 180_000 }, async () => {
    const p = await paid(2500);
    const intent = `form-order-cancel:${randomUUID()}`;
    const pending = await expectCrashedMidRefund(p, 2500, intent);

    const retried = await refundNow(t, p.payOrderId, 2500, '取消订单', intent, { type: 'crash-test', id: p.payOrderId });
    expect(retried).toMatchObject({ refundNo: pending.refundNo, payStatus: 4, refundedFen: 2500 });
    await expectRefundedOnce(p, 2500, pending.refundNo);
    // A tick of the reconciliation job afterwards changes nothing.
    await t.db.update(payRefunds).set({ createdAt: sql`now() - interval '1 hour'` }).where(eq(payRefunds.id, pending.id));
    await t.services.jobs.send(systemCtx(t), 'payments.reconcile', {});
    await t.services.jobs.runDue(['payments.reconcile', 'payments.settle']);
    await expectRefundedOnce(p, 2500, pending.refundNo);
  });

  it('is finished by the reconciliation job, and the merchant’s retry afterwards refunds nothing more', { timeout: 180_000 }, async () => {
    const p = await paid(1800);
    const intent = `form-order-cancel:${randomUUID()}`;
    const pending = await expectCrashedMidRefund(p, 1800, intent);

    await t.db
      .update(payRefunds)
      .set({ createdAt: sql`now() - make_interval(mins => ${RECONCILE_AFTER_MINUTES + 1})` })
      .where(eq(payRefunds.id, pending.id));
    await t.services.jobs.send(systemCtx(t), 'payments.reconcile', {});
    await t.services.jobs.runDue(['payments.reconcile', 'payments.settle']);
    await expectRefundedOnce(p, 1800, pending.refundNo);

    expect(await refundNow(t, p.payOrderId, 1800, '取消订单', intent, { type: 'crash-test', id: p.payOrderId })).toMatchObject({
      refundNo: pending.refundNo,
    });
    await expectRefundedOnce(p, 1800, pending.refundNo);
  });
});

describe('a cancel whose process was killed right after its commit, before the provider was asked', () => {
  it('is refunded exactly once by the refund job sent in that commit, after the restart', { timeout: 180_000 }, async () => {
    const owner = await t.registerOwner('崩溃退款店');
    const g = await makeGoods(t, owner.renterId, { priceFen: 3300, stock: 10 });
    const placed = await place(t, owner.renterId, await makeMember(t, owner.renterId), [{ skuId: g.skuId, qty: 1 }]);
    await payBySandbox(t, placed.qr_code);
    const pay = await payOf(t, placed.orderId);
    expect(pay.status).toBe(2);

    const child = runFixture('cancel-crash.ts', { args: [owner.renterId, placed.orderId], env: { DATABASE_URL: urlOf(database.db) } });
    const ended = await new Promise<{ code: number | null; signal: string | null }>((r) =>
      child.on('exit', (code, signal) => r({ code, signal })),
    );
    expect(ended).toEqual({ code: null, signal: 'SIGKILL' });
    // Committed: closed, stock back, the refund recorded and reserved — and no money has moved yet.
    expect(await orderOf(t, placed.orderId)).toMatchObject({ status: 4, refundedFen: 0 });
    expect(await stockOf(t, g.skuId)).toBe(10);
    const [pending] = await refundsOf(pay.id);
    expect(pending).toMatchObject({ status: 1, amountFen: 3300, bizType: 'goods-order', bizId: placed.orderId });
    expect(await providerRefunds(pay.outTradeNo)).toHaveLength(0);

    // The restarted server's workers pick the job up; a second run (a redelivery) changes nothing.
    await t.services.jobs.runDue(['payments.refund']);
    await t.services.jobs.send(systemCtx(t), 'payments.refund', { renterId: owner.renterId, refundId: pending.id });
    await t.services.jobs.runDue(['payments.refund']);
    expect((await providerRefunds(pay.outTradeNo)).map((r) => [r.refundNo, r.amountFen])).toEqual([[pending.refundNo, 3300]]);
    expect((await refundsOf(pay.id)).map((r) => r.status)).toEqual([2]);
    expect(await orderOf(t, placed.orderId)).toMatchObject({ status: 4, paidFen: 3300, refundedFen: 3300 });
  });
});

describe('a refund whose process was killed after the provider accepted it, left to its job', () => {
  it('is settled by the job the request sent, once', { timeout: 180_000 }, async () => {
    const p = await paid(900);
    const intent = `form-order-cancel:${randomUUID()}`;
    const pending = await expectCrashedMidRefund(p, 900, intent);
    await t.services.jobs.runDue(['payments.refund']);
    await expectRefundedOnce(p, 900, pending.refundNo);
  });
});
