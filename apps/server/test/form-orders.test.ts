import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { formOrders, formOrderTakes, formSubmissions, forms, payOrders, payRefunds, sandboxProviderRefunds } from '@/db/schema';
import { PaymentRefusedError, type SandboxPaymentProvider } from '@/integrations/payment';
import { answersOf, createForm, makeApp, payBySandbox, type Person, runRefundJobs, type TestApp } from './helper';

let t: TestApp;
let owner: Person;
let other: Person;
/** 39.90 yuan, verified at the shop with a code. */
let verifyForm: string;
/** 15 yuan, done once paid. */
let plainForm: string;

const LIST = '/Order/FormOrder/list';
const DETAIL = '/Order/FormOrder/detail';
const NOTES = '/Order/FormOrder/notes';
const CANCEL = '/Order/FormOrder/cancel';
const TAKE = '/Order/FormOrder/take';
const VERIFY = '/Order/FormOrder/verificationCode';
const TAKELIST = '/Order/FormOrder/takelist';
const CREATE = '/Order/FromOrder/Create';
const CODE = '/Order/FromOrder/GetSubmitCode';

beforeAll(async () => {
  t = await makeApp();
  [owner, other] = await Promise.all([t.registerOwner('表单订单店'), t.registerOwner('别人的店')]);
  verifyForm = await createForm(t, owner.token, { formName: '烘焙体验课', needPay: 1, price: 39.9, needVerify: true, personLimit: 1 });
  plainForm = await createForm(t, owner.token, { formName: '线上讲座', needPay: 1, price: 15 });
});
afterAll(() => t.close());
afterEach(() => vi.restoreAllMocks());

let visitorSeq = 0;
const newVisitor = () => `order-visitor-${String(++visitorSeq).padStart(6, '0')}`;
let phoneSeq = 0;
const newPhone = () => `1371234${String(++phoneSeq).padStart(4, '0')}`;

interface Placed {
  orderId: string;
  orderNo: string;
  submissionId: string;
  visitor: string;
  phone: string;
  qr_code: string;
}

/** A customer submits a paid form: an unpaid order. */
async function place(formId = verifyForm, token?: string): Promise<Placed> {
  const visitor = newVisitor();
  const phone = newPhone();
  const d = await t.ok(CREATE, { id: formId, visitor, answers: answersOf('下单人', { phone }) }, token);
  return { ...d, visitor, phone };
}

/** A customer submits and pays. */
async function placePaid(formId = verifyForm): Promise<Placed & { code: string }> {
  const o = await place(formId);
  await payBySandbox(t, o.qr_code);
  const { code } = await t.ok(CODE, { orderId: o.orderId, visitor: o.visitor });
  return { ...o, code };
}

const detail = (id: string, token = owner.token) => t.ok(DETAIL, { id }, token);
const orderRow = async (id: string) => (await t.db.select().from(formOrders).where(eq(formOrders.id, id)))[0];
const payRow = async (orderId: string) => (await t.db.select().from(payOrders).where(eq(payOrders.bizId, orderId)))[0];
const refundsOf = async (orderId: string) =>
  t.db
    .select()
    .from(payRefunds)
    .where(eq(payRefunds.payOrderId, (await payRow(orderId)).id));
const applyCount = async (formId: string) => (await t.db.select().from(forms).where(eq(forms.id, formId)))[0].applyCount;
const submissionStatus = async (id: string) => (await t.db.select().from(formSubmissions).where(eq(formSubmissions.id, id)))[0].status;
const sandbox = () => t.services.payment.provider as SandboxPaymentProvider;

describe('paying a form order', () => {
  it('waits as 待支付, then gets an 8-digit code the customer alone can see', async () => {
    const o = await place();
    expect(o.orderNo).toMatch(/^FO\d{14}$/);
    expect(await t.ok(CODE, { orderId: o.orderId, visitor: o.visitor })).toEqual({
      orderNo: o.orderNo,
      status: 0,
      statusText: '待支付',
      needVerify: true,
      code: '',
      amount: 39.9,
      qr_code: '',
    });
    expect(await detail(o.orderId)).toMatchObject({ status: 0, statusText: '待支付', amount: 39.9, payTime: '', phone: o.phone });

    await payBySandbox(t, o.qr_code);
    const mine = await t.ok(CODE, { orderId: o.orderId, visitor: o.visitor });
    expect(mine).toMatchObject({ status: 1, statusText: '待核销', needVerify: true });
    expect(mine.code).toMatch(/^\d{8}$/);
    const d = await detail(o.orderId);
    expect(d).toMatchObject({ status: 1, statusText: '待核销', formName: '烘焙体验课', submissionId: o.submissionId });
    expect(d.payTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(d.timeline.map((x: { text: string }) => x.text)).toEqual(['提交表单，创建订单', '支付成功 ¥39.90']);
    expect((await payRow(o.orderId)).status).toBe(2);
  });

  it('shows the code to nobody but the visitor who ordered', async () => {
    const o = await placePaid();
    for (const visitor of [newVisitor(), 'someone-else-entirely']) {
      expect((await t.call(CODE, { orderId: o.orderId, visitor })).body).toMatchObject({ code: 1004, msg: '订单不存在', data: null });
    }
    expect((await t.call(CODE, { orderId: o.orderId })).body).toMatchObject({ code: 1001, msg: '缺少访客标识' });
  });

  it('completes an order without verification as soon as it is paid', async () => {
    const o = await placePaid(plainForm);
    expect(o.code).toBe('');
    expect(await detail(o.orderId)).toMatchObject({ status: 2, statusText: '已完成', needVerify: false, amount: 15 });
  });

  it('is not paid twice by a repeated confirm', async () => {
    const o = await placePaid();
    await payBySandbox(t, o.qr_code);
    expect(await t.ok(CODE, { orderId: o.orderId, visitor: o.visitor })).toMatchObject({ status: 1, code: o.code });
  });
});

describe('list', () => {
  let shop: Person;
  let formA: string;
  let formB: string;
  const placed: Record<string, Placed> = {};

  beforeAll(async () => {
    shop = await t.registerOwner('订单列表店');
    formA = await createForm(t, shop.token, { formName: '亲子手工', needPay: 1, price: 20, needVerify: true });
    formB = await createForm(t, shop.token, { formName: '夜跑团', needPay: 1, price: 9.9 });
    placed.unpaid = await place(formA);
    placed.paid = await place(formA);
    await payBySandbox(t, placed.paid.qr_code);
    placed.done = await place(formB);
    await payBySandbox(t, placed.done.qr_code);
    placed.cancelled = await place(formB);
    await t.ok(CANCEL, { id: placed.cancelled.orderId, reason: '客户不来了' }, shop.token);
    placed.refunded = await place(formA);
    await payBySandbox(t, placed.refunded.qr_code);
    await t.ok(CANCEL, { id: placed.refunded.orderId, reason: '活动改期' }, shop.token);
    await runRefundJobs(t);
    // One old order, from March 2024.
    placed.old = await place(formB);
    await t.db.execute(sql`update form_orders set created_at = '2024-03-15 23:59:59.700+08' where id = ${placed.old.orderId}`);
  });

  const list = (body: Record<string, unknown> = {}) => t.ok(LIST, body, shop.token);
  type Row = {
    id: string;
    orderNo: string;
    formName: string;
    status: number;
    statusText: string;
    amount: number;
    phone: string;
    createTime: string;
  };
  const idsOf = (d: { rows: Row[] }) => d.rows.map((r) => r.id);

  it('lists every order, newest first, with its form and status', async () => {
    const d = await list();
    expect(d.total_count).toBe(6);
    expect(idsOf(d)).toEqual(['refunded', 'cancelled', 'done', 'paid', 'unpaid', 'old'].map((k) => placed[k].orderId));
    const byId = new Map(d.rows.map((r: Row) => [r.id, r]));
    expect(byId.get(placed.unpaid.orderId)).toMatchObject({ formName: '亲子手工', status: 0, statusText: '待支付', amount: 20 });
    expect(byId.get(placed.paid.orderId)).toMatchObject({ status: 1, statusText: '待核销' });
    expect(byId.get(placed.done.orderId)).toMatchObject({ formName: '夜跑团', status: 2, statusText: '已完成', amount: 9.9 });
    expect(byId.get(placed.cancelled.orderId)).toMatchObject({ status: 3, statusText: '已取消' });
    expect(byId.get(placed.refunded.orderId)).toMatchObject({ status: 4, statusText: '已退款' });
  });

  it.each([
    [0, ['unpaid', 'old']],
    [1, ['paid']],
    [2, ['done']],
    [4, ['refunded']],
  ])('filters by status %i', async (status, keys) => {
    const d = await list({ status });
    expect(idsOf(d)).toEqual(keys.map((k) => placed[k].orderId));
    expect(d.total_count).toBe(keys.length);
  });

  it('filters cancelled orders, unpaid ones included', async () => {
    expect(idsOf(await list({ status: 3 }))).toEqual([placed.cancelled.orderId]);
    expect((await t.call(LIST, { status: 5 }, shop.token)).body.code).toBe(1001);
  });

  it('filters by a keyword in the order number, the phone or the form name', async () => {
    expect(idsOf(await list({ keyword: placed.done.orderNo }))).toEqual([placed.done.orderId]);
    expect(idsOf(await list({ keyword: placed.paid.phone }))).toEqual([placed.paid.orderId]);
    expect((await list({ keyword: '夜跑' })).total_count).toBe(3);
    expect((await list({ keyword: '亲子', status: 0 })).total_count).toBe(1);
  });

  it('filters by a time range, its end included to the second', async () => {
    const march = await list({ stime: '2024-03-15 00:00:00', endtime: '2024-03-15 23:59:59' });
    expect(idsOf(march)).toEqual([placed.old.orderId]);
    expect(march.rows[0].createTime).toBe('2024-03-15 23:59:59');
    expect((await list({ stime: '2024-03-16 00:00:00' })).total_count).toBe(5);
    expect((await list({ endtime: '2024-03-15 23:59:58' })).total_count).toBe(0);
    expect((await t.call(LIST, { stime: '15/03/2024' }, shop.token)).body).toMatchObject({ code: 1001, msg: '时间格式不正确' });
  });

  it('pages and sorts', async () => {
    const p1 = await list({ page_size: 4 });
    const p2 = await list({ page_size: 4, page_index: 2 });
    expect(p1.rows).toHaveLength(4);
    expect(p2.rows).toHaveLength(2);
    expect(new Set([...idsOf(p1), ...idsOf(p2)]).size).toBe(6);
    const byAmount = await list({ sorter: [{ field: 'amount', order: 'asc' }] });
    const amounts = byAmount.rows.map((r: Row) => r.amount);
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
    expect(amounts[0]).toBe(9.9);
  });

  it("never shows another enterprise's orders", async () => {
    await place(verifyForm);
    const d = await t.ok(LIST, { keyword: '烘焙体验课' }, shop.token);
    expect(d.total_count).toBe(0);
    expect((await t.ok(LIST, {}, other.token)).total_count).toBe(0);
  });
});

describe('detail and notes', () => {
  it("shows the customer's answers and keeps the seller's notes", async () => {
    const o = await placePaid();
    const d = await detail(o.orderId);
    expect(d.items.slice(0, 3)).toEqual([
      { lbText: '姓名', itemType: 1, formDecimal: null, formText: '下单人', startTime: '' },
      { lbText: '手机号', itemType: 3, formDecimal: null, formText: o.phone, startTime: '' },
      { lbText: '年龄', itemType: 0, formDecimal: 18.5, formText: '18.5', startTime: '' },
    ]);
    expect(d).toMatchObject({ sellerNotes: '', cancelReason: '', refundTime: '', verifyTime: '', verifyBy: '' });
    const r = await t.call(NOTES, { id: o.orderId, notes: '  靠窗的位置  ' }, owner.token);
    expect(r.body).toMatchObject({ code: 0, msg: '备注已保存' });
    expect((await detail(o.orderId)).sellerNotes).toBe('靠窗的位置');
    await t.ok(NOTES, { id: o.orderId, notes: '' }, owner.token);
    expect((await detail(o.orderId)).sellerNotes).toBe('');
  });

  it('refuses notes over 500 characters', async () => {
    const o = await place();
    expect((await t.call(NOTES, { id: o.orderId, notes: '字'.repeat(501) }, owner.token)).body).toMatchObject({
      code: 1001,
      msg: '备注不能超过500个字',
    });
  });
});

describe('cancel', () => {
  it('needs a reason', async () => {
    const o = await place();
    for (const reason of [undefined, '', '   ']) {
      expect((await t.call(CANCEL, { id: o.orderId, reason }, owner.token)).body).toMatchObject({ code: 1001, msg: '请输入取消原因' });
    }
    expect((await orderRow(o.orderId)).status).toBe(0);
  });

  it('cancels an unpaid order: its payment is closed and its place freed', async () => {
    const o = await place();
    const before = await applyCount(verifyForm);
    const r = await t.call(CANCEL, { id: o.orderId, reason: '重复下单' }, owner.token);
    expect(r.body).toMatchObject({ code: 0, msg: '订单已取消' });
    const d = await detail(o.orderId);
    expect(d).toMatchObject({ status: 3, statusText: '已取消', cancelReason: '重复下单', refundTime: '' });
    expect(d.timeline.at(-1).text).toBe('取消订单：重复下单');
    expect((await payRow(o.orderId)).status).toBe(3);
    expect(await applyCount(verifyForm)).toBe(before - 1);
    expect(await submissionStatus(o.submissionId)).toBe(-1);
    // The customer may sign up again (personLimit 1), and sees the order cancelled.
    expect(await t.ok('/Order/FromOrder/GetSubmitNum', { id: verifyForm, visitor: o.visitor })).toMatchObject({ count: 0, left: 1 });
    expect(await t.ok(CODE, { orderId: o.orderId, visitor: o.visitor })).toMatchObject({ status: 3, statusText: '已取消', code: '' });
    // Paying the closed order late changes nothing.
    await payBySandbox(t, o.qr_code);
    expect((await orderRow(o.orderId)).status).toBe(3);
    expect((await payRow(o.orderId)).status).toBe(3);
    expect(await applyCount(verifyForm)).toBe(before - 1);
  });

  it('refunds a paid order through the payment provider, once, and ends it 已退款', async () => {
    const o = await placePaid();
    const before = await applyCount(verifyForm);
    const refund = vi.spyOn(sandbox(), 'refund');
    const r = await t.call(CANCEL, { id: o.orderId, reason: '活动取消' }, owner.token);
    expect(r.body).toMatchObject({ code: 0, msg: '订单已取消' });
    // The refund is a job sent with the cancel: no provider call inside it.
    expect(refund).toHaveBeenCalledTimes(0);
    expect(await detail(o.orderId)).toMatchObject({ status: 3, statusText: '已取消' });
    await runRefundJobs(t);
    expect(refund).toHaveBeenCalledTimes(1);
    expect(refund.mock.calls[0][0]).toMatchObject({ amountFen: 3990, reason: '取消订单：活动取消' });
    const d = await detail(o.orderId);
    expect(d).toMatchObject({ status: 4, statusText: '已退款', cancelReason: '活动取消' });
    expect(d.refundTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(d.timeline.map((x: { text: string }) => x.text).slice(-2)).toEqual(['取消订单：活动取消', '已原路退款']);
    expect(await payRow(o.orderId)).toMatchObject({ status: 4, refundedFen: 3990 });
    expect((await refundsOf(o.orderId)).map((x) => [x.amountFen, x.status])).toEqual([[3990, 2]]);
    expect(await applyCount(verifyForm)).toBe(before - 1);
    // The code no longer works, and the customer sees the refund.
    expect((await t.call(VERIFY, { code: o.code }, owner.token)).body).toMatchObject({ code: 1, msg: '订单已退款，不能核销' });
    expect(await t.ok(CODE, { orderId: o.orderId, visitor: o.visitor })).toMatchObject({ status: 4, statusText: '已退款', code: '' });
  });

  it('refuses to cancel an order twice, or one already verified', async () => {
    const unpaid = await place();
    await t.ok(CANCEL, { id: unpaid.orderId, reason: '一' }, owner.token);
    expect((await t.call(CANCEL, { id: unpaid.orderId, reason: '二' }, owner.token)).body).toMatchObject({ code: 1, msg: '订单已取消' });
    const paid = await placePaid();
    await t.ok(CANCEL, { id: paid.orderId, reason: '一' }, owner.token);
    // Pressed again while its refund is on its way: the same refund, nothing more.
    await t.ok(CANCEL, { id: paid.orderId, reason: '二' }, owner.token);
    expect(await refundsOf(paid.orderId)).toHaveLength(1);
    await runRefundJobs(t);
    expect((await t.call(CANCEL, { id: paid.orderId, reason: '二' }, owner.token)).body).toMatchObject({ code: 1, msg: '订单已退款' });
    expect(await refundsOf(paid.orderId)).toHaveLength(1);
    const done = await placePaid();
    await t.ok(VERIFY, { code: done.code }, owner.token);
    expect((await t.call(CANCEL, { id: done.orderId, reason: '想退' }, owner.token)).body).toMatchObject({
      code: 1,
      msg: '订单已核销，不能取消',
    });
    expect((await orderRow(done.orderId)).status).toBe(2);
  });

  it('lets the merchant try the refund again when the provider refused it', async () => {
    const o = await placePaid();
    vi.spyOn(sandbox(), 'refund').mockRejectedValueOnce(new PaymentRefusedError('商户余额不足'));
    const first = await t.call(CANCEL, { id: o.orderId, reason: '场地维修' }, owner.token);
    expect(first.body).toMatchObject({ code: 0, msg: '订单已取消' });
    await runRefundJobs(t);
    expect(await payRow(o.orderId)).toMatchObject({ status: 2, refundedFen: 0 });
    expect(await detail(o.orderId)).toMatchObject({ status: 3, statusText: '已取消' });
    const again = await t.call(CANCEL, { id: o.orderId, reason: '场地维修' }, owner.token);
    expect(again.body).toMatchObject({ code: 0, msg: '订单已取消' });
    await runRefundJobs(t);
    expect(await detail(o.orderId)).toMatchObject({ status: 4, statusText: '已退款', cancelReason: '场地维修' });
    expect(await payRow(o.orderId)).toMatchObject({ status: 4, refundedFen: 3990 });
    expect((await refundsOf(o.orderId)).map((x) => x.status).sort()).toEqual([2, 3]);
  });

  it('finishes a refund whose answer was lost with the same refund number when the merchant cancels again', async () => {
    const o = await placePaid();
    // The provider refunds, and its answer never arrives (a timeout): the outcome is unknown here.
    const real = sandbox().refund.bind(sandbox());
    vi.spyOn(sandbox(), 'refund').mockImplementationOnce(async (input) => {
      await real(input);
      throw new Error('timeout');
    });
    const first = await t.call(CANCEL, { id: o.orderId, reason: '场地维修' }, owner.token);
    expect(first.body).toMatchObject({ code: 0, msg: '订单已取消' });
    await runRefundJobs(t); // the job's first try: the answer is lost, so it waits for its retry
    expect(await detail(o.orderId)).toMatchObject({ status: 3, statusText: '已取消' });
    const [pending] = await refundsOf(o.orderId);
    expect(pending.status).toBe(1);

    const again = await t.call(CANCEL, { id: o.orderId, reason: '场地维修' }, owner.token);
    expect(again.body).toMatchObject({ code: 0, msg: '订单已取消' });
    await runRefundJobs(t); // its retry asks the provider with the same number
    expect(await detail(o.orderId)).toMatchObject({ status: 4, statusText: '已退款' });
    expect((await refundsOf(o.orderId)).map((x) => [x.refundNo, x.status])).toEqual([[pending.refundNo, 2]]);
    const pay = await payRow(o.orderId);
    const atProvider = await t.db.select().from(sandboxProviderRefunds).where(eq(sandboxProviderRefunds.outTradeNo, pay.outTradeNo));
    expect(atProvider.map((x) => [x.refundNo, x.amountFen])).toEqual([[pending.refundNo, 3990]]);
    expect(pay).toMatchObject({ status: 4, refundedFen: 3990 });
  });
});

describe('take and verificationCode', () => {
  it('verifies a paid order from its detail page, once', async () => {
    const o = await placePaid();
    const r = await t.call(TAKE, { id: o.orderId }, owner.token);
    expect(r.body).toMatchObject({ code: 0, msg: '核销成功' });
    const d = await detail(o.orderId);
    expect(d).toMatchObject({ status: 2, statusText: '已完成', verifyBy: `用户${owner.phone.slice(-4)}` });
    expect(d.verifyTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(d.timeline.at(-1).text).toBe('到店核销');
    expect((await t.call(TAKE, { id: o.orderId }, owner.token)).body).toMatchObject({ code: 1, msg: '该订单已核销，请勿重复核销' });
    expect(await t.ok(CODE, { orderId: o.orderId, visitor: o.visitor })).toMatchObject({ status: 2, statusText: '已完成', code: o.code });
  });

  it('refuses to verify an unpaid order', async () => {
    const o = await place();
    expect((await t.call(TAKE, { id: o.orderId }, owner.token)).body).toMatchObject({ code: 1, msg: '订单待支付，不能核销' });
    expect((await orderRow(o.orderId)).status).toBe(0);
  });

  it('verifies the order of an 8-digit code and answers it; a second time is refused', async () => {
    const o = await placePaid();
    const r = await t.call(VERIFY, { code: o.code }, owner.token);
    expect(r.body).toMatchObject({
      code: 0,
      msg: '核销成功',
      data: { id: o.orderId, orderNo: o.orderNo, status: 2, statusText: '已完成' },
    });
    const again = await t.call(VERIFY, { code: o.code }, owner.token);
    expect(again.body).toMatchObject({ code: 1, msg: '该订单已核销，请勿重复核销' });
    expect(await t.db.select().from(formOrderTakes).where(eq(formOrderTakes.orderId, o.orderId))).toHaveLength(1);
  });

  it('refuses a code that is not 8 digits or matches no order', async () => {
    expect((await t.call(VERIFY, { code: '1234' }, owner.token)).body).toMatchObject({ code: 1001, msg: '核销码为8位数字' });
    expect((await t.call(VERIFY, { code: 'abcdefgh' }, owner.token)).body).toMatchObject({ code: 1001, msg: '核销码为8位数字' });
    expect((await t.call(VERIFY, {}, owner.token)).body).toMatchObject({ code: 1001, msg: '请输入核销码' });
    expect((await t.call(VERIFY, { code: '00000000' }, owner.token)).body).toMatchObject({ code: 1, msg: '核销码不存在' });
  });

  it('lists verifications with the order, form, code and who did it', async () => {
    const shop = await t.registerOwner('核销记录店');
    const form = await createForm(t, shop.token, { formName: '咖啡课', needPay: 1, price: 1, needVerify: true });
    const a = await place(form);
    await payBySandbox(t, a.qr_code);
    const b = await place(form);
    await payBySandbox(t, b.qr_code);
    const codeA = (await t.ok(CODE, { orderId: a.orderId, visitor: a.visitor })).code;
    await t.ok(VERIFY, { code: codeA }, shop.token);
    const member = await t.addMember(shop.renterId, ['FormOrderList']);
    await t.ok(TAKE, { id: b.orderId }, member.token);
    const list = await t.ok(TAKELIST, {}, shop.token);
    expect(list.total_count).toBe(2);
    expect(list.rows.map((r: { orderNo: string; formName: string; staffName: string }) => [r.orderNo, r.formName, r.staffName])).toEqual([
      [b.orderNo, '咖啡课', `用户${member.phone.slice(-4)}`],
      [a.orderNo, '咖啡课', `用户${shop.phone.slice(-4)}`],
    ]);
    expect(list.rows[1].code).toBe(codeA);
    expect((await t.ok(TAKELIST, { keyword: codeA }, shop.token)).rows.map((r: { orderNo: string }) => r.orderNo)).toEqual([a.orderNo]);
    expect((await t.ok(TAKELIST, { keyword: b.orderNo }, shop.token)).total_count).toBe(1);
    expect((await t.ok(TAKELIST, { endtime: '2024-01-01 00:00:00' }, shop.token)).total_count).toBe(0);
    expect((await t.ok(TAKELIST, {}, other.token)).total_count).toBe(0);
  });
});

describe("another enterprise's orders behave as missing", () => {
  let theirs: Placed & { code: string };
  let theirForm: string;

  beforeAll(async () => {
    theirForm = await createForm(t, other.token, { formName: '别人的付费表单', needPay: 1, price: 5, needVerify: true });
    theirs = await placePaid(theirForm);
  });

  it('on detail, notes, cancel, take and verificationCode, and nothing changes', async () => {
    const missing = { code: 1004, msg: '订单不存在', data: null };
    expect((await t.call(DETAIL, { id: theirs.orderId }, owner.token)).body).toMatchObject(missing);
    expect((await t.call(NOTES, { id: theirs.orderId, notes: '改一下' }, owner.token)).body).toMatchObject(missing);
    expect((await t.call(CANCEL, { id: theirs.orderId, reason: '恶意取消' }, owner.token)).body).toMatchObject(missing);
    expect((await t.call(TAKE, { id: theirs.orderId }, owner.token)).body).toMatchObject(missing);
    expect((await t.call(VERIFY, { code: theirs.code }, owner.token)).body).toMatchObject({ code: 1, msg: '核销码不存在' });
    const row = await orderRow(theirs.orderId);
    expect(row).toMatchObject({ status: 1, sellerNotes: '', cancelReason: '' });
    expect((await payRow(theirs.orderId)).status).toBe(2);
    expect(await detail(theirs.orderId, other.token)).toMatchObject({ status: 1 });
  });

  it("with another enterprise's submission id read as an order id", async () => {
    expect((await t.call(DETAIL, { id: theirs.submissionId }, other.token)).body).toMatchObject({ code: 1004, msg: '订单不存在' });
  });
});
