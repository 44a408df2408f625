import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expressAccounts, payOrders } from '@/db/schema';
import { makeApp, payBySandbox, type Person, type TestApp } from './helper';
import { raceIt } from './race';

let t: TestApp;
let owner: Person;
let other: Person;

beforeAll(async () => {
  t = await makeApp();
  [owner, other] = await Promise.all([t.registerOwner('面单店'), t.registerOwner('隔壁面单店')]);
});
afterAll(() => t.close());

const P = '/LesseePick/LesseePick/';
const body = async (path: string, b: unknown, token = owner.token) => (await t.call(`${P}${path}`, b, token)).body;
const ok = (path: string, b: unknown = {}, token = owner.token) => t.ok(`${P}${path}`, b, token);
const quota = async (token = owner.token) => (await ok('PackageList', {}, token)).quota as number;

describe('电子面单 packages', () => {
  it('lists the packages with the waybills left', async () => {
    const d = await ok('PackageList');
    expect(d.rows).toEqual([
      { id: 'waybill-100', name: '电子面单100单', waybills: 100, price: 10 },
      { id: 'waybill-500', name: '电子面单500单', waybills: 500, price: 45 },
      { id: 'waybill-1000', name: '电子面单1000单', waybills: 1000, price: 85 },
    ]);
    expect(d.quota).toBe(0);
  });

  it('buys a package through the sandbox: QR code, paid, quota added once, record 已支付', async () => {
    const shop = await t.registerOwner('买面单店');
    const c = await ok('Charge', { packageId: 'waybill-500' }, shop.token);
    expect(c.Total).toBe('45.00');
    expect(c.qr_code).toContain('/pay/sandbox/');
    expect(await ok('ChargeResult', { id: c.id }, shop.token)).toEqual({ status: 1 });
    expect(await ok('GetQrCode', { id: c.id }, shop.token)).toEqual(c);
    await payBySandbox(t, c.qr_code);
    expect(await ok('ChargeResult', { id: c.id }, shop.token)).toEqual({ status: 2 });
    expect(await quota(shop.token)).toBe(500);
    // The page's confirm again pays nothing more.
    await payBySandbox(t, c.qr_code).catch(() => undefined);
    expect(await quota(shop.token)).toBe(500);
    const rows = (await ok('BuyPage', {}, shop.token)).rows;
    expect(rows).toEqual([expect.objectContaining({ id: c.id, packageName: '电子面单500单', waybills: 500, Total: '45.00', status: 2 })]);
    expect(rows[0].paidTime).not.toBe('');
    expect(await body('DelBuyCode', { id: c.id }, shop.token)).toMatchObject({ code: 1, msg: '订单已支付，不能关闭' });
    expect(await body('GetQrCode', { id: c.id }, shop.token)).toMatchObject({ msg: '该购买已支付' });
  });

  it('closes an unpaid purchase: its QR code pays nothing, the record reads 已关闭', async () => {
    const c = await ok('Charge', { packageId: 'waybill-100' });
    expect(await body('DelBuyCode', { id: c.id })).toMatchObject({ code: 0, msg: '已关闭' });
    expect(await ok('ChargeResult', { id: c.id })).toEqual({ status: 3 });
    const [pay] = await t.db.select().from(payOrders).where(eq(payOrders.bizId, c.id));
    expect(pay.status).toBe(3);
    const res = await t.app.inject({ method: 'POST', url: `${new URL(c.qr_code).pathname}/confirm${new URL(c.qr_code).search}` });
    expect(res.statusCode).not.toBe(500);
    expect(await ok('ChargeResult', { id: c.id })).toEqual({ status: 3 });
    expect(await body('GetQrCode', { id: c.id })).toMatchObject({ msg: '该购买已关闭，请重新购买' });
    expect((await ok('BuyPage', { status: 3 })).rows.map((r: { id: string }) => r.id)).toContain(c.id);
    expect((await ok('BuyPage', { status: 2 })).rows.map((r: { id: string }) => r.id)).not.toContain(c.id);
  });

  raceIt('adds every paid package when several are paid at once', async () => {
    const shop = await t.registerOwner('并发面单店');
    const buys = await Promise.all([1, 2, 3, 4, 5].map(() => ok('Charge', { packageId: 'waybill-100' }, shop.token)));
    await Promise.all(buys.map((b) => payBySandbox(t, b.qr_code)));
    const [acc] = await t.db.select().from(expressAccounts).where(eq(expressAccounts.renterId, shop.renterId));
    expect(acc.waybillQuota).toBe(500);
  });

  it('refuses an unknown package, another renter’s purchase, and callers without the grant', async () => {
    expect(await body('Charge', { packageId: 'waybill-9' })).toMatchObject({
      msg: '套餐不存在',
      data: { errors: [{ field: 'packageId' }] },
    });
    expect(await body('Charge', {})).toMatchObject({ msg: '请选择套餐' });
    const foreign = await ok('Charge', { packageId: 'waybill-100' }, other.token);
    expect(await body('ChargeResult', { id: foreign.id })).toMatchObject({ code: 1004, msg: '购买记录不存在' });
    expect(await body('DelBuyCode', { id: foreign.id })).toMatchObject({ code: 1004 });
    expect(await ok('ChargeResult', { id: foreign.id }, other.token)).toEqual({ status: 1 });
    const viewer = await t.addMember(owner.renterId, ['ExpressBuyrecord'], { exact: true });
    expect(await body('BuyPage', {}, viewer.token)).toMatchObject({ code: 0 });
    expect(await body('Charge', { packageId: 'waybill-100' }, viewer.token)).toMatchObject({ code: 1003 });
  });
});
