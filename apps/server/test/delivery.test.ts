import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryMethodsOf, pickupPointOf, staffMayVerifyAt } from '@/modules/delivery';
import { seedTenant } from '@/core/tenant';
import { SHOP_HEADER } from '@shop/contract';
import { operLogs, shops, staff } from '@/db/schema';
import { AREA, makeApp, newPhone, type Person, type TestApp } from './helper';

let t: TestApp;
let owner: Person;
let other: Person;

beforeAll(async () => {
  t = await makeApp();
  [owner, other] = await Promise.all([t.registerOwner('配送店'), t.registerOwner('隔壁配送店')]);
});
afterAll(() => t.close());

const P = '/LesseePick/LesseePick/';
const MISSING = '00000000-0000-4000-8000-000000000000';
const body = async (path: string, b: unknown, token = owner.token) => (await t.call(`${P}${path}`, b, token)).body;
const ok = (path: string, b: unknown = {}, token = owner.token) => t.ok(`${P}${path}`, b, token);
const actions = async (renterId: string) =>
  (
    await t.db
      .select()
      .from(operLogs)
      .where(and(eq(operLogs.renterId, renterId), eq(operLogs.module, 'delivery')))
  ).map((l) => l.action);

const point = (name: string, over: Record<string, unknown> = {}) => ({
  name,
  area: AREA,
  address: '科技园南区1栋',
  lng: 113.95,
  lat: 22.54,
  phone: '0755-88886666',
  days: [1, 2, 3, 4, 5],
  hours: [{ start: '09:00', end: '18:00' }],
  ...over,
});

describe('配送设置', () => {
  it('starts with 快递发货 only, turns methods on and off, and keeps at least one on', async () => {
    const shop = await t.registerOwner('开关店');
    expect(await ok('GetExpressData', {}, shop.token)).toMatchObject({ express: 1, pickup: 0, local: 0, shopLocated: false });
    expect(await body('EditExpressState', { method: 'pickup', state: 1 }, shop.token)).toMatchObject({ code: 0, msg: '开启成功' });
    await ok('EditExpressState', { method: 'express', state: 0 }, shop.token);
    expect(await body('EditExpressState', { method: 'pickup', state: 0 }, shop.token)).toMatchObject({
      code: 1001,
      msg: '请至少开启一种配送方式',
      data: { errors: [{ field: 'state' }] },
    });
    expect(await ok('GetExpressData', {}, shop.token)).toMatchObject({ express: 0, pickup: 1, local: 0 });
    expect(await body('EditExpressState', { method: 'drone', state: 1 }, shop.token)).toMatchObject({ msg: '配送方式不正确' });
    expect(await actions(shop.renterId)).toEqual(expect.arrayContaining(['开启到店自提', '关闭快递发货']));
  });

  it('saves 同城配送 in yuan and metres, and refuses bad figures naming the field', async () => {
    await ok('SaveLocalSet', { radiusKm: 3.5, minAmount: '20', fee: 5.5, freeFrom: 99 });
    expect(await ok('GetExpressData')).toMatchObject({ radiusKm: 3.5, minAmount: 20, fee: 5.5, freeFrom: 99 });
    expect(await body('SaveLocalSet', { radiusKm: 0, minAmount: 0, fee: 0 })).toMatchObject({ msg: '配送半径须大于0' });
    expect(await body('SaveLocalSet', { radiusKm: 1.25, minAmount: 0, fee: 0 })).toMatchObject({ msg: '配送半径最多保留一位小数' });
    expect(await body('SaveLocalSet', { radiusKm: 1, minAmount: 1.234, fee: 0 })).toMatchObject({ msg: '起送价最多保留两位小数' });
    expect(await body('SaveLocalSet', { radiusKm: 1, minAmount: 0 })).toMatchObject({ msg: '请输入配送费' });
    const tenant = seedTenant(t.db, owner.renterId);
    const [s] = await t.db.select().from(staff).where(eq(staff.userId, owner.userId));
    expect(await deliveryMethodsOf(tenant, s.shopId)).toMatchObject({
      express: true,
      localRadiusM: 3500,
      localMinFen: 2000,
      localFeeFen: 550,
    });
  });

  it('answers the delivery methods for pickers', async () => {
    expect(await ok('GetExpressTypes')).toEqual([
      { code: 'express', name: '快递发货' },
      { code: 'pickup', name: '到店自提' },
      { code: 'local', name: '同城配送' },
    ]);
  });
});

describe('自提点', () => {
  it('creates, lists with area names and verifiers, edits, disables and deletes', async () => {
    const shop = await t.registerOwner('自提店');
    const clerk = await t.addMember(shop.renterId, ['dashboard']);
    const staffOptions = await ok('PickStaffOptions', {}, shop.token);
    const clerkStaff = staffOptions.find((s: { phone: string }) => s.phone === clerk.phone);
    expect(clerkStaff).toBeDefined();
    const r = await body('SavePick', point('南山自提点', { staffIds: [clerkStaff.id] }), shop.token);
    expect(r).toMatchObject({ code: 0, msg: '保存成功' });
    const id = r.data.id;
    const list = await ok('PickList', {}, shop.token);
    expect(list.total_count).toBe(1);
    expect(list.rows[0]).toMatchObject({
      name: '南山自提点',
      areaName: '广东省 深圳市 南山区',
      days: [1, 2, 3, 4, 5],
      hours: [{ start: '09:00', end: '18:00' }],
      staffIds: [clerkStaff.id],
      status: 1,
    });
    await ok('SavePick', { ...point('南山店', { staffIds: [] }), id }, shop.token);
    expect(await ok('GetPick', { id }, shop.token)).toMatchObject({ name: '南山店', staffIds: [] });
    expect(await body('EditPickState', { id, status: 0 }, shop.token)).toMatchObject({ code: 0, msg: '停用成功' });
    expect(await pickupPointOf(seedTenant(t.db, shop.renterId), id)).toBeUndefined();
    await ok('EditPickState', { id, status: 1 }, shop.token);
    expect(await pickupPointOf(seedTenant(t.db, shop.renterId), id)).toMatchObject({ name: '南山店' });
    expect(await body('DelPick', { id }, shop.token)).toMatchObject({ code: 0, msg: '删除成功!' });
    expect(await body('GetPick', { id }, shop.token)).toMatchObject({ code: 1004, msg: '自提点不存在' });
    expect(await actions(shop.renterId)).toEqual(
      expect.arrayContaining(['新建自提点', '编辑自提点', '停用自提点', '启用自提点', '删除自提点']),
    );
  });

  it('refuses missing and bad fields with Chinese messages naming them', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [point(''), 'name', '请输入自提点名称'],
      [point('甲', { area: ['44'] }), 'area', '请选择所在地区（省市区）'],
      [point('甲', { area: ['44', '4403', '110105'] }), 'area', '所在地区不正确'],
      [point('甲', { address: '' }), 'address', '请输入详细地址'],
      [point('甲', { lng: 200 }), 'lng', '经度须在-180到180之间'],
      [point('甲', { phone: '12345' }), 'phone', '联系电话格式不正确，请填写手机号或固话（如 0571-88888888）'],
      [point('甲', { days: [] }), 'days', '请选择营业日'],
      [point('甲', { hours: [{ start: '18:00', end: '09:00' }] }), 'hours.0.end', '结束时间须晚于开始时间'],
      [point('甲', { staffIds: [MISSING] }), 'staffIds', '核销员不存在'],
    ];
    for (const [b, field, msg] of cases) {
      const r = await body('SavePick', b);
      expect(r.code, msg).not.toBe(0);
      expect(r.msg).toBe(msg);
      expect(r.data.errors[0].field).toBe(field);
    }
  });

  it('pages and finds by keyword on the server', async () => {
    const shop = await t.registerOwner('多点店');
    for (let i = 1; i <= 12; i++)
      await ok('SavePick', point(`门店${String(i).padStart(2, '0')}`, { address: i === 7 ? '海岸城七楼' : '科技园' }), shop.token);
    const page2 = await ok('PickList', { page_index: 2, page_size: 5 }, shop.token);
    expect(page2.total_count).toBe(12);
    expect(page2.rows).toHaveLength(5);
    expect(page2.rows[0].name).toBe('门店07');
    const found = await ok('PickList', { keyword: '海岸城' }, shop.token);
    expect(found.rows.map((r: { name: string }) => r.name)).toEqual(['门店07']);
    expect((await ok('PickList', { keyword: '门店1' }, shop.token)).total_count).toBe(3);
  });

  it('lets only the named verifiers (and the owner) verify at a point; anyone when none is named', async () => {
    const shop = await t.registerOwner('核销店');
    const a = await t.addMember(shop.renterId, ['dashboard']);
    const b = await t.addMember(shop.renterId, ['dashboard']);
    const aStaff = (await ok('PickStaffOptions', { keyword: a.phone }, shop.token))[0];
    const named = (await ok('SavePick', point('指定核销', { staffIds: [aStaff.id] }), shop.token)).id;
    const open = (await ok('SavePick', point('不限核销'), shop.token)).id;
    const tenant = seedTenant(t.db, shop.renterId);
    expect(await staffMayVerifyAt(tenant, named, a.userId)).toBe(true);
    expect(await staffMayVerifyAt(tenant, named, b.userId)).toBe(false);
    expect(await staffMayVerifyAt(tenant, named, shop.userId)).toBe(true);
    expect(await staffMayVerifyAt(tenant, open, b.userId)).toBe(true);
    expect(await staffMayVerifyAt(tenant, open, other.userId)).toBe(false);
    expect(await staffMayVerifyAt(seedTenant(t.db, other.renterId), named, other.userId)).toBe(false);
  });
});

describe('自提点 on the customer side (/h5/Pickup/List)', () => {
  const member = async (renterId: string) => {
    const [sh] = await t.db.select().from(shops).where(eq(shops.renterId, renterId)).limit(1);
    const phone = newPhone();
    await t.passSmsCooldown(phone);
    const h = { [SHOP_HEADER]: sh.id };
    await t.call('/h5/Member/SendCode', { phone }, undefined, h);
    const d = (await t.call('/h5/Member/LoginBySms', { phone, code: t.smsCode(phone) }, undefined, h)).body.data;
    return (b: unknown = {}) => t.call('/h5/Pickup/List', b, d.token as string, h);
  };

  it("lists the shop's enabled points only, with area names and hours, and none of another shop's", async () => {
    const shop = await t.registerOwner('顾客自提店');
    const open = (await ok('SavePick', point('南山门店', { days: [6, 7], hours: [{ start: '10:00', end: '20:00' }] }), shop.token)).id;
    const closed = (await ok('SavePick', point('停用门店'), shop.token)).id;
    await ok('EditPickState', { id: closed, status: 0 }, shop.token);
    await ok('SavePick', point('别家门店'), other.token);
    const list = await member(shop.renterId);
    const r = await list();
    expect(r.body).toMatchObject({ code: 0 });
    expect(r.body.data.rows).toEqual([
      {
        id: open,
        name: '南山门店',
        areaText: '广东省 深圳市 南山区',
        address: '科技园南区1栋',
        phone: '0755-88886666',
        days: [6, 7],
        hours: [{ start: '10:00', end: '20:00' }],
      },
    ]);
    // A visitor without a member token is asked to log in.
    const [sh] = await t.db.select().from(shops).where(eq(shops.renterId, shop.renterId)).limit(1);
    expect((await t.call('/h5/Pickup/List', {}, undefined, { [SHOP_HEADER]: sh.id })).body.code).not.toBe(0);
  });
});

describe('permissions', () => {
  it('needs the 配送设置 grant for its calls; view alone cannot edit', async () => {
    const stranger = await t.addMember(owner.renterId, ['dashboard']);
    expect(await body('GetExpressData', {}, stranger.token)).toMatchObject({ code: 1003 });
    expect(await body('PickList', {}, stranger.token)).toMatchObject({ code: 1003 });
    const viewer = await t.addMember(owner.renterId, ['distributionSet'], { exact: true });
    expect(await body('PickList', {}, viewer.token)).toMatchObject({ code: 0 });
    expect(await body('SavePick', point('越权'), viewer.token)).toMatchObject({ code: 1003 });
    const editor = await t.addMember(owner.renterId, ['distributionSet']);
    expect(await body('SavePick', point('店员建的'), editor.token)).toMatchObject({ code: 0 });
  });

  it('treats another renter’s pick-up point as missing', async () => {
    const id = (await ok('SavePick', point('别人家的'), other.token)).id;
    expect(await body('GetPick', { id })).toMatchObject({ code: 1004, msg: '自提点不存在' });
    expect(await body('DelPick', { id })).toMatchObject({ code: 1004 });
    expect(await ok('GetPick', { id }, other.token)).toMatchObject({ name: '别人家的' });
  });
});
