import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { levelGrants, payOrders, payRefunds } from '@/db/schema';
import type { SandboxPaymentProvider } from '@/integrations/payment';
import { makeApp, runRefundJobs, type TestApp } from './helper';
import { buy, buyPaid, DAY, memberRow, newMember, openShop, orderRow, type Shop } from './member-orders.fixture';
import { raceIt } from './race';

/**
 * Level orders under concurrency: refunds race for the same payment, notifies arrive together. On PostgreSQL
 * (TEST_DATABASE_URL) these race for real; PGlite serialises them, and the totals must hold either way.
 */
let t: TestApp;
let s: Shop;

beforeAll(async () => {
  t = await makeApp();
  s = await openShop(t, '并发等级订单', '100.00', 30);
});
afterAll(() => t.close());

describe('concurrent refunds and notifies', () => {
  raceIt('refunds pressed at once never return more than was paid', async () => {
    const m = await newMember(t, s.shop);
    const o = await buyPaid(t, s, m, 1);
    // Eight staff members at once, each asking for 30 yuan of a 100 yuan order.
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        t.call('/Order/LvOrder/ReLvAmount', { id: o.orderId, amount: 30, reason: '并发退款' }, s.owner.token),
      ),
    );
    const ok = answers.filter((r) => r.body.code === 0).length;
    expect(ok).toBeGreaterThanOrEqual(1);
    await runRefundJobs(t);
    const pay = (await t.db.select().from(payOrders).where(eq(payOrders.bizId, o.orderId)))[0];
    const done = await t.db.select().from(payRefunds).where(eq(payRefunds.payOrderId, pay.id));
    const refunded = done.filter((r) => r.status === 2).reduce((n, r) => n + r.amountFen, 0);
    expect(refunded).toBeLessThanOrEqual(100_00);
    expect(pay.refundedFen).toBeLessThanOrEqual(100_00);
    expect((await orderRow(t, o.orderId)).refundedFen).toBe(refunded);
    // Then the rest, whatever it is, in several tries at once: the order ends refunded exactly in full.
    for (let i = 0; i < 4; i++) {
      const left = (await orderRow(t, o.orderId)).amountFen - (await orderRow(t, o.orderId)).refundedFen;
      if (left === 0) break;
      await Promise.all(
        Array.from({ length: 3 }, () =>
          t.call('/Order/LvOrder/ReLvAmount', { id: o.orderId, amount: left / 100, reason: '退余款' }, s.owner.token),
        ),
      );
      await runRefundJobs(t);
    }
    expect(await orderRow(t, o.orderId)).toMatchObject({ status: 3, refundedFen: 100_00 });
    expect((await memberRow(t, m.id)).paidLevelId).toBeNull();
  });

  raceIt('notifies arriving together grant the level once', async () => {
    const m = await newMember(t, s.shop);
    const o = await buy(t, s, m, 1);
    const pay = (await t.db.select().from(payOrders).where(eq(payOrders.bizId, o.orderId)))[0];
    const signed = (t.services.payment.provider as SandboxPaymentProvider).signNotify({
      outTradeNo: pay.outTradeNo,
      amountFen: pay.amountFen,
    });
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        t.app.inject({ method: 'POST', url: '/api/Pay/Notify/sandbox', headers: signed.headers, payload: signed.body }),
      ),
    );
    expect(answers.map((r) => r.json().code)).toEqual(Array(6).fill('SUCCESS'));
    expect(await t.db.select().from(levelGrants).where(eq(levelGrants.orderId, o.orderId))).toHaveLength(1);
    const end = (await memberRow(t, m.id)).paidLevelExpiresAt as Date;
    expect(Math.abs(end.getTime() - (Date.now() + 30 * DAY))).toBeLessThan(60_000);
  });

  raceIt('two renewals paid at once both extend: 60 days, not 30', async () => {
    const m = await newMember(t, s.shop);
    const [o1, o2] = await Promise.all([buy(t, s, m, 1), buy(t, s, m, 1)]);
    const signedOf = async (orderId: string) => {
      const pay = (await t.db.select().from(payOrders).where(eq(payOrders.bizId, orderId)))[0];
      return (t.services.payment.provider as SandboxPaymentProvider).signNotify({ outTradeNo: pay.outTradeNo, amountFen: pay.amountFen });
    };
    const signed = await Promise.all([signedOf(o1.orderId), signedOf(o2.orderId)]);
    await Promise.all(
      signed.map((x) => t.app.inject({ method: 'POST', url: '/api/Pay/Notify/sandbox', headers: x.headers, payload: x.body })),
    );
    const end = (await memberRow(t, m.id)).paidLevelExpiresAt as Date;
    expect(Math.abs(end.getTime() - (Date.now() + 60 * DAY))).toBeLessThan(60_000);
  });
});
