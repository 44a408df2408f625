import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formOrders, formOrderTakes, goodsOrders, goodsOrderTakes } from '@/db/schema';
import { AREA, answersOf, createForm, makeApp, payBySandbox, type Person, type TestApp } from './helper';
import { orderOf } from './goods-orders-fixtures';
import { order } from './goods-orders-console-fixtures';
import { raceIt } from './race';

// 核销工具 / 核销记录 (/Order/Verify/…, apps/server/src/modules/orders/verify/README.md).
const V = '/Order/Verify/';

let t: TestApp;
let owner: Person;
let other: Person;
let formId: string;

beforeAll(async () => {
  t = await makeApp();
  owner = await t.registerOwner('核销工具店');
  other = await t.registerOwner('隔壁核销店');
  formId = await createForm(t, owner.token, { formName: '到店体验课', needPay: 1, price: 39.9, needVerify: true });
});
afterAll(() => t.close());

const call = (name: string, body: object, token = owner.token) => t.call(`${V}${name}`, body, token);

async function pickupOrder(renterId = owner.renterId, title = '到店取蛋糕') {
  const o = await order(t, renterId, { pickup: true, title });
  return { ...o, code: (await orderOf(t, o.id)).pickupCode as string };
}

let visitorSeq = 0;
async function formOrder() {
  const visitor = `verify-tool-visitor-${++visitorSeq}`;
  const o = await t.ok('/Order/FromOrder/Create', { id: formId, visitor, answers: answersOf('李四') });
  await payBySandbox(t, o.qr_code);
  const { code } = await t.ok('/Order/FromOrder/GetSubmitCode', { orderId: o.orderId, visitor });
  return { id: o.orderId as string, orderNo: o.orderNo as string, code: code as string };
}

describe('recognising a code', () => {
  it('shows a paid pick-up order before it is verified, then verifies it once', async () => {
    const o = await pickupOrder();
    const { matches } = await t.ok(`${V}Check`, { code: ` ${o.code} ` }, owner.token);
    expect(matches).toHaveLength(1);
    expect(matches[0]).toMatchObject({
      kind: 'pickup',
      kindText: '自提订单',
      id: o.id,
      orderNo: o.orderNo,
      statusText: '待发货',
      amount: 50,
      phone: o.member.phone,
      takeable: true,
      refusal: '',
      lines: [expect.objectContaining({ title: '到店取蛋糕', qty: 1 })],
    });
    const done = await call('Take', { code: o.code, kind: 'pickup' });
    expect(done.body).toMatchObject({ code: 0, msg: '核销成功', data: { statusText: '已完成', takeable: false } });
    expect(done.body.data.takeStaff).not.toBe('');
    expect((await call('Take', { code: o.code, kind: 'pickup' })).body.msg).toBe('该订单已核销，请勿重复核销');
    const again = (await t.ok(`${V}Check`, { code: o.code }, owner.token)).matches[0];
    expect(again).toMatchObject({ takeable: false, refusal: '该订单已核销，请勿重复核销' });
    expect(again.takeTime).not.toBe('');
  });

  it('shows a form order with its form and the submitter’s answers', async () => {
    const f = await formOrder();
    const { matches } = await t.ok(`${V}Check`, { code: f.code }, owner.token);
    expect(matches).toEqual([
      expect.objectContaining({
        kind: 'form',
        kindText: '表单订单',
        orderNo: f.orderNo,
        formName: '到店体验课',
        amount: 39.9,
        takeable: true,
      }),
    ]);
    expect(matches[0].answers).toContainEqual({ label: expect.any(String), value: '李四' });
    expect((await call('Take', { code: f.code, kind: 'form' })).body).toMatchObject({
      code: 0,
      msg: '核销成功',
      data: { statusText: '已完成' },
    });
    expect((await call('Take', { code: f.code, kind: 'form' })).body.msg).toBe('该订单已核销，请勿重复核销');
  });

  it('shows both orders when a pick-up code and a form code are the same, and verifies the one chosen', async () => {
    const f = await formOrder();
    const g = await pickupOrder();
    await t.db.update(goodsOrders).set({ pickupCode: f.code }).where(eq(goodsOrders.id, g.id));
    const { matches } = await t.ok(`${V}Check`, { code: f.code }, owner.token);
    expect(matches.map((m: { kind: string; id: string }) => [m.kind, m.id])).toEqual([
      ['pickup', g.id],
      ['form', f.id],
    ]);
    await t.ok(`${V}Take`, { code: f.code, kind: 'form' }, owner.token);
    expect((await orderOf(t, g.id)).status).toBe(1);
    const after = (await t.ok(`${V}Check`, { code: f.code }, owner.token)).matches;
    expect(after.map((m: { takeable: boolean }) => m.takeable)).toEqual([true, false]);
    await t.ok(`${V}Take`, { code: f.code, kind: 'pickup' }, owner.token);
    expect((await orderOf(t, g.id)).status).toBe(3);
  });

  it('refuses coupon and time-card codes, codes of no known form and unknown codes, each clearly', async () => {
    const refused = async (code: string) => (await call('Check', { code })).body.msg;
    expect(await refused('123456789012')).toBe('这是优惠券券码，优惠券核销功能尚未开通');
    expect(await refused('T1234567890')).toBe('这是次卡核销码，次卡核销功能尚未开通');
    expect(await refused('t 1234 567 890')).toBe('这是次卡核销码，次卡核销功能尚未开通');
    expect(await refused('12345')).toBe('核销码格式不正确');
    expect(await refused('ABCDEFGH')).toBe('核销码格式不正确');
    expect(await refused('')).toBe('请输入核销码');
    expect(await refused('00000001')).toBe('核销码不存在');
    expect((await call('Take', { code: '1234', kind: 'pickup' })).body.msg).toContain('核销码为8位数字');
    expect((await call('Take', { code: '00000001', kind: 'form' })).body.msg).toBe('核销码不存在');
  });

  it('says why a closed pick-up order cannot be verified', async () => {
    const o = await pickupOrder();
    await t.ok('/Order/GoodsOrder/CancelOrder', { id: o.id, reason: '商品缺货' }, owner.token);
    const m = (await t.ok(`${V}Check`, { code: o.code }, owner.token)).matches[0];
    expect(m).toMatchObject({ statusText: '已关闭', takeable: false, refusal: '订单已关闭，不能核销' });
    expect((await call('Take', { code: o.code, kind: 'pickup' })).body.msg).toBe('订单已关闭，不能核销');
  });
});

describe('concurrency', () => {
  raceIt('verifies one code once when 8 counters confirm it at once (the tool and the order list racing too)', async () => {
    const o = await pickupOrder();
    const answers = await Promise.all([
      ...Array.from({ length: 6 }, () => call('Take', { code: o.code, kind: 'pickup' })),
      ...Array.from({ length: 2 }, () => t.call('/Order/GoodsOrder/verificationCode', { code: o.code }, owner.token)),
    ]);
    expect(answers.filter((a) => a.body.code === 0)).toHaveLength(1);
    expect(answers.filter((a) => a.body.code !== 0).map((a) => a.body.msg)).toEqual(Array(7).fill('该订单已核销，请勿重复核销'));
    expect(await t.db.select().from(goodsOrderTakes).where(eq(goodsOrderTakes.orderId, o.id))).toHaveLength(1);

    const f = await formOrder();
    const forms = await Promise.all(Array.from({ length: 8 }, () => call('Take', { code: f.code, kind: 'form' })));
    expect(forms.filter((a) => a.body.code === 0)).toHaveLength(1);
    expect(await t.db.select().from(formOrderTakes).where(eq(formOrderTakes.orderId, f.id))).toHaveLength(1);
    expect((await t.db.select().from(formOrders).where(eq(formOrders.id, f.id)))[0].status).toBe(2);
  });
});

describe('who may verify', () => {
  it('lets a clerk with only 核销工具 verify, and refuses one without it', async () => {
    const clerk = await t.addMember(owner.renterId, ['verificationTool']);
    const reader = await t.addMember(owner.renterId, ['verificationTool'], { exact: true });
    const orders = await t.addMember(owner.renterId, ['GoodsOrderList', 'TakeList']);
    const o = await pickupOrder();
    expect((await call('Check', { code: o.code }, orders.token)).body).toMatchObject({ code: 1003, msg: '没有权限执行此操作' });
    expect((await call('Take', { code: o.code, kind: 'pickup' }, orders.token)).body).toMatchObject({ code: 1003 });
    expect((await call('Check', { code: o.code }, reader.token)).body.code).toBe(0);
    expect((await call('Take', { code: o.code, kind: 'pickup' }, reader.token)).body).toMatchObject({ code: 1003 });
    expect((await call('Take', { code: o.code, kind: 'pickup' }, clerk.token)).body).toMatchObject({ code: 0, msg: '核销成功' });
    expect((await call('List', {}, clerk.token)).body).toMatchObject({ code: 1003 });
    expect((await call('List', { keyword: o.code }, orders.token)).body.data.total_count).toBe(1);
  });

  it('keeps a pick-up point’s codes to its verifiers (and the owner), in the check and in the take', async () => {
    const named = await t.addMember(owner.renterId, ['verificationTool']);
    const stranger = await t.addMember(owner.renterId, ['verificationTool']);
    const [staffOpt] = await t.ok('/LesseePick/LesseePick/PickStaffOptions', { keyword: named.phone }, owner.token);
    const point = await t.ok(
      '/LesseePick/LesseePick/SavePick',
      {
        name: '南山核销点',
        area: AREA,
        address: '科技园南区2栋',
        lng: 113.95,
        lat: 22.54,
        phone: '0755-88886666',
        days: [1, 2, 3, 4, 5],
        hours: [{ start: '09:00', end: '18:00' }],
        staffIds: [staffOpt.id],
      },
      owner.token,
    );
    const o = await pickupOrder();
    await t.db.update(goodsOrders).set({ pickupPointId: point.id }).where(eq(goodsOrders.id, o.id));
    const seen = (await t.ok(`${V}Check`, { code: o.code }, stranger.token)).matches[0];
    expect(seen).toMatchObject({ pickupPointName: '南山核销点', takeable: false, refusal: '您不是该自提点的核销员' });
    expect((await call('Take', { code: o.code, kind: 'pickup' }, stranger.token)).body.msg).toBe('您不是该自提点的核销员');
    expect((await t.ok(`${V}Check`, { code: o.code }, named.token)).matches[0].takeable).toBe(true);
    expect((await call('Take', { code: o.code, kind: 'pickup' }, named.token)).body).toMatchObject({ code: 0 });
    const row = (await t.ok(`${V}List`, { keyword: o.code }, owner.token)).rows[0];
    expect(row).toMatchObject({ kind: 'pickup', pickupPointName: '南山核销点', orderNo: o.orderNo });
  });
});

describe('another enterprise', () => {
  it('cannot see or verify this enterprise’s codes, nor list its verifications', async () => {
    const o = await pickupOrder();
    const f = await formOrder();
    for (const code of [o.code, f.code]) {
      expect((await call('Check', { code }, other.token)).body.msg).toBe('核销码不存在');
      expect((await call('Take', { code, kind: 'pickup' }, other.token)).body.msg).toBe('核销码不存在');
      expect((await call('Take', { code, kind: 'form' }, other.token)).body.msg).toBe('核销码不存在');
    }
    await t.ok(`${V}Take`, { code: o.code, kind: 'pickup' }, owner.token);
    expect((await t.ok(`${V}List`, {}, other.token)).total_count).toBe(0);
    expect((await orderOf(t, o.id)).status).toBe(3);
  });
});

describe('核销记录', () => {
  it('lists both kinds by time, pages across them, and filters by kind, staff, keyword and time', async () => {
    const shop = await t.registerOwner('核销记录店');
    const form = await createForm(t, shop.token, { formName: '记录体验课', needPay: 1, price: 10, needVerify: true });
    const clerk = await t.addMember(shop.renterId, ['verificationTool']);
    const done: { kind: string; orderNo: string; code: string }[] = [];
    for (let i = 0; i < 3; i++) {
      const g = await pickupOrder(shop.renterId, `记录蛋糕${i}`);
      await t.ok(`${V}Take`, { code: g.code, kind: 'pickup' }, i === 1 ? clerk.token : shop.token);
      done.push({ kind: 'pickup', orderNo: g.orderNo, code: g.code });
      const visitor = `verify-list-visitor-${i}`;
      const f = await t.ok('/Order/FromOrder/Create', { id: form, visitor, answers: answersOf() });
      await payBySandbox(t, f.qr_code);
      const { code } = await t.ok('/Order/FromOrder/GetSubmitCode', { orderId: f.orderId, visitor });
      await t.ok(`${V}Take`, { code, kind: 'form' }, shop.token);
      done.push({ kind: 'form', orderNo: f.orderNo, code });
    }
    const all = await t.ok(`${V}List`, { page_size: 20 }, shop.token);
    expect(all.total_count).toBe(6);
    expect(all.rows.map((r: { orderNo: string }) => r.orderNo)).toEqual(done.map((d) => d.orderNo).reverse());
    expect(all.rows[0]).toMatchObject({ kind: 'form', kindText: '表单订单', what: '记录体验课', amount: 10 });
    expect(all.rows[1]).toMatchObject({ kind: 'pickup', kindText: '自提订单', what: '记录蛋糕2', amount: 50 });
    const pages = [];
    for (let p = 1; p <= 3; p++) pages.push(...(await t.ok(`${V}List`, { page_index: p, page_size: 2 }, shop.token)).rows);
    expect(pages.map((r: { id: string }) => r.id)).toEqual(all.rows.map((r: { id: string }) => r.id));
    const oldest = await t.ok(`${V}List`, { page_size: 2, sorter: [{ field: 'createTime', order: 'ascend' }] }, shop.token);
    expect(oldest.rows.map((r: { orderNo: string }) => r.orderNo)).toEqual(done.slice(0, 2).map((d) => d.orderNo));
    expect((await t.ok(`${V}List`, { kind: 'pickup' }, shop.token)).total_count).toBe(3);
    expect((await t.ok(`${V}List`, { kind: 'form' }, shop.token)).total_count).toBe(3);
    const [clerkOpt] = (await t.ok(`${V}StaffOptions`, { keyword: clerk.phone }, shop.token)) as { id: string }[];
    const byClerk = await t.ok(`${V}List`, { staffUserId: clerkOpt.id }, shop.token);
    expect(byClerk.rows.map((r: { orderNo: string }) => r.orderNo)).toEqual([done[2].orderNo]);
    expect((await t.ok(`${V}List`, { keyword: done[3].code }, shop.token)).rows[0].orderNo).toBe(done[3].orderNo);
    expect((await t.ok(`${V}List`, { keyword: done[0].orderNo.toLowerCase() }, shop.token)).total_count).toBe(1);
    expect((await t.ok(`${V}List`, { endtime: '2000-01-01 00:00:00' }, shop.token)).total_count).toBe(0);
    expect((await t.ok(`${V}List`, { stime: '2000-01-01 00:00:00' }, shop.token)).total_count).toBe(6);
    expect((await call('List', { stime: '昨天' }, shop.token)).body.msg).toBe('开始时间格式不正确');
  });
});
