import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { levelGrants, memberCards, operLogs, payOrders, vipCards } from '@/db/schema';
import type { SandboxPaymentProvider } from '@/integrations/payment';
import { makeApp, payBySandbox, runRefundJobs, type TestApp } from './helper';
import {
  buy,
  buyPaid,
  DAY,
  h5,
  h5ok,
  type Member,
  memberRow,
  newMember,
  openShop,
  orderRow,
  runExpiry,
  type Shop,
} from './member-orders.fixture';

let t: TestApp;
let a: Shop;
let b: Shop;

beforeAll(async () => {
  t = await makeApp();
  a = await openShop(t, '等级订单甲');
  b = await openShop(t, '等级订单乙');
});
afterAll(() => t.close());

const LV = '/Order/LvOrder/';
const VIP = '/Order/VipOrder/';
const lv = (name: string, body: unknown, token = a.owner.token) => t.call(`${LV}${name}`, body, token);
const vip = (name: string, body: unknown, token = a.owner.token) => t.call(`${VIP}${name}`, body, token);
const near = (d: Date | null, ms: number) => Math.abs((d?.getTime() ?? 0) - ms) < 60_000;

describe('buying a paid level in the member centre', () => {
  let m: Member;
  beforeAll(async () => {
    m = await newMember(t, a.shop);
  });

  it('places an unpaid order with a pay link; paying grants the level for its days and completes the order', async () => {
    const o = await buy(t, a, m, 1);
    expect(o).toMatchObject({ total: 99 });
    expect(o.orderNo).toMatch(/^LV\d{14}$/);
    expect(o.qr_code).toContain('/pay/sandbox/');
    expect(await h5ok(t, '/h5/MemberOrder/Get', { id: o.orderId }, a.shop, m.token)).toMatchObject({ status: 0, statusText: '待支付' });
    await payBySandbox(t, o.qr_code);
    const row = await orderRow(t, o.orderId);
    expect(row).toMatchObject({ status: 1, itemName: expect.stringMatching(/^黑卡/), amountFen: 99_00, prevHeld: 0 });
    const mem = await memberRow(t, m.id);
    expect(mem.paidLevelId).toBe(a.levelId);
    expect(near(mem.paidLevelExpiresAt, Date.now() + 30 * DAY)).toBe(true);
    const grants = await t.db.select().from(levelGrants).where(eq(levelGrants.orderId, o.orderId));
    expect(grants).toMatchObject([{ source: 1, amountFen: 99_00, memberId: m.id }]);
    const centre = await h5ok(t, '/h5/Member/GetCentre', {}, a.shop, m.token);
    expect(centre.paidLevel).toMatchObject({ id: a.levelId });
    const mine = await h5ok(t, '/h5/MemberOrder/List', { kind: 1 }, a.shop, m.token);
    expect(mine.rows[0]).toMatchObject({ id: o.orderId, status: 1, statusText: '已完成', qr_code: '' });
  });

  it('a renewal extends from the current expiry, not from now', async () => {
    const before = (await memberRow(t, m.id)).paidLevelExpiresAt as Date;
    const o = await buyPaid(t, a, m, 1);
    const after = (await memberRow(t, m.id)).paidLevelExpiresAt as Date;
    expect(after.getTime() - before.getTime()).toBe(30 * DAY);
    expect(await orderRow(t, o.orderId)).toMatchObject({ prevHeld: 1 });
    const d = await t.ok(`${LV}detail`, { id: o.orderId }, a.owner.token);
    expect(d.timeline.map((x: { text: string }) => x.text)).toEqual([
      expect.stringMatching(/^会员下单：黑卡\d+ ¥99\.00$/),
      '支付成功 ¥99.00',
      expect.stringMatching(/^已续费「黑卡\d+」，有效期至 /),
    ]);
  });

  it('a repeated notify grants once', async () => {
    const o = await buy(t, a, m, 1);
    const before = (await memberRow(t, m.id)).paidLevelExpiresAt as Date;
    const pay = (await t.db.select().from(payOrders).where(eq(payOrders.bizId, o.orderId)))[0];
    const sandbox = t.services.payment.provider as SandboxPaymentProvider;
    const signed = sandbox.signNotify({ outTradeNo: pay.outTradeNo, amountFen: pay.amountFen });
    for (let i = 0; i < 3; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/api/Pay/Notify/sandbox', headers: signed.headers, payload: signed.body });
      expect(res.json()).toMatchObject({ code: 'SUCCESS' });
    }
    const after = (await memberRow(t, m.id)).paidLevelExpiresAt as Date;
    expect(after.getTime() - before.getTime()).toBe(30 * DAY);
    expect(await t.db.select().from(levelGrants).where(eq(levelGrants.orderId, o.orderId))).toHaveLength(1);
  });

  it("refuses a level that is off, paid levels switched off, a free card, another shop's level", async () => {
    const msg = async (body: unknown, shop = a.shop) => (await h5(t, '/h5/MemberOrder/Buy', body, shop, m.token)).body.msg;
    expect(await msg({ kind: 1, id: b.levelId })).toBe('付费等级不存在');
    expect(await msg({ kind: 2, id: b.cardId })).toBe('权益卡不存在');
    expect(await msg({ kind: 3, id: a.levelId })).toBe('购买类型不正确');
    await t.ok('/Sys/LV/changepay', { on: '0' }, a.owner.token);
    expect(await msg({ kind: 1, id: a.levelId })).toBe('商家未开启付费等级');
    await t.ok('/Sys/LV/changepay', { on: '1' }, a.owner.token);
    const free = await t.ok(
      '/Config/VIPCard/save',
      {
        name: '免费卡',
        needpay: 0,
        validDays: 0,
        rights: (await t.ok('/Config/VIPCard/detail', { id: a.cardId }, a.owner.token)).rights,
        cover: { bgColor: '#000000', bgImage: '', textColor: '#ffffff' },
        notice: '',
      },
      a.owner.token,
    );
    expect(await msg({ kind: 2, id: free.id })).toBe('该权益卡无需购买，请直接领取');
    expect((await h5(t, '/h5/MemberOrder/Buy', { kind: 1, id: a.levelId }, a.shop)).status).toBe(401);
  });
});

describe('buying a rights card', () => {
  it('paying gives the card (source 购买), buying again extends it', async () => {
    const m = await newMember(t, a.shop);
    const o = await buyPaid(t, a, m, 2);
    expect(o.orderNo).toMatch(/^VO/);
    const held = async () =>
      (
        await t.db
          .select()
          .from(memberCards)
          .where(and(eq(memberCards.memberId, m.id), eq(memberCards.cardId, a.cardId)))
      )[0];
    const first = await held();
    expect(first).toMatchObject({ source: 2, status: 1, amountFen: 19_90 });
    expect(near(first.expiresAt, Date.now() + 10 * DAY)).toBe(true);
    await buyPaid(t, a, m, 2);
    const second = await held();
    expect((second.expiresAt as Date).getTime() - (first.expiresAt as Date).getTime()).toBe(10 * DAY);
    const mine = await h5ok(t, '/h5/Card/Mine', {}, a.shop, m.token);
    expect(mine.rows[0]).toMatchObject({ cardId: a.cardId, state: 1 });
    expect((await orderRow(t, o.orderId)).cardNo).toBe(first.cardNo);
  });
});

describe('auto-cancel', () => {
  it('an order unpaid after 30 minutes cancels itself and can no longer be paid', async () => {
    const m = await newMember(t, a.shop);
    const o = await buy(t, a, m, 1);
    expect(await runExpiry(t)).toBeGreaterThan(0);
    expect(await orderRow(t, o.orderId)).toMatchObject({ status: 2, cancelReason: '超时未支付，自动取消' });
    const pay = (await t.db.select().from(payOrders).where(eq(payOrders.bizId, o.orderId)))[0];
    expect(pay.status).toBe(3);
    expect((await memberRow(t, m.id)).paidLevelId).toBeNull();
  });

  it('a paid order stays paid when its expiry job runs', async () => {
    const m = await newMember(t, a.shop);
    const o = await buyPaid(t, a, m, 2);
    await runExpiry(t);
    expect((await orderRow(t, o.orderId)).status).toBe(1);
  });
});

describe('the console: list, detail, notes, cancel, refund', () => {
  it('lists with tab counts and filters, details, keeps seller notes (audited)', async () => {
    const m = await newMember(t, a.shop);
    const paid = await buyPaid(t, a, m, 1);
    const unpaid = await buy(t, a, m, 1);
    const list = await t.ok(`${LV}list`, { phone: m.phone }, a.owner.token);
    expect(list.total_count).toBe(2);
    expect(list.counts).toMatchObject({ all: 2, 0: 1, 1: 1, 2: 0, 3: 0 });
    expect(list.rows.map((r: { id: string }) => r.id)).toEqual([unpaid.orderId, paid.orderId]);
    const tab = await t.ok(`${LV}list`, { phone: m.phone, status: 1 }, a.owner.token);
    expect(tab.rows.map((r: { id: string }) => r.id)).toEqual([paid.orderId]);
    expect(tab.counts.all).toBe(2);
    expect((await t.ok(`${LV}list`, { orderNo: paid.orderNo }, a.owner.token)).rows).toHaveLength(1);
    expect((await t.ok(`${VIP}list`, { orderNo: paid.orderNo }, a.owner.token)).rows).toHaveLength(0);
    const sorted = await t.ok(`${LV}list`, { phone: m.phone, sorter: [{ field: 'payTime', order: 'descend' }] }, a.owner.token);
    expect(sorted.rows[0].id).toBe(paid.orderId);
    expect((await lv('sellerNotes', { id: paid.orderId, notes: '老客户' })).body.msg).toBe('备注已保存');
    const d = await t.ok(`${LV}detail`, { id: paid.orderId }, a.owner.token);
    expect(d).toMatchObject({ sellerNotes: '老客户', status: 1, amount: 99, refundable: 99, phone: m.phone, validText: '30天' });
    const logs = await t.db.select().from(operLogs).where(eq(operLogs.recordId, paid.orderId));
    expect(logs.map((l) => l.action)).toContain('等级订单备注');
    expect((await vip('detail', { id: paid.orderId })).body).toMatchObject({ code: 1004, msg: '订单不存在' });
  });

  it('level orders: cancel only while unpaid; refunds partial then full, never more than paid; the full refund takes the level back', async () => {
    const m = await newMember(t, a.shop);
    const unpaid = await buy(t, a, m, 1);
    expect((await lv('cancel', { id: unpaid.orderId, reason: '' })).body.msg).toBe('请输入取消原因');
    expect((await lv('cancel', { id: unpaid.orderId, reason: '重复下单' })).body.msg).toBe('订单已取消');
    expect((await lv('cancel', { id: unpaid.orderId, reason: '重复下单' })).body.msg).toBe('订单已取消');
    expect((await lv('ReLvAmount', { id: unpaid.orderId, amount: 1, reason: '退' })).body.msg).toBe('订单已取消');
    const o = await buyPaid(t, a, m, 1);
    expect((await lv('cancel', { id: o.orderId, reason: '不要了' })).body.msg).toBe('订单已支付，请使用退款');
    expect((await lv('ReLvAmount', { id: o.orderId, amount: '1.234', reason: '退' })).body.msg).toBe('退款金额最多保留两位小数');
    expect((await lv('ReLvAmount', { id: o.orderId, amount: 100, reason: '退' })).body.msg).toBe('退款金额不能超过可退金额 99.00 元');
    expect((await lv('ReLvAmount', { id: o.orderId, amount: 9, reason: '部分退款' })).body.msg).toBe('已发起退款，款项将原路退回');
    expect(await orderRow(t, o.orderId)).toMatchObject({ status: 1, refundedFen: 0 }); // on its way: the refund job
    await runRefundJobs(t);
    expect(await orderRow(t, o.orderId)).toMatchObject({ status: 1, refundedFen: 9_00 });
    expect((await memberRow(t, m.id)).paidLevelId).toBe(a.levelId);
    expect((await lv('ReLvAmount', { id: o.orderId, amount: 90.01, reason: '全额' })).body.msg).toBe('退款金额不能超过可退金额 90.00 元');
    expect((await lv('ReLvAmount', { id: o.orderId, amount: 90, reason: '全额' })).body.msg).toBe('已发起退款，款项将原路退回');
    await runRefundJobs(t);
    expect(await orderRow(t, o.orderId)).toMatchObject({ status: 3, refundedFen: 99_00 });
    expect((await memberRow(t, m.id)).paidLevelId).toBeNull();
    expect((await lv('ReLvAmount', { id: o.orderId, amount: 1, reason: '再退' })).body.msg).toBe('订单已退款');
    const d = await t.ok(`${LV}detail`, { id: o.orderId }, a.owner.token);
    expect(d.timeline.at(-1).text).toMatch(/^全额退款，收回付费等级「黑卡\d+」$/);
  });

  it('a full refund of a renewal gives back the expiry before it; a refund after a later renewal leaves the level', async () => {
    const m = await newMember(t, a.shop);
    await buyPaid(t, a, m, 1);
    const firstEnd = (await memberRow(t, m.id)).paidLevelExpiresAt as Date;
    const renewal = await buyPaid(t, a, m, 1);
    await t.ok(`${LV}ReLvAmount`, { id: renewal.orderId, amount: 99, reason: '退续费' }, a.owner.token);
    await runRefundJobs(t);
    expect((await memberRow(t, m.id)).paidLevelExpiresAt?.getTime()).toBe(firstEnd.getTime());
    const again = await buyPaid(t, a, m, 1);
    const later = await buyPaid(t, a, m, 1);
    const end = (await memberRow(t, m.id)).paidLevelExpiresAt as Date;
    await t.ok(`${LV}ReLvAmount`, { id: again.orderId, amount: 99, reason: '退' }, a.owner.token);
    await runRefundJobs(t);
    expect((await memberRow(t, m.id)).paidLevelExpiresAt?.getTime()).toBe(end.getTime());
    expect(later).toBeTruthy();
  });

  it('card orders: cancelling a paid one refunds it in full and withdraws the card', async () => {
    const m = await newMember(t, a.shop);
    const o = await buyPaid(t, a, m, 2);
    const holders = async () => (await t.db.select().from(vipCards).where(eq(vipCards.id, a.cardId)))[0].holderCount;
    const before = await holders();
    expect((await vip('cancel', { id: o.orderId, reason: '买错了' })).body.msg).toBe('订单已取消');
    await runRefundJobs(t);
    expect(await orderRow(t, o.orderId)).toMatchObject({ status: 3, refundedFen: 19_90, cancelReason: '买错了' });
    const held = (
      await t.db
        .select()
        .from(memberCards)
        .where(and(eq(memberCards.memberId, m.id), eq(memberCards.cardId, a.cardId)))
    )[0];
    expect(held.status).toBe(0);
    expect(await holders()).toBe(before - 1);
    expect((await vip('cancel', { id: o.orderId, reason: '再取消' })).body.msg).toBe('订单已退款');
    const logs = await t.db.select().from(operLogs).where(eq(operLogs.recordId, o.orderId));
    expect(logs.map((l) => l.action)).toContain('取消权益卡订单');
  });
});

describe('isolation and permissions', () => {
  it("a member sees only their own orders; another renter's order is missing; a role needs the menu grant", async () => {
    const m1 = await newMember(t, a.shop);
    const m2 = await newMember(t, a.shop);
    const o = await buy(t, a, m1, 1);
    expect((await h5(t, '/h5/MemberOrder/Get', { id: o.orderId }, a.shop, m2.token)).body).toMatchObject({ code: 1004, msg: '订单不存在' });
    expect((await h5ok(t, '/h5/MemberOrder/List', { kind: 1 }, a.shop, m2.token)).total_count).toBe(0);
    expect((await lv('detail', { id: o.orderId }, b.owner.token)).body).toMatchObject({ code: 1004, msg: '订单不存在' });
    expect((await lv('cancel', { id: o.orderId, reason: 'x' }, b.owner.token)).body).toMatchObject({ code: 1004 });
    const viewer = await t.addMember(a.owner.renterId, ['LvOrderList'], { exact: true });
    expect((await lv('list', {}, viewer.token)).body.code).toBe(0);
    expect((await lv('cancel', { id: o.orderId, reason: 'x' }, viewer.token)).body).toMatchObject({
      code: 1003,
      msg: '没有权限执行此操作',
    });
    expect((await vip('list', {}, viewer.token)).body.code).toBe(1003);
    expect((await orderRow(t, o.orderId)).status).toBe(0);
  });
});
