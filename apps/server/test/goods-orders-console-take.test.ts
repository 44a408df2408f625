import { GOODS_ORDER_PAID_EVENT } from '@shop/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goodsOrders, goodsOrderTakes, payRefunds } from '@/db/schema';
import { devLogistics, devTimeline } from '@/integrations/logistics';
import { AREA, makeApp, type Person, runRefundJobs, type TestApp } from './helper';
import { orderOf, payOf } from './goods-orders-fixtures';
import { order, P } from './goods-orders-console-fixtures';
import { raceIt } from './race';

let t: TestApp;
let owner: Person;

beforeAll(async () => {
  t = await makeApp();
  owner = await t.registerOwner('自提核销店');
});
afterAll(() => t.close());

const call = (name: string, body: object, token = owner.token) => t.call(`${P}${name}`, body, token);

describe('pick-up verification', () => {
  it('previews the order of a code, verifies it once, and lists the verification', async () => {
    const o = await order(t, owner.renterId, { pickup: true, title: '到店取月饼' });
    const code = (await orderOf(t, o.id)).pickupCode as string;
    expect(code).toMatch(/^\d{8}$/);
    const pre = await call('takeOrder', { code });
    expect(pre.body.data).toMatchObject({ id: o.id, orderNo: o.orderNo, status: 1, takeable: true, refusal: '' });
    expect((await call('takeOrder', { code: '1234' })).body).toMatchObject({ code: 1001, msg: expect.stringContaining('核销码为8位数字') });
    const wrong = code === '99999999' ? '99999998' : '99999999';
    expect((await call('takeOrder', { code: wrong })).body).toMatchObject({ msg: '核销码不存在' });
    const v = await call('verificationCode', { code });
    expect(v.body).toMatchObject({ code: 0, msg: '核销成功', data: { status: 3, statusText: '已完成', takeable: false } });
    expect((await call('verificationCode', { code })).body).toMatchObject({ msg: '该订单已核销，请勿重复核销' });
    expect((await call('takeOrder', { code })).body.data).toMatchObject({ takeable: false, refusal: '该订单已核销，请勿重复核销' });
    const list = await t.ok(`${P}takeList`, { keyword: code }, owner.token);
    expect(list.total_count).toBe(1);
    expect(list.rows[0]).toMatchObject({ orderNo: o.orderNo, code, title: '到店取月饼' });
    expect(list.rows[0].staffName).not.toBe('');
    expect((await t.ok(`${P}takeList`, { keyword: o.orderNo }, owner.token)).total_count).toBe(1);
    expect((await orderOf(t, o.id)).completedAt).not.toBeNull();
  });

  raceIt('verifies a code once when 8 counters enter it at once', async () => {
    const o = await order(t, owner.renterId, { pickup: true });
    const code = (await orderOf(t, o.id)).pickupCode as string;
    const answers = await Promise.all(Array.from({ length: 8 }, () => call('verificationCode', { code })));
    expect(answers.filter((a) => a.body.code === 0)).toHaveLength(1);
    expect(answers.filter((a) => a.body.code !== 0).map((a) => a.body.msg)).toEqual(Array(7).fill('该订单已核销，请勿重复核销'));
    expect(await t.db.select().from(goodsOrderTakes).where(eq(goodsOrderTakes.orderId, o.id))).toHaveLength(1);
  });

  it('refuses to verify an unpaid or closed pick-up order', async () => {
    const o = await order(t, owner.renterId, { pickup: true });
    const code = (await orderOf(t, o.id)).pickupCode as string;
    await t.ok(`${P}CancelOrder`, { id: o.id, reason: '商品缺货' }, owner.token);
    expect((await call('verificationCode', { code })).body).toMatchObject({ msg: '订单已关闭，不能核销' });
  });
});

describe('pick-up point verifiers', () => {
  it('lets only the staff a point names (and the owner) verify its codes', async () => {
    const clerk = await t.addMember(owner.renterId, ['GoodsOrderList', 'distributionSet']);
    const counter = await t.addMember(owner.renterId, ['GoodsOrderList']);
    const clerkStaff = (await t.ok('/LesseePick/LesseePick/PickStaffOptions', { keyword: clerk.phone }, owner.token))[0];
    const point = await t.ok(
      '/LesseePick/LesseePick/SavePick',
      {
        name: '指定核销点',
        area: AREA,
        address: '科技园南区1栋',
        lng: 113.95,
        lat: 22.54,
        phone: '0755-88886666',
        days: [1, 2, 3, 4, 5],
        hours: [{ start: '09:00', end: '18:00' }],
        staffIds: [clerkStaff.id],
      },
      owner.token,
    );
    const o = await order(t, owner.renterId, { pickup: true });
    await t.db.update(goodsOrders).set({ pickupPointId: point.id }).where(eq(goodsOrders.id, o.id));
    const code = (await orderOf(t, o.id)).pickupCode as string;
    expect((await call('verificationCode', { code }, counter.token)).body).toMatchObject({ msg: '您不是该自提点的核销员' });
    expect((await orderOf(t, o.id)).status).toBe(1);
    expect((await call('verificationCode', { code }, clerk.token)).body).toMatchObject({ code: 0, msg: '核销成功' });
  });
});

describe('cancel under concurrency', () => {
  raceIt('refunds a paid order once when it is cancelled 5 times at once', async () => {
    const o = await order(t, owner.renterId, { qty: [2] });
    const answers = await Promise.all(Array.from({ length: 5 }, () => call('CancelOrder', { id: o.id, reason: '商品缺货' })));
    expect(answers.filter((a) => a.body.code === 0).length).toBeGreaterThanOrEqual(1);
    await runRefundJobs(t);
    const row = await orderOf(t, o.id);
    expect(row).toMatchObject({ status: 4, paidFen: 10_000, refundedFen: 10_000 });
    const pay = await payOf(t, o.id);
    const refunds = await t.db.select().from(payRefunds).where(eq(payRefunds.payOrderId, pay.id));
    expect(refunds.reduce((n, r) => n + (r.status === 2 ? r.amountFen : 0), 0)).toBe(10_000);
    expect(refunds.length).toBe(1);
  });
});

describe('the paid-order notice', () => {
  it('pushes the order number and amount to the enterprise’s console, once', async () => {
    const o = await order(t, owner.renterId, { priceFen: 12_345 });
    await t.services.jobs.runDue(['outbox.dispatch']);
    await t.services.jobs.runDue(['outbox.dispatch']);
    const data = t.hub.data.filter((d) => d.event === GOODS_ORDER_PAID_EVENT && (d.payload as { orderId: string }).orderId === o.id);
    expect(data).toEqual([
      {
        to: `renter:${owner.renterId}`,
        event: GOODS_ORDER_PAID_EVENT,
        payload: expect.objectContaining({ orderNo: o.orderNo, amount: 123.45 }),
      },
    ]);
    const spoken = t.hub.pushed.filter((p) => p.event === 'receiveTTSNotice' && p.payload.message.includes(o.orderNo));
    expect(spoken).toHaveLength(1);
    expect(spoken[0].payload).toMatchObject({
      title: '您有新的订单',
      message: expect.stringContaining('¥123.45'),
      link: `/GoodsOrderDetail?id=${o.id}`,
    });
  });
});

describe('export', () => {
  it('builds the filtered list as .xlsx in the background', async () => {
    const o = await order(t, owner.renterId, { title: '导出专用茶' });
    expect((await call('ExportOrders', { goodsTitle: '没有这种商品' })).body).toMatchObject({ msg: '没有符合条件的订单可导出' });
    const task = await call('ExportOrders', { goodsTitle: '导出专用茶' });
    expect(task.body).toMatchObject({ code: 0, msg: '正在导出1个订单', data: { total: 1, status: 0 } });
    await t.services.jobs.runDue(['exports.build']);
    const info = await t.ok(`${P}ExportInfo`, { id: task.body.data.id }, owner.token);
    expect(info).toMatchObject({ status: 1, done: 1 });
    const file = await t.app.inject({
      method: 'POST',
      url: `${P}ExportDownload`,
      headers: { token: owner.token },
      payload: { id: task.body.data.id },
    });
    expect(file.headers['content-type']).toContain('spreadsheetml');
    expect(file.rawPayload.length).toBeGreaterThan(1000);
    expect(o.orderNo).toMatch(/^G/);
  });
});

describe('the dev logistics service', () => {
  const shipped = new Date('2025-03-01T08:00:00Z');
  it('answers the same timeline for the same parcel, and another for another number', () => {
    const a = devTimeline('SF', 'SF100200300', shipped);
    expect(devTimeline('SF', 'SF100200300', shipped)).toEqual(a);
    expect(devTimeline('SF', 'SF100200301', shipped)).not.toEqual(a);
    expect(a[0].text).toContain('已揽收');
    expect(a.at(-1)?.text).toContain('已签收');
    for (let i = 1; i < a.length; i++) expect(a[i].at.getTime()).toBeGreaterThan(a[i - 1].at.getTime());
    const states = a.map((x) => x.state);
    expect(states).toEqual([...states].sort());
    expect(new Set(states)).toEqual(new Set([1, 2, 3, 4]));
  });

  it('moves on as time passes: 待揽收, 已揽收, 运输中, 派送中, 已签收', async () => {
    const steps = devTimeline('ZTO', 'ZT778899', shipped);
    const at = async (d: Date) => devLogistics.query({ company: 'ZTO', trackingNo: 'ZT778899', shippedAt: shipped, now: d });
    expect(await at(shipped)).toEqual({ state: 0, traces: [] });
    const collected = await at(steps[0].at);
    expect(collected.state).toBe(1);
    expect(collected.traces).toHaveLength(1);
    expect((await at(steps[1].at)).state).toBe(2);
    const delivering = steps.findIndex((s) => s.state === 3);
    expect((await at(steps[delivering].at)).state).toBe(3);
    const done = await at(new Date(shipped.getTime() + 30 * 86_400_000));
    expect(done.state).toBe(4);
    expect(done.traces).toHaveLength(steps.length);
    expect(done.traces[0].text).toContain('已签收');
  });
});
