import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Ctx } from '@/core/context';
import { payOrders, payRefunds, sandboxProviderRefunds } from '@/db/schema';
import {
  closePayment,
  createPayment,
  PaymentRefusedError,
  REFUND_PENDING_MSG,
  RECONCILE_AFTER_MINUTES,
  reconcilePayments,
  type SandboxPaymentProvider,
} from '@/integrations/payment';
import { makeApp, refundNow, systemCtx, type TestApp } from './helper';
import { raceIt } from './race';

/**
 * One refund number per business intent (issue 13 §1): a retry of the same intent goes on with the refund it made,
 * whatever happened in between; the reconciliation job settles what was left pending, through the provider's books.
 */
let t: TestApp;
let sandbox: SandboxPaymentProvider;
const renterId = randomUUID();
/** Business handler runs per pay order (what a module would do twice if a payment or refund were settled twice). */
const paidRuns = new Map<string, number>();
const refundedRuns = new Map<string, number>();
const bump = (m: Map<string, number>, id: string) => m.set(id, (m.get(id) ?? 0) + 1);

beforeAll(async () => {
  t = await makeApp();
  sandbox = t.services.payment.provider as SandboxPaymentProvider;
  t.services.payment.onPaid('intent-test', async (_tx, o) => void bump(paidRuns, o.id));
  t.services.payment.onRefunded('intent-test', async (_tx, o) => void bump(refundedRuns, o.id));
});
afterEach(() => vi.restoreAllMocks());
afterAll(() => t.close());

const sys = (): Ctx => systemCtx(t);
/** A refund of the test module, requested and its job's work run at once. */
const refundPayment = (ctx: Ctx, payOrderId: string, amountFen: number, reason: string, intentKey: string) =>
  refundNow(t, payOrderId, amountFen, reason, intentKey, { type: 'intent-test', id: payOrderId }, ctx);

/** An order paid through the sandbox: the payer confirms (the sandbox books it) and its notify is delivered. */
async function paid(amountFen: number) {
  const p = await createPayment(sys(), { renterId, bizType: 'intent-test', bizId: randomUUID(), subject: '测试商品', amountFen });
  const notify = await sandbox.payerConfirmed(p.outTradeNo);
  if (!notify) throw new Error('the sandbox did not book the payment');
  const res = await t.app.inject({ method: 'POST', url: '/api/Pay/Notify/sandbox', headers: notify.headers, payload: notify.body });
  expect(res.json()).toMatchObject({ code: 'SUCCESS' });
  return p;
}

const orderRow = async (id: string) => (await t.db.select().from(payOrders).where(eq(payOrders.id, id)))[0];
const refundsOf = (id: string) => t.db.select().from(payRefunds).where(eq(payRefunds.payOrderId, id));
/** What the provider's books hold for the order: the refunds it accepted, i.e. the money that went back. */
const providerRefunds = (outTradeNo: string) =>
  t.db.select().from(sandboxProviderRefunds).where(eq(sandboxProviderRefunds.outTradeNo, outTradeNo));

/** Makes the records look pending for longer than the reconciliation job waits. */
async function age(table: 'pay_orders' | 'pay_refunds', id: string) {
  await t.db.execute(
    sql`update ${sql.identifier(table)} set created_at = now() - make_interval(mins => ${RECONCILE_AFTER_MINUTES + 1}) where id = ${id}`,
  );
}

/** One minute's tick of the reconciliation job, and the settle jobs it sends. */
async function reconcile() {
  await t.services.jobs.send(sys(), 'payments.reconcile', {});
  await t.services.jobs.runDue(['payments.reconcile', 'payments.settle']);
}

describe('a refund retried under the same intent', () => {
  it('goes on with its first number when the provider refunded but the answer was lost, and refunds once', async () => {
    const p = await paid(1000);
    const intent = `cancel:${randomUUID()}`;
    // The provider accepts the refund, then the connection drops before its answer reaches us.
    const real = sandbox.refund.bind(sandbox);
    vi.spyOn(sandbox, 'refund').mockImplementationOnce(async (input) => {
      await real(input);
      throw new Error('socket hang up');
    });
    await expect(refundPayment(sys(), p.payOrderId, 1000, '整单取消', intent)).rejects.toMatchObject({ message: REFUND_PENDING_MSG });
    const [pending] = await refundsOf(p.payOrderId);
    expect(pending).toMatchObject({ status: 1, amountFen: 1000 });
    expect(refundedRuns.get(p.payOrderId)).toBeUndefined();

    const again = await refundPayment(sys(), p.payOrderId, 1000, '整单取消', intent);
    expect(again).toMatchObject({ refundNo: pending.refundNo, payStatus: 4, refundedFen: 1000 });
    // And a third time: the done refund is answered, nothing moves.
    expect(await refundPayment(sys(), p.payOrderId, 1000, '整单取消', intent)).toMatchObject({ refundNo: pending.refundNo });

    expect((await refundsOf(p.payOrderId)).map((r) => [r.refundNo, r.status])).toEqual([[pending.refundNo, 2]]);
    expect((await providerRefunds(p.outTradeNo)).map((r) => [r.refundNo, r.amountFen])).toEqual([[pending.refundNo, 1000]]);
    expect(await orderRow(p.payOrderId)).toMatchObject({ status: 4, refundedFen: 1000 });
    expect(refundedRuns.get(p.payOrderId)).toBe(1);
  });

  it('keeps two partial refunds of different intents apart, and refuses another amount for the same intent', async () => {
    const p = await paid(1000);
    await refundPayment(sys(), p.payOrderId, 300, '少发一件', 'line:1');
    await refundPayment(sys(), p.payOrderId, 300, '少发一件', 'line:1');
    await expect(refundPayment(sys(), p.payOrderId, 400, '少发一件', 'line:1')).rejects.toMatchObject({
      message: '该退款已按 3.00 元发起，金额不能更改',
    });
    await refundPayment(sys(), p.payOrderId, 200, '少发一件', 'line:2');
    expect((await providerRefunds(p.outTradeNo)).map((r) => r.amountFen).sort()).toEqual([200, 300]);
    expect(await orderRow(p.payOrderId)).toMatchObject({ status: 2, refundedFen: 500 });
    expect(refundedRuns.get(p.payOrderId)).toBe(2);
  });

  it('is tried anew with a new number after the provider refused it for good', async () => {
    const p = await paid(500);
    vi.spyOn(sandbox, 'refund').mockRejectedValueOnce(new PaymentRefusedError('商户余额不足'));
    await expect(refundPayment(sys(), p.payOrderId, 500, '', 'whole')).rejects.toMatchObject({ message: '退款失败，请稍后再试' });
    expect(await orderRow(p.payOrderId)).toMatchObject({ status: 2, refundedFen: 0 });
    const done = await refundPayment(sys(), p.payOrderId, 500, '', 'whole');
    const rows = await refundsOf(p.payOrderId);
    expect(rows.map((r) => r.status).sort()).toEqual([2, 3]);
    expect(rows.find((r) => r.status === 3)?.refundNo).not.toBe(done.refundNo);
    expect((await providerRefunds(p.outTradeNo)).map((r) => r.refundNo)).toEqual([done.refundNo]);
  });

  raceIt('makes one refund of concurrent calls of one intent (double click, two tabs)', async () => {
    const p = await paid(800);
    const results = await Promise.allSettled(Array.from({ length: 6 }, () => refundPayment(sys(), p.payOrderId, 800, '取消', 'cancel')));
    const numbers = new Set(results.flatMap((r) => (r.status === 'fulfilled' ? [r.value.refundNo] : [])));
    // Each call either answers the one refund or says it is still being processed; none is refused or makes another.
    for (const r of results) if (r.status === 'rejected') expect(r.reason).toMatchObject({ message: REFUND_PENDING_MSG });
    expect(numbers.size).toBe(1);
    const rows = await refundsOf(p.payOrderId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 2, refundNo: [...numbers][0] });
    expect((await providerRefunds(p.outTradeNo)).map((r) => r.amountFen)).toEqual([800]);
    expect(await orderRow(p.payOrderId)).toMatchObject({ status: 4, refundedFen: 800 });
    expect(refundedRuns.get(p.payOrderId)).toBe(1);
  });
});

describe('the sandbox provider', () => {
  it('refunds a number once: the same number again answers the same refund; another amount under it is refused', async () => {
    const p = await paid(600);
    const input = { outTradeNo: p.outTradeNo, refundNo: randomUUID().replaceAll('-', ''), amountFen: 600, reason: '' };
    const first = await sandbox.refund(input);
    expect(await sandbox.refund(input)).toEqual(first);
    await expect(sandbox.refund({ ...input, amountFen: 1 })).rejects.toBeInstanceOf(PaymentRefusedError);
    await expect(sandbox.refund({ ...input, refundNo: 'other' })).rejects.toMatchObject({ message: '退款金额超过订单可退金额' });
    expect(await sandbox.queryRefund(input.refundNo)).toEqual({ state: 'succeeded', providerRef: first.providerRef, amountFen: 600 });
    expect(await sandbox.queryRefund('never-sent')).toEqual({ state: 'notFound' });
    expect(await providerRefunds(p.outTradeNo)).toHaveLength(1);
  });
});

describe('the reconciliation job', () => {
  it('works through a backlog larger than its batch in turn, asking about each record again only after a while', async () => {
    await reconcilePayments(sys()); // what earlier tests left pending has just been asked about
    const ps: Awaited<ReturnType<typeof createPayment>>[] = [];
    for (let i = 0; i < 3; i++) {
      const p = await createPayment(sys(), { renterId, bizType: 'intent-test', bizId: randomUUID(), subject: '积压', amountFen: 300 + i });
      await age('pay_orders', p.payOrderId);
      ps.push(p);
    }
    const asked = async () => (await Promise.all(ps.map((p) => orderRow(p.payOrderId)))).filter((o) => o.checkedAt).length;
    expect(await reconcilePayments(sys(), 2)).toBe(2);
    expect(await asked()).toBe(2);
    // The next tick takes the one left, not the same two again.
    expect(await reconcilePayments(sys(), 2)).toBe(1);
    expect(await asked()).toBe(3);
    expect(await reconcilePayments(sys(), 2)).toBe(0);
    // Asked about long enough ago: due again.
    for (const p of ps)
      await t.db.execute(
        sql`update pay_orders set checked_at = now() - make_interval(mins => ${RECONCILE_AFTER_MINUTES + 1}) where id = ${p.payOrderId}`,
      );
    expect(await reconcilePayments(sys(), 10)).toBe(3);
  });

  it('settles a payment whose notify was lost: the order becomes paid and the module hears it once', async () => {
    const p = await createPayment(sys(), { renterId, bizType: 'intent-test', bizId: randomUUID(), subject: '测试', amountFen: 990 });
    // The payer paid at the provider; its notify never arrived.
    expect(await sandbox.payerConfirmed(p.outTradeNo)).not.toBeNull();
    await age('pay_orders', p.payOrderId);
    await reconcile();
    expect(await orderRow(p.payOrderId)).toMatchObject({ status: 2 });
    expect((await orderRow(p.payOrderId)).providerRef).toMatch(/^sbx_txn_/);
    expect(paidRuns.get(p.payOrderId)).toBe(1);
    // The late notify, and the next tick, change nothing.
    const late = await sandbox.payerConfirmed(p.outTradeNo);
    if (!late) throw new Error('no notify');
    const res = await t.app.inject({ method: 'POST', url: '/api/Pay/Notify/sandbox', headers: late.headers, payload: late.body });
    expect(res.json()).toMatchObject({ code: 'SUCCESS' });
    await reconcile();
    expect(paidRuns.get(p.payOrderId)).toBe(1);
  });

  it('keeps an order paid at the provider from being closed here, and settles it', async () => {
    const p = await createPayment(sys(), { renterId, bizType: 'intent-test', bizId: randomUUID(), subject: '测试', amountFen: 120 });
    await sandbox.payerConfirmed(p.outTradeNo); // paid; the notify is late
    await expect(closePayment(sys(), p.payOrderId)).rejects.toMatchObject({ message: '订单已支付，不能关闭' });
    expect(await orderRow(p.payOrderId)).toMatchObject({ status: 1 });
    await age('pay_orders', p.payOrderId);
    await reconcile();
    expect(await orderRow(p.payOrderId)).toMatchObject({ status: 2 });
    expect(paidRuns.get(p.payOrderId)).toBe(1);
  });

  it('leaves an order the payer has not paid, and one younger than its wait', async () => {
    const unpaid = await createPayment(sys(), { renterId, bizType: 'intent-test', bizId: randomUUID(), subject: '测试', amountFen: 10 });
    await age('pay_orders', unpaid.payOrderId);
    const young = await createPayment(sys(), { renterId, bizType: 'intent-test', bizId: randomUUID(), subject: '测试', amountFen: 10 });
    await sandbox.payerConfirmed(young.outTradeNo);
    await reconcile();
    expect(await orderRow(unpaid.payOrderId)).toMatchObject({ status: 1 });
    expect(await orderRow(young.payOrderId)).toMatchObject({ status: 1 });
  });

  it('sends a pending refund the provider never received again under its own number, and refunds once', async () => {
    const p = await paid(700);
    // The request never reached the provider (the process died first, or the connection was refused).
    vi.spyOn(sandbox, 'refund').mockRejectedValueOnce(new Error('connect ECONNREFUSED'));
    await expect(refundPayment(sys(), p.payOrderId, 700, '取消', 'cancel')).rejects.toMatchObject({ message: REFUND_PENDING_MSG });
    const [pending] = await refundsOf(p.payOrderId);
    expect(await providerRefunds(p.outTradeNo)).toEqual([]);
    expect(await orderRow(p.payOrderId)).toMatchObject({ refundedFen: 700 });

    await age('pay_refunds', pending.id);
    await reconcile();
    expect((await refundsOf(p.payOrderId)).map((r) => [r.refundNo, r.status])).toEqual([[pending.refundNo, 2]]);
    expect((await providerRefunds(p.outTradeNo)).map((r) => [r.refundNo, r.amountFen])).toEqual([[pending.refundNo, 700]]);
    expect(refundedRuns.get(p.payOrderId)).toBe(1);
    // The merchant's retry now answers the done refund.
    expect(await refundPayment(sys(), p.payOrderId, 700, '取消', 'cancel')).toMatchObject({ refundNo: pending.refundNo, payStatus: 4 });
    await reconcile();
    expect(refundedRuns.get(p.payOrderId)).toBe(1);
  });

  it('gives the reservation back when the provider refuses the resent refund', async () => {
    const p = await paid(300);
    vi.spyOn(sandbox, 'refund')
      .mockRejectedValueOnce(new Error('connect ETIMEDOUT'))
      .mockRejectedValueOnce(new PaymentRefusedError('交易已超过可退款期限'));
    await expect(refundPayment(sys(), p.payOrderId, 300, '', 'cancel')).rejects.toMatchObject({ message: REFUND_PENDING_MSG });
    const [pending] = await refundsOf(p.payOrderId);
    await age('pay_refunds', pending.id);
    await reconcile();
    expect((await refundsOf(p.payOrderId)).map((r) => r.status)).toEqual([3]);
    expect(await orderRow(p.payOrderId)).toMatchObject({ status: 2, refundedFen: 0 });
    expect(refundedRuns.get(p.payOrderId)).toBeUndefined();
  });
});
