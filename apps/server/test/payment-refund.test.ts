import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Ctx, SessionInfo } from '@/core/context';
import { payOrders, payRefunds } from '@/db/schema';
import {
  closePayment,
  createPayment,
  getPayStatus,
  type PayOrderRow,
  type PayRefundRow,
  PaymentRefusedError,
  type SandboxPaymentProvider,
} from '@/integrations/payment';
import { makeApp, refundNow, type TestApp } from './helper';
import { raceIt } from './race';

let t: TestApp;
let sandbox: SandboxPaymentProvider;
const refundedCalls: { order: PayOrderRow; refund: PayRefundRow }[] = [];
const renterId = randomUUID();

beforeAll(async () => {
  t = await makeApp();
  sandbox = t.services.payment.provider as SandboxPaymentProvider;
  t.services.payment.onPaid('test', async () => {});
  t.services.payment.onRefunded('test', async (_tx, order, refund) => {
    refundedCalls.push({ order, refund });
  });
});
afterAll(() => t.close());

const sys = (): Ctx => ({
  db: t.db,
  reqId: 'test',
  ip: '127.0.0.1',
  userAgent: 'vitest',
  log: t.app.log,
  services: t.services,
  session: null,
});

/** A console call of a staff member of the renter. */
function staffOf(renter: string): Ctx {
  const session: SessionInfo = {
    sessionId: randomUUID(),
    userId: randomUUID(),
    renterId: renter,
    shopId: randomUUID(),
    staffId: randomUUID(),
    roleId: randomUUID(),
    isOwner: true,
    grants: new Set(),
  };
  return { ...sys(), session };
}

/** An order paid through the sandbox's notify. */
async function paid(amountFen: number) {
  const p = await createPayment(sys(), { renterId, bizType: 'test', bizId: randomUUID(), subject: '测试商品', amountFen });
  const signed = sandbox.signNotify({ outTradeNo: p.outTradeNo, amountFen });
  const res = await t.app.inject({ method: 'POST', url: '/api/Pay/Notify/sandbox', headers: signed.headers, payload: signed.body });
  expect(res.json()).toMatchObject({ code: 'SUCCESS' });
  return p;
}

/** A refund that is its own business intent (each call a new one, as two different merchant actions are). */
const refund = (ctx: Ctx, payOrderId: string, amountFen: number, reason: string) =>
  refundNow(t, payOrderId, amountFen, reason, randomUUID(), { type: 'test', id: payOrderId }, ctx);

const order = async (id: string) => (await t.db.select().from(payOrders).where(eq(payOrders.id, id)))[0];
const refundsOf = (id: string) => t.db.select().from(payRefunds).where(eq(payRefunds.payOrderId, id));

describe('a refund (requested, then its job run)', () => {
  it('refunds part, then the rest, and tells the business module each time', async () => {
    const p = await paid(1000);
    const first = await refund(sys(), p.payOrderId, 300, '少发一件');
    expect(first).toMatchObject({ amountFen: 300, payStatus: 2, refundedFen: 300 });
    expect(first.refundNo).toMatch(/^[0-9a-f]{32}$/);
    const second = await refund(sys(), p.payOrderId, 700, '整单取消');
    expect(second).toMatchObject({ amountFen: 700, payStatus: 4, refundedFen: 1000 });

    expect(await order(p.payOrderId)).toMatchObject({ status: 4, refundedFen: 1000 });
    const rows = await refundsOf(p.payOrderId);
    expect(rows.map((r) => [r.amountFen, r.status, r.reason]).sort()).toEqual([
      [300, 2, '少发一件'],
      [700, 2, '整单取消'],
    ]);
    for (const r of rows) expect(r.providerRef).toMatch(/^sbx_refund_/);
    const calls = refundedCalls.filter((c) => c.order.id === p.payOrderId);
    expect(calls.map((c) => [c.refund.amountFen, c.refund.status, c.order.refundedFen])).toEqual([
      [300, 2, 300],
      [700, 2, 1000],
    ]);
  });

  it('refuses to refund more than was paid, and records nothing', async () => {
    const p = await paid(1000);
    await expect(refund(sys(), p.payOrderId, 1001, '')).rejects.toMatchObject({ message: '退款金额不能超过可退金额 10.00 元' });
    await refund(sys(), p.payOrderId, 600, '');
    await expect(refund(sys(), p.payOrderId, 401, '')).rejects.toMatchObject({ message: '退款金额不能超过可退金额 4.00 元' });
    expect(await order(p.payOrderId)).toMatchObject({ status: 2, refundedFen: 600 });
    expect(await refundsOf(p.payOrderId)).toHaveLength(1);
  });

  raceIt('lets only one of two concurrent refunds through when together they exceed the payment', async () => {
    const p = await paid(1000);
    const results = await Promise.allSettled([refund(sys(), p.payOrderId, 600, 'a'), refund(sys(), p.payOrderId, 600, 'b')]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ message: '退款金额不能超过可退金额 4.00 元' });
    expect(await order(p.payOrderId)).toMatchObject({ status: 2, refundedFen: 600 });
    expect(await refundsOf(p.payOrderId)).toHaveLength(1);
  });

  raceIt('never refunds past the payment under 10 concurrent refunds', async () => {
    const p = await paid(1000);
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => refund(sys(), p.payOrderId, 300, '')));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    expect(await order(p.payOrderId)).toMatchObject({ status: 2, refundedFen: 900 });
  });

  it.each([
    [0, '退款金额必须大于0'],
    [-1, '退款金额必须大于0'],
    [0.5, '退款金额必须精确到分'],
  ])('refuses %d fen with “%s”', async (amountFen, msg) => {
    const p = await paid(100);
    await expect(refund(sys(), p.payOrderId, amountFen, '')).rejects.toMatchObject({ message: msg });
  });

  it('refuses an unpaid or a closed order, and one refunded in full', async () => {
    const unpaid = await createPayment(sys(), { renterId, bizType: 'test', bizId: randomUUID(), subject: 'x', amountFen: 100 });
    await expect(refund(sys(), unpaid.payOrderId, 100, '')).rejects.toMatchObject({ message: '订单未支付，不能退款' });
    await closePayment(sys(), unpaid.payOrderId);
    await expect(refund(sys(), unpaid.payOrderId, 100, '')).rejects.toMatchObject({ message: '订单未支付，不能退款' });
    const full = await paid(100);
    await refund(sys(), full.payOrderId, 100, '');
    await expect(refund(sys(), full.payOrderId, 1, '')).rejects.toMatchObject({ message: '订单已全额退款' });
  });

  it('treats another renter’s order as missing', async () => {
    const p = await paid(100);
    await expect(refund(staffOf(randomUUID()), p.payOrderId, 100, '')).rejects.toMatchObject({
      message: '支付单不存在',
      code: 1004,
    });
    expect((await order(p.payOrderId)).refundedFen).toBe(0);
    expect(await refund(staffOf(renterId), p.payOrderId, 100, '')).toMatchObject({ payStatus: 4 });
  });

  it('gives the reservation back when the provider refuses the refund', async () => {
    const p = await paid(1000);
    const spy = vi.spyOn(sandbox, 'refund').mockRejectedValueOnce(new PaymentRefusedError('商户余额不足'));
    await expect(refund(sys(), p.payOrderId, 1000, '')).rejects.toMatchObject({ message: '退款失败，请稍后再试' });
    spy.mockRestore();
    expect(await order(p.payOrderId)).toMatchObject({ status: 2, refundedFen: 0 });
    expect((await refundsOf(p.payOrderId)).map((r) => r.status)).toEqual([3]);
    expect(await refund(sys(), p.payOrderId, 1000, '')).toMatchObject({ payStatus: 4, refundedFen: 1000 });
  });
});

describe('closePayment', () => {
  it('closes an unpaid order once, and refuses a paid one', async () => {
    const p = await createPayment(sys(), { renterId, bizType: 'test', bizId: randomUUID(), subject: 'x', amountFen: 100 });
    expect(await closePayment(sys(), p.payOrderId)).toMatchObject({ status: 3 });
    expect(await closePayment(sys(), p.payOrderId)).toMatchObject({ status: 3 });
    expect((await order(p.payOrderId)).closedAt).toBeInstanceOf(Date);
    const done = await paid(100);
    await expect(closePayment(sys(), done.payOrderId)).rejects.toMatchObject({ message: '订单已支付，不能关闭' });
    await expect(closePayment(staffOf(randomUUID()), p.payOrderId)).rejects.toMatchObject({ message: '支付单不存在' });
  });
});

describe('money', () => {
  it('is stored as bigint fen and shown as yuan', async () => {
    const result = await t.db.execute(sql`
      select table_name, column_name, data_type from information_schema.columns
      where table_name in ('pay_orders', 'pay_refunds') and column_name like '%fen' order by 1, 2`);
    const { rows } = result as unknown as { rows: { table_name: string; column_name: string; data_type: string }[] };
    expect(rows).toEqual([
      { table_name: 'pay_orders', column_name: 'amount_fen', data_type: 'bigint' },
      { table_name: 'pay_orders', column_name: 'refunded_fen', data_type: 'bigint' },
      { table_name: 'pay_refunds', column_name: 'amount_fen', data_type: 'bigint' },
    ]);
    for (const [fen, yuan] of [
      [1, 0.01],
      [10, 0.1],
      [1999, 19.99],
      [123456789, 1234567.89],
      [10_000_000_000, 100_000_000],
      [10_000_000_001, 100_000_000.01],
    ]) {
      const p = await paid(fen);
      expect(p.total).toBe(yuan);
      const status = await getPayStatus(t.db, p.payOrderId);
      expect(Number.isInteger(status?.amountFen)).toBe(true);
      expect(status).toMatchObject({ amountFen: fen, total: yuan });
    }
  });

  it('keeps the database from refunding past the payment even without the service', async () => {
    const p = await paid(100);
    await expect(t.db.update(payOrders).set({ refundedFen: 101 }).where(eq(payOrders.id, p.payOrderId))).rejects.toThrow();
  });
});
