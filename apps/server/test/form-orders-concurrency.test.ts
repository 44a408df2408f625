import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { formOrders, formOrderTakes, forms, payOrders, payRefunds } from '@/db/schema';
import { expireFormOrder } from '@/modules/orders';
import { answersOf, createForm, makeApp, payBySandbox, type Person, runRefundJobs, systemCtx, type TestApp } from './helper';
import { raceIt } from './race';

let t: TestApp;
let owner: Person;
let formId: string;

beforeAll(async () => {
  t = await makeApp();
  owner = await t.registerOwner('并发订单店');
  formId = await createForm(t, owner.token, { formName: '并发体验课', needPay: 1, price: 66.6, needVerify: true });
});
afterAll(() => t.close());

let visitorSeq = 0;

async function place() {
  const visitor = `race-order-visitor-${++visitorSeq}`;
  const d = await t.ok('/Order/FromOrder/Create', { id: formId, visitor, answers: answersOf() });
  return { ...d, visitor };
}

async function placePaid() {
  const o = await place();
  await payBySandbox(t, o.qr_code);
  const { code } = await t.ok('/Order/FromOrder/GetSubmitCode', { orderId: o.orderId, visitor: o.visitor });
  return { ...o, code: code as string };
}

const orderRow = async (id: string) => (await t.db.select().from(formOrders).where(eq(formOrders.id, id)))[0];
const payRow = async (orderId: string) => (await t.db.select().from(payOrders).where(eq(payOrders.bizId, orderId)))[0];
const applyCount = async () => (await t.db.select().from(forms).where(eq(forms.id, formId)))[0].applyCount;

describe('concurrent order actions', () => {
  raceIt('verifies a code once when it is entered at 8 counters at once', async () => {
    const o = await placePaid();
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => t.call('/Order/FormOrder/verificationCode', { code: o.code }, owner.token)),
    );
    expect(answers.filter((a) => a.body.code === 0)).toHaveLength(1);
    expect(answers.filter((a) => a.body.code !== 0).map((a) => a.body.msg)).toEqual(Array(7).fill('该订单已核销，请勿重复核销'));
    expect(await t.db.select().from(formOrderTakes).where(eq(formOrderTakes.orderId, o.orderId))).toHaveLength(1);
    expect((await orderRow(o.orderId)).status).toBe(2);
  });

  raceIt('verifies an order once when take and the code race', async () => {
    const o = await placePaid();
    const answers = await Promise.all([
      t.call('/Order/FormOrder/take', { id: o.orderId }, owner.token),
      t.call('/Order/FormOrder/verificationCode', { code: o.code }, owner.token),
      t.call('/Order/FormOrder/take', { id: o.orderId }, owner.token),
    ]);
    expect(answers.filter((a) => a.body.code === 0)).toHaveLength(1);
    expect(await t.db.select().from(formOrderTakes).where(eq(formOrderTakes.orderId, o.orderId))).toHaveLength(1);
  });

  raceIt('refunds a paid order once when it is cancelled 5 times at once', async () => {
    const o = await placePaid();
    const before = await applyCount();
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) => t.call('/Order/FormOrder/cancel', { id: o.orderId, reason: `取消${i}` }, owner.token)),
    );
    expect(answers.filter((a) => a.body.code === 0).length).toBeGreaterThanOrEqual(1);
    await runRefundJobs(t);
    const pay = await payRow(o.orderId);
    expect(pay).toMatchObject({ status: 4, refundedFen: 6660 });
    const refunds = await t.db.select().from(payRefunds).where(eq(payRefunds.payOrderId, pay.id));
    expect(refunds.map((r) => [r.amountFen, r.status])).toEqual([[6660, 2]]);
    expect((await orderRow(o.orderId)).status).toBe(4);
    expect(await applyCount()).toBe(before - 1);
  });

  raceIt('frees the place of an unpaid order once when it is cancelled 5 times at once', async () => {
    const o = await place();
    const before = await applyCount();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => t.call('/Order/FormOrder/cancel', { id: o.orderId, reason: '重复' }, owner.token)),
    );
    expect(answers.filter((a) => a.body.code === 0).length).toBeGreaterThanOrEqual(1);
    expect((await orderRow(o.orderId)).status).toBe(3);
    expect((await payRow(o.orderId)).status).toBe(3);
    expect(await applyCount()).toBe(before - 1);
  });

  raceIt('ends a payment racing a cancel either paid or cancelled, never both', async () => {
    for (let i = 0; i < 3; i++) {
      const o = await place();
      const before = await applyCount();
      await Promise.all([payBySandbox(t, o.qr_code), t.call('/Order/FormOrder/cancel', { id: o.orderId, reason: '抢' }, owner.token)]);
      await runRefundJobs(t);
      const order = await orderRow(o.orderId);
      const pay = await payRow(o.orderId);
      if (pay.status === 3) {
        // Closed before the payment: cancelled, place freed.
        expect(order.status).toBe(3);
        expect(await applyCount()).toBe(before - 1);
      } else {
        // Paid first: the cancel either refused or refunded it.
        expect([1, 4]).toContain(order.status);
        expect(pay.status).toBe(order.status === 1 ? 2 : 4);
        expect(await applyCount()).toBe(order.status === 1 ? before : before - 1);
      }
    }
  });

  raceIt('ends a payment racing the expiry sweep either paid or expired, never both', async () => {
    for (let i = 0; i < 3; i++) {
      const o = await place();
      const before = await applyCount();
      await Promise.all([payBySandbox(t, o.qr_code), expireFormOrder(systemCtx(t), owner.renterId, o.orderId)]);
      const order = await orderRow(o.orderId);
      const pay = await payRow(o.orderId);
      if (pay.status === 3) {
        expect(order.status).toBe(3);
        expect(await applyCount()).toBe(before - 1);
      } else {
        expect(pay.status).toBe(2);
        expect(order.status).toBe(1);
        expect(await applyCount()).toBe(before);
      }
    }
  });
});
