import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { formOrders, formSubmissions, forms, payOrders } from '@/db/schema';
import { FORM_ORDER_EXPIRE_JOB, FORM_ORDER_PAY_MINUTES } from '@/modules/orders';
import { makeDue } from './goods-orders-fixtures';
import { answersOf, createForm, makeApp, payBySandbox, type Person, type TestApp } from './helper';

let t: TestApp;
let owner: Person;

const CREATE = '/Order/FromOrder/Create';
const CODE = '/Order/FromOrder/GetSubmitCode';

beforeAll(async () => {
  t = await makeApp();
  owner = await t.registerOwner('超时取消店');
});
afterAll(() => t.close());

let visitorSeq = 0;
const newVisitor = () => `expiry-visitor-${String(++visitorSeq).padStart(6, '0')}`;

/** Runs the form orders' timers that are due; answers how many ran. */
const runTimers = () => t.services.jobs.runDue([FORM_ORDER_EXPIRE_JOB]);
/** The order's timer: minutes from the order's creation to when it is due. */
async function timerMinutes(orderId: string): Promise<number[]> {
  const rows = await t.db.execute(
    sql`select extract(epoch from j.start_after - o.created_at) / 60 as m from pgboss.job j join form_orders o on o.id = (j.data ->> 'orderId')::uuid
         where j.name = ${FORM_ORDER_EXPIRE_JOB} and o.id = ${orderId}`,
  );
  return (rows as { rows: { m: string }[] }).rows.map((r) => Math.round(Number(r.m)));
}

const orderRow = async (id: string) => (await t.db.select().from(formOrders).where(eq(formOrders.id, id)))[0];
const payRow = async (orderId: string) => (await t.db.select().from(payOrders).where(eq(payOrders.bizId, orderId)))[0];
const formRow = async (id: string) => (await t.db.select().from(forms).where(eq(forms.id, id)))[0];

describe('unpaid form orders expire', () => {
  it('after 30 minutes: 已取消, the place freed, the payment closed, and a late payment does not revive it', async () => {
    expect(FORM_ORDER_PAY_MINUTES).toBe(30);
    const formId = await createForm(t, owner.token, {
      formName: '限量品鉴会',
      needPay: 1,
      price: 88,
      needVerify: true,
      totalLimit: 2,
      personLimit: 1,
    });
    const late = newVisitor();
    const unpaid = await t.ok(CREATE, { id: formId, visitor: late, answers: answersOf('迟到的人') });
    const paid = await t.ok(CREATE, { id: formId, visitor: newVisitor(), answers: answersOf('准时的人') });
    await payBySandbox(t, paid.qr_code);
    // Both places are taken, the unpaid one too, while it may still be paid.
    expect((await t.call(CREATE, { id: formId, visitor: newVisitor(), answers: answersOf() })).body.msg).toBe('提交人数已满');
    expect((await t.ok('/Order/FromOrder/GetFromInfo', { id: formId })).left).toBe(0);

    // Each order placed its timer, due when its 30 minutes end; before then nothing expires.
    expect(await timerMinutes(unpaid.orderId)).toEqual([30]);
    await runTimers();
    expect((await orderRow(unpaid.orderId)).status).toBe(0);

    const pushed = t.hub.pushed.length;
    await makeDue(t, FORM_ORDER_EXPIRE_JOB);
    expect(await runTimers()).toBe(2);
    const d = await t.ok('/Order/FormOrder/detail', { id: unpaid.orderId }, owner.token);
    expect(d).toMatchObject({ status: 3, statusText: '已取消', cancelReason: '超时未支付，自动取消' });
    expect((await payRow(unpaid.orderId)).status).toBe(3);
    expect((await t.db.select().from(formSubmissions).where(eq(formSubmissions.id, unpaid.submissionId)))[0].status).toBe(-1);
    expect((await formRow(formId)).applyCount).toBe(1);
    expect((await t.ok('/Order/FromOrder/GetFromInfo', { id: formId })).left).toBe(1);
    expect(await t.ok(CODE, { orderId: unpaid.orderId, visitor: late })).toMatchObject({ status: 3, statusText: '已取消', code: '' });
    // The paid order is untouched.
    expect(await t.ok(CODE, { orderId: paid.orderId, visitor: (await orderRow(paid.orderId)).visitor })).toMatchObject({ status: 1 });

    // The customer pays on the old QR code after all: nothing changes, nobody is told.
    await payBySandbox(t, unpaid.qr_code);
    expect(await orderRow(unpaid.orderId)).toMatchObject({ status: 3, paidAt: null, verifyCode: null });
    expect((await payRow(unpaid.orderId)).status).toBe(3);
    expect((await formRow(formId)).applyCount).toBe(1);
    expect(t.hub.pushed.length).toBe(pushed);

    // Nothing is left to run.
    expect(await runTimers()).toBe(0);

    // The freed place can be taken, by the same customer too (personLimit 1).
    const again = await t.ok(CREATE, { id: formId, visitor: late, answers: answersOf('迟到的人') });
    expect((await formRow(formId)).applyCount).toBe(2);
    await payBySandbox(t, again.qr_code);
    expect(await t.ok(CODE, { orderId: again.orderId, visitor: late })).toMatchObject({ status: 1, statusText: '待核销' });
  });

  it('leaves an order paid before its timer alone', async () => {
    const formId = await createForm(t, owner.token, { needPay: 1, price: 1 });
    const o = await t.ok(CREATE, { id: formId, visitor: newVisitor(), answers: answersOf() });
    await payBySandbox(t, o.qr_code);
    await makeDue(t, FORM_ORDER_EXPIRE_JOB);
    expect(await runTimers()).toBeGreaterThan(0);
    expect((await orderRow(o.orderId)).status).toBe(2);
    expect((await payRow(o.orderId)).status).toBe(2);
    expect((await formRow(formId)).applyCount).toBe(1);
  });

  it('retries its timer when the provider does not answer the close, and expires the order then', async () => {
    const formId = await createForm(t, owner.token, { needPay: 1, price: 3, totalLimit: 1 });
    const o = await t.ok(CREATE, { id: formId, visitor: newVisitor(), answers: answersOf() });
    const provider = t.services.payment.provider;
    const close = vi.spyOn(provider, 'close').mockRejectedValueOnce(new Error('connect ETIMEDOUT'));
    await makeDue(t, FORM_ORDER_EXPIRE_JOB);
    await runTimers();
    expect(close).toHaveBeenCalledTimes(1);
    // Still unpaid and holding its place: not taken for paid, not forgotten.
    expect((await orderRow(o.orderId)).status).toBe(0);
    expect((await formRow(formId)).applyCount).toBe(1);
    await t.db.execute(
      sql`update pgboss.job set start_after = now() - interval '1 second' where name = ${FORM_ORDER_EXPIRE_JOB} and state = 'retry'`,
    );
    await runTimers();
    close.mockRestore();
    expect(await orderRow(o.orderId)).toMatchObject({ status: 3, cancelReason: '超时未支付，自动取消' });
    expect((await formRow(formId)).applyCount).toBe(0);
  });
});
