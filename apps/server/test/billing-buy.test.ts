import { SERVICE_EXPIRED_MSG } from '@shop/contract';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operLogs, payOrders, renterBuys, renters } from '@/db/schema';
import type { SandboxPaymentProvider } from '@/integrations/payment';
import { makeApp, payBySandbox, type Person, type TestApp } from './helper';

let t: TestApp;
let owner: Person;
let other: Person;
let product: { ProductLineGUID: string; annualPrice: number; buyoutPrice: number };

const BUY = '/api/Login/RenterBuy';
const STATUS = '/api/Login/GetPayOrder';
const CANCEL = '/api/Login/CancelBuy';
const INFO = '/api/Login/GetBuyInfo';
const LIST = '/api/Login/GetBuyList';
const USER_INFO = '/Sys/Staff/GetUserInfo';
const YEAR_MS = 365 * 86_400_000;

beforeAll(async () => {
  t = await makeApp();
  [owner, other] = await Promise.all([t.registerOwner('购买店'), t.registerOwner('隔壁购买店')]);
  product = await t.ok(INFO, {}, owner.token);
});
afterAll(() => t.close());

const renterRow = async (id: string) => (await t.db.select().from(renters).where(eq(renters.id, id)))[0];
const buyRow = async (id: string) => (await t.db.select().from(renterBuys).where(eq(renterBuys.id, id)))[0];
const annual = (p: Person, years = 1, over: Record<string, unknown> = {}) => ({
  ProductLineGUID: product.ProductLineGUID,
  CustomerGUID: p.renterId,
  MdOrNf: 2,
  BuyNS: years,
  BuyYHS: 0,
  ...over,
});
/** Moves the enterprise's service end (null for none). */
const setEnd = (renterId: string, end: Date | null) => t.db.update(renters).set({ serviceEndAt: end }).where(eq(renters.id, renterId));

async function buyAndPay(p: Person, body: Record<string, unknown>) {
  const pay = await t.ok(BUY, body, p.token);
  await payBySandbox(t, pay.qr_code);
  return pay;
}

describe('GetBuyInfo', () => {
  it('offers the enterprise’s own version, annual and buyout, with its prices in yuan', async () => {
    const info = await t.ok(INFO, {}, owner.token);
    expect(info).toMatchObject({ kind: 'product', CustomerGUID: owner.renterId, usagemd: true, usagenf: true, mdornf: 0 });
    expect(info.name).not.toBe('');
    expect(info.annualPrice).toBeGreaterThan(0);
    expect(info.buyoutPrice).toBeGreaterThan(info.annualPrice);
    expect(info.serviceendtime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('refuses another product line', async () => {
    expect((await t.call(INFO, { ProductLineGUID: 'no-such' }, owner.token)).body).toMatchObject({ code: 1004, msg: '购买的产品不存在' });
  });
});

describe('RenterBuy', () => {
  it('creates an unpaid purchase and its pay order: QR code and the total in yuan', async () => {
    const shop = await t.registerOwner('二维码店');
    const r = await t.call(BUY, annual(shop, 2), shop.token);
    expect(r.body.code).toBe(0);
    const { PayOrderGUID, qr_code, Total } = r.body.data;
    expect(qr_code).toMatch(/\/pay\/sandbox\/[0-9a-f]{32}\?t=\d+\.[0-9a-f]{64}$/);
    expect(Total).toBe((product.annualPrice * 2).toFixed(2));
    const b = await buyRow(PayOrderGUID);
    expect(b).toMatchObject({
      renterId: shop.renterId,
      appId: null,
      mdornf: 2,
      years: 2,
      amountFen: Math.round(product.annualPrice * 200),
      status: 1,
    });
    const [po] = await t.db
      .select()
      .from(payOrders)
      .where(eq(payOrders.id, b.payOrderId as string));
    expect(po).toMatchObject({ bizType: 'billing', bizId: b.id, amountFen: b.amountFen, status: 1 });
    expect(po.subject).toContain('2年');
    expect(await t.ok(STATUS, { OrderGUID: PayOrderGUID }, shop.token)).toEqual({ PayStatus: 1 });
    const [log] = await t.db
      .select()
      .from(operLogs)
      .where(and(eq(operLogs.renterId, shop.renterId), eq(operLogs.recordId, b.id)));
    expect(log).toMatchObject({ module: 'billing', action: '创建购买订单' });
  });

  it('prices a buyout once, whatever years say', async () => {
    const shop = await t.registerOwner('买断价店');
    const pay = await t.ok(BUY, annual(shop, 3, { MdOrNf: 1 }), shop.token);
    expect(pay.Total).toBe(product.buyoutPrice.toFixed(2));
    expect(await buyRow(pay.PayOrderGUID)).toMatchObject({ mdornf: 1, years: 0 });
  });

  it.each([
    ['no buy type', { MdOrNf: undefined }, 1001, '请选择购买类型'],
    ['a buy type other than 1 and 2', { MdOrNf: 3 }, 1001, '请选择购买类型'],
    ['annual without years', { BuyNS: undefined }, 1001, '请输入购买年数'],
    ['annual for 0 years', { BuyNS: 0 }, 1001, '请输入购买年数'],
    ['more than 10 years', { BuyNS: 11 }, 1001, '购买年数不能超过10年'],
    ['a promo code that does not exist', { BuyYHS: 'FREE2025' }, 1001, '优惠码无效'],
    ['no product', { ProductLineGUID: '' }, 1001, '请选择购买的产品'],
    ['another product line', { ProductLineGUID: 'social-pro-x' }, 1004, '购买的产品不存在'],
  ])('refuses %s', async (_case, over, code, msg) => {
    expect((await t.call(BUY, annual(owner, 1, over), owner.token)).body).toMatchObject({ code, msg });
  });

  it('buys only for the caller’s own enterprise', async () => {
    expect((await t.call(BUY, annual(other), owner.token)).body).toMatchObject({ code: 1003, msg: '只能为当前企业购买' });
  });

  it('lets only the owner pay; a member is refused', async () => {
    const member = await t.addMember(owner.renterId, ['Unit']);
    expect((await t.call(BUY, annual(owner), member.token)).body).toMatchObject({ code: 1003, msg: '仅企业所有者可以执行此操作' });
    expect((await t.call(BUY, annual(owner))).status).toBe(401);
  });

  it('cancels an earlier unpaid purchase of the same thing, so only one QR code can be paid', async () => {
    const shop = await t.registerOwner('重复下单店');
    const first = await t.ok(BUY, annual(shop), shop.token);
    const second = await t.ok(BUY, annual(shop, 2), shop.token);
    expect(await t.ok(STATUS, { OrderGUID: first.PayOrderGUID }, shop.token)).toEqual({ PayStatus: 3 });
    expect(await t.ok(STATUS, { OrderGUID: second.PayOrderGUID }, shop.token)).toEqual({ PayStatus: 1 });
    const b = await buyRow(first.PayOrderGUID);
    expect(
      (
        await t.db
          .select()
          .from(payOrders)
          .where(eq(payOrders.id, b.payOrderId as string))
      )[0].status,
    ).toBe(3);
  });
});

describe('paying', () => {
  it('trial → annual adds the year to the trial’s end and ends the trial; renewing adds to the current end', async () => {
    const shop = await t.registerOwner('年费店');
    const trialEnd = (await renterRow(shop.renterId)).serviceEndAt as Date;
    const pay = await buyAndPay(shop, annual(shop));
    expect(await t.ok(STATUS, { OrderGUID: pay.PayOrderGUID }, shop.token)).toEqual({ PayStatus: 2 });

    const afterYear = await renterRow(shop.renterId);
    const oneYearOn = new Date(trialEnd);
    oneYearOn.setUTCFullYear(oneYearOn.getUTCFullYear() + 1);
    expect(afterYear).toMatchObject({ isTrial: false, mdornf: 2 });
    expect(afterYear.serviceEndAt?.getTime()).toBe(oneYearOn.getTime());
    expect(await buyRow(pay.PayOrderGUID)).toMatchObject({ status: 2, endBefore: trialEnd, endAfter: afterYear.serviceEndAt });

    const v = (await t.ok(USER_INFO, {}, shop.token)).version;
    expect(v).toMatchObject({ issy: 0, mdornf: 2, usagemd: true, usagenf: true });
    expect(v.timeend).toBeGreaterThan(365);

    // Renewing before the end: two more years from the current end.
    await buyAndPay(shop, annual(shop, 2));
    const threeYearsOn = new Date(oneYearOn);
    threeYearsOn.setUTCFullYear(threeYearsOn.getUTCFullYear() + 2);
    expect((await renterRow(shop.renterId)).serviceEndAt?.getTime()).toBe(threeYearsOn.getTime());
  });

  it('renewing after the end counts from today, not from the old end', async () => {
    const shop = await t.registerOwner('过期续费店');
    await buyAndPay(shop, annual(shop));
    await setEnd(shop.renterId, new Date(Date.now() - 30 * 86_400_000));
    const before = Date.now();
    await buyAndPay(shop, annual(shop));
    const end = (await renterRow(shop.renterId)).serviceEndAt?.getTime() ?? 0;
    expect(end).toBeGreaterThanOrEqual(before + YEAR_MS - 86_400_000);
    expect(end).toBeLessThanOrEqual(Date.now() + YEAR_MS + 86_400_000);
  });

  it('annual → buyout is for good: no end, no more buying', async () => {
    const shop = await t.registerOwner('买断店');
    await buyAndPay(shop, annual(shop));
    const annualEnd = (await renterRow(shop.renterId)).serviceEndAt;
    const pay = await buyAndPay(shop, annual(shop, 1, { MdOrNf: 1 }));
    expect(await renterRow(shop.renterId)).toMatchObject({ isTrial: false, mdornf: 1, serviceEndAt: null });
    expect(await buyRow(pay.PayOrderGUID)).toMatchObject({ status: 2, endBefore: annualEnd, endAfter: null });
    const info = await t.ok(USER_INFO, {}, shop.token);
    expect(info.version).toMatchObject({ issy: 0, mdornf: 1, timeend: 9999, serviceendtime: '', usagemd: false, usagenf: false });
    expect((await t.call(BUY, annual(shop), shop.token)).body).toMatchObject({ code: 1, msg: '已买断，无需再次购买' });
    expect((await t.call(BUY, annual(shop, 1, { MdOrNf: 1 }), shop.token)).body).toMatchObject({ code: 1, msg: '已买断，无需再次购买' });
    const list = await t.ok(LIST, {}, shop.token);
    expect(list.total_count).toBe(2);
    expect(list.rows[0]).toMatchObject({ MdOrNf: 1, status: 2, endAfter: '永久', Total: product.buyoutPrice.toFixed(2) });
    expect(list.rows[1]).toMatchObject({ MdOrNf: 2, BuyNS: 1, status: 2 });
    expect(list.rows[1].paidTime).toMatch(/^\d{4}-/);
  });

  it('refuses a buy type the product does not offer', async () => {
    const shop = await t.registerOwner('不可买断店');
    const { products } = await import('@/db/schema');
    const renter = await renterRow(shop.renterId);
    await t.db.update(products).set({ canBuyout: false }).where(eq(products.id, renter.productId));
    try {
      expect((await t.ok(INFO, {}, shop.token)).usagemd).toBe(false);
      expect((await t.call(BUY, annual(shop, 1, { MdOrNf: 1 }), shop.token)).body).toMatchObject({ code: 1, msg: '当前版本不支持买断' });
    } finally {
      await t.db.update(products).set({ canBuyout: true }).where(eq(products.id, renter.productId));
    }
  });

  it('extends once when the same notify comes twice', async () => {
    const shop = await t.registerOwner('重复通知店');
    const pay = await t.ok(BUY, annual(shop), shop.token);
    const b = await buyRow(pay.PayOrderGUID);
    const [po] = await t.db
      .select()
      .from(payOrders)
      .where(eq(payOrders.id, b.payOrderId as string));
    const sandbox = t.services.payment.provider as SandboxPaymentProvider;
    const signed = sandbox.signNotify({ outTradeNo: po.outTradeNo, amountFen: po.amountFen });
    const send = () => t.app.inject({ method: 'POST', url: '/api/Pay/Notify/sandbox', headers: signed.headers, payload: signed.body });
    expect((await send()).json()).toMatchObject({ code: 'SUCCESS' });
    const once = await renterRow(shop.renterId);
    expect((await send()).json()).toMatchObject({ code: 'SUCCESS' });
    await payBySandbox(t, pay.qr_code);
    expect((await renterRow(shop.renterId)).serviceEndAt).toEqual(once.serviceEndAt);
    const logs = await t.db
      .select()
      .from(operLogs)
      .where(and(eq(operLogs.renterId, shop.renterId), eq(operLogs.action, '购买支付成功')))
      .orderBy(desc(operLogs.createdAt));
    expect(logs).toHaveLength(1);
    expect(logs[0].userId).toBe(shop.userId);
  });
});

describe('CancelBuy and GetPayOrder', () => {
  it('cancels an unpaid purchase: its QR code can no longer be paid', async () => {
    const shop = await t.registerOwner('取消购买店');
    const pay = await t.ok(BUY, annual(shop), shop.token);
    expect((await t.call(CANCEL, { OrderGUID: pay.PayOrderGUID }, shop.token)).body).toMatchObject({ code: 0, msg: '已取消购买' });
    expect(await t.ok(STATUS, { OrderGUID: pay.PayOrderGUID }, shop.token)).toEqual({ PayStatus: 3 });
    // Again: nothing changes.
    expect((await t.call(CANCEL, { OrderGUID: pay.PayOrderGUID }, shop.token)).body.code).toBe(0);
    await payBySandbox(t, pay.qr_code);
    expect(await renterRow(shop.renterId)).toMatchObject({ isTrial: true, mdornf: 0 });
    expect(await t.ok(STATUS, { OrderGUID: pay.PayOrderGUID }, shop.token)).toEqual({ PayStatus: 3 });
  });

  it('refuses to cancel a paid purchase', async () => {
    const shop = await t.registerOwner('已付取消店');
    const pay = await buyAndPay(shop, annual(shop));
    expect((await t.call(CANCEL, { OrderGUID: pay.PayOrderGUID }, shop.token)).body).toMatchObject({
      code: 1,
      msg: '订单已支付，不能取消',
    });
  });

  it('does not find another enterprise’s order', async () => {
    const pay = await t.ok(BUY, annual(other), other.token);
    expect((await t.call(STATUS, { OrderGUID: pay.PayOrderGUID }, owner.token)).body).toMatchObject({ code: 1004, msg: '购买订单不存在' });
    expect((await t.call(CANCEL, { OrderGUID: pay.PayOrderGUID }, owner.token)).body).toMatchObject({ code: 1004, msg: '购买订单不存在' });
    expect(await t.ok(STATUS, { OrderGUID: pay.PayOrderGUID }, other.token)).toEqual({ PayStatus: 1 });
    expect((await t.ok(LIST, {}, owner.token)).rows.map((r: { id: string }) => r.id)).not.toContain(pay.PayOrderGUID);
  });

  it.each([
    ['no order', {}, '缺少购买订单'],
    ['a malformed order id', { OrderGUID: 'abc' }, '购买订单不正确'],
  ])('refuses %s', async (_case, body, msg) => {
    expect((await t.call(STATUS, body, owner.token)).body).toMatchObject({ code: 1001, msg });
    expect((await t.call(CANCEL, body, owner.token)).body).toMatchObject({ code: 1001, msg });
  });

  it('lets a member see the pay status but not the purchase list', async () => {
    const pay = await t.ok(BUY, annual(owner), owner.token);
    const member = await t.addMember(owner.renterId, ['Unit']);
    expect(await t.ok(STATUS, { OrderGUID: pay.PayOrderGUID }, member.token)).toEqual({ PayStatus: 1 });
    expect((await t.call(LIST, {}, member.token)).body.code).toBe(1003);
    expect((await t.call(CANCEL, { OrderGUID: pay.PayOrderGUID }, member.token)).body.code).toBe(1003);
  });
});

describe('an enterprise whose service ended', () => {
  it('logs in, looks, is refused writes with 1010, buys, and after paying writes again', async () => {
    const shop = await t.registerOwner('到期店');
    await setEnd(shop.renterId, new Date(Date.now() - 86_400_000));
    const token = await t.login(shop.phone, 'abc12345');
    const info = await t.ok(USER_INFO, {}, token);
    expect(info.expired).toBe(true);
    expect(info.version).toMatchObject({ issy: 1, timeend: 0 });

    expect((await t.call('/Goods/GoodUnit/save', { name: '件' }, token)).body).toMatchObject({ code: 1010, msg: SERVICE_EXPIRED_MSG });
    expect((await t.call('/Goods/GoodUnit/list', {}, token)).body.code).toBe(0);

    const pay = await t.ok(BUY, annual(shop), token);
    await payBySandbox(t, pay.qr_code);
    expect(await t.ok(STATUS, { OrderGUID: pay.PayOrderGUID }, token)).toEqual({ PayStatus: 2 });
    const after = await t.ok(USER_INFO, {}, token);
    expect(after.expired).toBe(false);
    expect(after.version).toMatchObject({ issy: 0, mdornf: 2 });
    expect(after.version.timeend).toBeGreaterThanOrEqual(364);
    expect((await t.call('/Goods/GoodUnit/save', { name: '件' }, token)).body.code).toBe(0);
  });
});
