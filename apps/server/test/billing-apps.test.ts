import type { MenuDef, MenuNode } from '@shop/contract';
import { seedTenant } from '@/core/tenant';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { renterApps, renterBuys } from '@/db/schema';
import { boughtApps } from '@/modules/billing';
import { buildMenu } from '@/modules/staff/menu';
import { makeApp, payBySandbox, type Person, type TestApp } from './helper';

// The buying flow needs apps that are on sale: here the catalogue has a screen for each of them (the real one has none
// yet, see billing-coming-soon.test.ts).
vi.mock('@shop/contract', async (importOriginal) => {
  const c = await importOriginal<typeof import('@shop/contract')>();
  const screens = ['erp-link', 'lottery', 'poster', 'timecard', 'precise'].map((app) => ({
    key: `app-${app}`,
    name: app,
    path: `/${app}`,
    app,
  }));
  return {
    ...c,
    MENU: [...c.MENU, { key: 'sold-apps', name: '应用页面', children: [{ key: 'sold-apps.group', name: '应用页面', children: screens }] }],
  };
});

let t: TestApp;
let owner: Person;
let other: Person;

const APPS = '/AppMarket/App/GetAppList';
const DETAIL = '/AppMarket/App/GetAppDetail';
const BUY = '/api/Login/RenterBuy';
const STATUS = '/api/Login/GetPayOrder';
const INFO = '/api/Login/GetBuyInfo';
const USER_INFO = '/Sys/Staff/GetUserInfo';

beforeAll(async () => {
  t = await makeApp();
  [owner, other] = await Promise.all([t.registerOwner('应用店'), t.registerOwner('隔壁应用店')]);
});
afterAll(() => t.close());

const buyApp = (p: Person, appid: string, MdOrNf: number, BuyNS = 1) =>
  t.ok(BUY, { ProductLineGUID: appid, CustomerGUID: p.renterId, MdOrNf, BuyNS }, p.token);
const appRow = async (renterId: string, appId: string) =>
  (
    await t.db
      .select()
      .from(renterApps)
      .where(and(eq(renterApps.renterId, renterId), eq(renterApps.appId, appId)))
  )[0];

/** A catalogue where one entry needs the lottery app. */
const CATALOGUE: MenuDef[] = [
  {
    key: 'marketing',
    name: '营销',
    children: [
      {
        key: 'marketing.group',
        name: '营销',
        children: [
          { key: 'CouponList', name: '优惠券', path: '/CouponList' },
          { key: 'LotterList', name: '幸运抽奖', path: '/LotterList', app: 'lottery' },
        ],
      },
    ],
  },
];
const leaf = (menu: MenuNode[], key: string): MenuNode | undefined => {
  for (const n of menu) {
    if (n.key === key) return n;
    const c = leaf(n.children, key);
    if (c) return c;
  }
};

describe('the app centre', () => {
  it('lists the seeded apps with prices, none bought by a new enterprise', async () => {
    const list = await t.ok(APPS, {}, owner.token);
    expect(list.map((a: { name: string }) => a.name)).toEqual([
      'ERP 对接（云数据连接）',
      '幸运抽奖',
      '海报裂变',
      '次卡 / 计次卡',
      '精准营销',
    ]);
    expect(list[1]).toMatchObject({ appid: 'lottery', annualPrice: 598, buyoutPrice: 1698, bought: 0, mdornf: 0, serviceendtime: '' });
    expect(list[1].intro).not.toBe('');
  });

  it('shows an app’s detail and what can be bought of it', async () => {
    const d = await t.ok(DETAIL, { appid: 'precise' }, owner.token);
    expect(d).toMatchObject({ appid: 'precise', name: '精准营销', usagemd: false, usagenf: true, bought: 0 });
    expect(d.detail.length).toBeGreaterThan(10);
    expect((await t.call(DETAIL, { appid: 'nope' }, owner.token)).body).toMatchObject({ code: 1004, msg: '应用不存在' });
    expect((await t.call(DETAIL, {}, owner.token)).body).toMatchObject({ code: 1001, msg: '缺少应用' });
    expect((await t.call(APPS, {})).status).toBe(401);
  });

  it('lets any member look at the app centre', async () => {
    const member = await t.addMember(owner.renterId, ['Unit']);
    expect((await t.ok(APPS, {}, member.token)).length).toBe(5);
  });
});

describe('buying an app', () => {
  it('annual: the app is bought until a year from now, and another year adds to that end', async () => {
    const shop = await t.registerOwner('抽奖年费店');
    const info = await t.ok(INFO, { ProductLineGUID: 'lottery' }, shop.token);
    expect(info).toMatchObject({ kind: 'app', name: '幸运抽奖', annualPrice: 598, usagemd: true, usagenf: true, mdornf: 0 });
    const pay = await buyApp(shop, 'lottery', 2, 2);
    expect(pay.Total).toBe('1196.00');
    const [b] = await t.db.select().from(renterBuys).where(eq(renterBuys.id, pay.PayOrderGUID));
    expect(b).toMatchObject({ appId: 'lottery', years: 2, amountFen: 119_600 });
    await payBySandbox(t, pay.qr_code);
    expect(await t.ok(STATUS, { OrderGUID: pay.PayOrderGUID }, shop.token)).toEqual({ PayStatus: 2 });

    const first = await appRow(shop.renterId, 'lottery');
    expect(first.mdornf).toBe(2);
    const end = first.serviceEndAt as Date;
    expect(end.getTime()).toBeGreaterThan(Date.now() + 2 * 364 * 86_400_000);
    const card = (await t.ok(APPS, {}, shop.token)).find((a: { appid: string }) => a.appid === 'lottery');
    expect(card).toMatchObject({ bought: 1, mdornf: 2 });
    expect(card.serviceendtime).toMatch(/^\d{4}-\d{2}-\d{2} /);

    // The enterprise's own version is untouched.
    expect((await t.ok(USER_INFO, {}, shop.token)).version).toMatchObject({ issy: 1, mdornf: 0 });

    await payBySandbox(t, (await buyApp(shop, 'lottery', 2, 1)).qr_code);
    const next = new Date(end);
    next.setUTCFullYear(next.getUTCFullYear() + 1);
    expect((await appRow(shop.renterId, 'lottery')).serviceEndAt?.getTime()).toBe(next.getTime());
    expect(await boughtApps(seedTenant(t.db, shop.renterId))).toEqual(new Set(['lottery']));
  });

  it('buyout: for good; buying it again is refused', async () => {
    const shop = await t.registerOwner('海报买断店');
    const pay = await buyApp(shop, 'poster', 1);
    expect(pay.Total).toBe('1998.00');
    await payBySandbox(t, pay.qr_code);
    expect(await appRow(shop.renterId, 'poster')).toMatchObject({ mdornf: 1, serviceEndAt: null });
    expect(await t.ok(DETAIL, { appid: 'poster' }, shop.token)).toMatchObject({ bought: 1, usagemd: false, usagenf: false });
    expect(
      (await t.call(BUY, { ProductLineGUID: 'poster', CustomerGUID: shop.renterId, MdOrNf: 2, BuyNS: 1 }, shop.token)).body,
    ).toMatchObject({
      code: 1,
      msg: '该应用已买断，无需再次购买',
    });
  });

  it('refuses a buyout of an app that is sold by the year only', async () => {
    expect((await t.call(BUY, { ProductLineGUID: 'precise', CustomerGUID: owner.renterId, MdOrNf: 1 }, owner.token)).body).toMatchObject({
      code: 1,
      msg: '当前版本不支持买断',
    });
  });

  it('an app whose year ended counts as not bought', async () => {
    const shop = await t.registerOwner('到期应用店');
    await payBySandbox(t, (await buyApp(shop, 'timecard', 2)).qr_code);
    await t.db
      .update(renterApps)
      .set({ serviceEndAt: new Date(Date.now() - 1000) })
      .where(and(eq(renterApps.renterId, shop.renterId), eq(renterApps.appId, 'timecard')));
    expect((await t.ok(DETAIL, { appid: 'timecard' }, shop.token)).bought).toBe(0);
    expect(await boughtApps(seedTenant(t.db, shop.renterId))).toEqual(new Set());
  });

  it('keeps one enterprise’s apps from another', async () => {
    await payBySandbox(t, (await buyApp(other, 'erp-link', 2)).qr_code);
    expect((await t.ok(DETAIL, { appid: 'erp-link' }, other.token)).bought).toBe(1);
    expect((await t.ok(DETAIL, { appid: 'erp-link' }, owner.token)).bought).toBe(0);
  });
});

describe('menu purchase values', () => {
  it('an entry of an app not bought carries purchase 2 and its app id; buying the app flips it to 1', async () => {
    const shop = await t.registerOwner('菜单应用店');
    const menuOf = async () =>
      buildMenu({ isOwner: true, grants: new Set(), apps: await boughtApps(seedTenant(t.db, shop.renterId)) }, CATALOGUE);
    expect(leaf(await menuOf(), 'LotterList')).toMatchObject({ purchase: 2, appid: 'lottery' });
    expect(leaf(await menuOf(), 'CouponList')).toMatchObject({ purchase: 1, appid: '' });
    await payBySandbox(t, (await buyApp(shop, 'lottery', 2)).qr_code);
    expect(leaf(await menuOf(), 'LotterList')).toMatchObject({ purchase: 1, appid: 'lottery' });
  });

  it('GetUserInfo’s menu has the app centre for the roles granting it, and the app detail page for every member', async () => {
    const member = await t.addMember(owner.renterId, ['Unit']);
    const menu = (await t.ok(USER_INFO, {}, member.token)).menu as MenuNode[];
    expect(leaf(menu, 'Apphall')).toBeUndefined();
    expect(leaf(menu, 'appdesc')).toMatchObject({ path: '/appmarket/appdesc', isshow: false });
    const buyer = await t.addMember(owner.renterId, ['Apphall']);
    const granted = (await t.ok(USER_INFO, {}, buyer.token)).menu as MenuNode[];
    expect(leaf(granted, 'Apphall')).toMatchObject({ path: '/Apphall', isshow: true, purchase: 1 });
  });
});
