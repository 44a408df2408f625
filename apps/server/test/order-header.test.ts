import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formOrders, orderLogs, orders, payRefunds } from '@/db/schema';
import type { SandboxPaymentProvider } from '@/integrations/payment';
import { FORM_ORDER_EXPIRE_JOB } from '@/modules/orders';
import { merchantCancel } from '@/modules/orders';
import { makeDue, makeGoods, openEveryMethod, place, renterCtx } from './goods-orders-fixtures';
import { answersOf, createForm, makeApp, payBySandbox, runRefundJobs, type TestApp } from './helper';
import { buy, buyPaid, newMember, openShop, type Shop } from './member-orders.fixture';

/**
 * The order header (orders README "The order core"): every order of every kind has one row in `orders`, written by
 * the database with its detail, so cross-kind readers (the member detail's figures and its recount) read one table.
 */
let t: TestApp;
let s: Shop;

beforeAll(async () => {
  t = await makeApp();
  s = await openShop(t, '订单中心店');
  await openEveryMethod(t, s.owner.renterId);
});
afterAll(() => t.close());

const header = async (id: string) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0];
const timeline = async (id: string) =>
  (await t.db.select().from(orderLogs).where(eq(orderLogs.orderId, id)).orderBy(asc(orderLogs.seq))).map((l) => l.action);

describe('every kind of order has its header', () => {
  it('a goods order: placed 待付款, paid 进行中 with its money, cancelled by the merchant 已关闭 and refunded', async () => {
    const m = await newMember(t, s.shop);
    const { skuId } = await makeGoods(t, s.owner.renterId, { title: '头部测试蛋糕', priceFen: 8_800 });
    const placed = await place(t, s.owner.renterId, m.id, [{ skuId, qty: 2 }], { memberPhone: m.phone });
    expect(await header(placed.orderId)).toMatchObject({
      kind: 'goods',
      orderNo: placed.orderNo,
      memberId: m.id,
      buyerPhone: m.phone,
      title: '头部测试蛋糕',
      status: 0,
      stage: 0,
      amountFen: 17_600,
      paidFen: 0,
      paidAt: null,
    });
    await payBySandbox(t, placed.qr_code);
    expect(await header(placed.orderId)).toMatchObject({ status: 1, stage: 1, paidFen: 17_600, refundedFen: 0 });
    await merchantCancel(renterCtx(t, s.owner.renterId), placed.orderId, s.owner.renterId, '缺货', {
      kind: 'staff',
      id: s.owner.userId,
      name: '店主',
    });
    await runRefundJobs(t);
    expect(await header(placed.orderId)).toMatchObject({ status: 4, stage: 3, paidFen: 17_600, refundedFen: 17_600 });
    expect((await header(placed.orderId)).closedAt).not.toBeNull();
  });

  it('a form order: placed with its timeline, paid to 待核销, verified 已完成', async () => {
    const formId = await createForm(t, s.owner.token, { formName: '头部体验课', needPay: 1, price: 50, needVerify: true });
    const o = await t.ok('/Order/FromOrder/Create', { id: formId, visitor: 'header-visitor-1', answers: answersOf('王五') });
    const detail = (await t.db.select().from(formOrders).where(eq(formOrders.id, o.orderId)))[0];
    expect(await header(o.orderId)).toMatchObject({
      kind: 'form',
      title: '头部体验课',
      visitor: detail.visitor,
      stage: 0,
      amountFen: 5_000,
    });
    await payBySandbox(t, o.qr_code);
    expect(await header(o.orderId)).toMatchObject({ status: 1, stage: 1, paidFen: 5_000 });
    await t.ok('/Order/FormOrder/take', { id: o.orderId }, s.owner.token);
    expect(await header(o.orderId)).toMatchObject({ status: 2, stage: 2 });
    expect(await timeline(o.orderId)).toEqual(['提交订单', '买家付款', '表单订单核销']);
  });

  it('level and card orders: bought 待支付, paid 已完成, an unpaid one cancelled 已关闭', async () => {
    const m = await newMember(t, s.shop);
    const level = await buyPaid(t, s, m, 1);
    expect(await header(level.orderId)).toMatchObject({ kind: 'level', memberId: m.id, status: 1, stage: 2, paidFen: 9_900 });
    const card = await buy(t, s, m, 2);
    expect(await header(card.orderId)).toMatchObject({ kind: 'card', status: 0, stage: 0, amountFen: 1_990 });
    await t.ok('/Order/VipOrder/cancel', { id: card.orderId, reason: '不需要了' }, s.owner.token);
    expect(await header(card.orderId)).toMatchObject({ status: 2, stage: 3, paidFen: 0 });
  });

  it('order numbers are unique across every kind of the renter', async () => {
    const rows = await t.db.select({ no: orders.orderNo }).from(orders).where(eq(orders.renterId, s.owner.renterId));
    expect(rows.length).toBeGreaterThan(3);
    expect(new Set(rows.map((r) => r.no)).size).toBe(rows.length);
  });
});

describe('the member detail reads every kind from the header', () => {
  it('重新统计订单数据 counts the member’s paid goods and form orders, less what was refunded; not their level orders', async () => {
    const m = await newMember(t, s.shop);
    const { skuId } = await makeGoods(t, s.owner.renterId, { priceFen: 12_000 });
    const kept = await place(t, s.owner.renterId, m.id, [{ skuId, qty: 1 }], { memberPhone: m.phone });
    await payBySandbox(t, kept.qr_code);
    const cancelled = await place(t, s.owner.renterId, m.id, [{ skuId, qty: 1 }], { memberPhone: m.phone });
    await payBySandbox(t, cancelled.qr_code);
    await merchantCancel(renterCtx(t, s.owner.renterId), cancelled.orderId, s.owner.renterId, '缺货', {
      kind: 'staff',
      id: s.owner.userId,
      name: '店主',
    });
    await runRefundJobs(t);
    // A form order paid with the member's phone typed in.
    const formId = await createForm(t, s.owner.token, { needPay: 1, price: 30 });
    const f = await t.ok('/Order/FromOrder/Create', {
      id: formId,
      visitor: 'header-visitor-2',
      answers: answersOf('赵六', { phone: m.phone }),
    });
    await payBySandbox(t, f.qr_code);
    await buyPaid(t, s, m, 1);

    const r = await t.ok('/Client/ClientQuery/UpdateUserOrderPayCount', { id: m.id }, s.owner.token);
    expect(r).toMatchObject({ orderCount: 2, spend: 150 });
  });
});

describe('the timeline of every kind is one table', () => {
  it('a level order’s lines are in order_logs, by who made them', async () => {
    const m = await newMember(t, s.shop);
    const o = await buyPaid(t, s, m, 1);
    const lines = await t.db
      .select()
      .from(orderLogs)
      .where(and(eq(orderLogs.renterId, s.owner.renterId), eq(orderLogs.orderId, o.orderId)))
      .orderBy(asc(orderLogs.seq));
    expect(lines.map((l) => [l.actorKind, l.action])).toEqual([
      ['member', expect.stringMatching(/^会员下单：黑卡\d+ ¥99\.00$/)],
      ['system', '支付成功 ¥99.00'],
      ['system', expect.stringMatching(/^已开通「黑卡\d+」，有效期至 /)],
    ]);
  });
});

describe('a payment the order no longer takes is on its timeline, whatever the kind', () => {
  it('a form order expired while the payer was on the page: the late payment is refunded and noted', async () => {
    const formId = await createForm(t, s.owner.token, { needPay: 1, price: 12 });
    const o = await t.ok('/Order/FromOrder/Create', { id: formId, visitor: 'header-visitor-3', answers: answersOf('孙七') });
    await makeDue(t, FORM_ORDER_EXPIRE_JOB);
    await t.services.jobs.runDue([FORM_ORDER_EXPIRE_JOB]);
    expect(await header(o.orderId)).toMatchObject({ stage: 3 });
    // The payer was still on the pay page: the provider took the money after the pay order closed here.
    const sandbox = t.services.payment.provider as SandboxPaymentProvider;
    const notify = sandbox.signNotify({ outTradeNo: new URL(o.qr_code).pathname.split('/').pop() ?? '', amountFen: 1_200 });
    const res = await t.app.inject({ method: 'POST', url: '/api/Pay/Notify/sandbox', headers: notify.headers, payload: notify.body });
    expect(res.json()).toMatchObject({ code: 'SUCCESS' });
    await t.services.jobs.runDue(['outbox.dispatch']);
    expect(await timeline(o.orderId)).toEqual(['提交订单', '超时未支付，自动取消', '订单关闭后收到付款，自动原路退款']);
    await runRefundJobs(t);
    const [refund] = await t.db
      .select()
      .from(payRefunds)
      .where(eq(payRefunds.payOrderId, (await header(o.orderId)).payOrderId ?? ''));
    expect(refund).toMatchObject({ bizType: 'stray-payment', amountFen: 1_200, status: 2 });
  });
});
