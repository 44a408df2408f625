import { appsWithScreens, type MenuDef, MENU } from '@shop/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renterBuys } from '@/db/schema';
import { makeApp, type Person, type TestApp } from './helper';

let t: TestApp;
let owner: Person;

beforeAll(async () => {
  t = await makeApp();
  owner = await t.registerOwner('即将上线店');
});
afterAll(() => t.close());

describe('apps without screens (issue 12: 幸运抽奖 was sold and opened a 404)', () => {
  it('an app is on sale only when an entry of the menu catalogue names it', () => {
    const withLottery: MenuDef[] = [
      { key: 'm', name: '营销', children: [{ key: 'LotterList', name: '幸运抽奖', path: '/LotterList', app: 'lottery' }] },
    ];
    expect(appsWithScreens(withLottery)).toEqual(new Set(['lottery']));
    expect(appsWithScreens(MENU)).toEqual(new Set());
  });

  it('lists every app of today’s catalogue as not available (即将上线), none buyable', async () => {
    const list = await t.ok('/AppMarket/App/GetAppList', {}, owner.token);
    expect(list.length).toBe(5);
    for (const a of list) expect(a.available).toBe(false);
    const d = await t.ok('/AppMarket/App/GetAppDetail', { appid: 'lottery' }, owner.token);
    expect(d).toMatchObject({ appid: 'lottery', available: false, usagemd: false, usagenf: false });
    expect(await t.ok('/api/Login/GetBuyInfo', { ProductLineGUID: 'lottery' }, owner.token)).toMatchObject({
      kind: 'app',
      usagemd: false,
      usagenf: false,
    });
  });

  it('RenterBuy refuses an app that is not on sale, and no purchase is made', async () => {
    for (const MdOrNf of [1, 2]) {
      const r = await t.call(
        '/api/Login/RenterBuy',
        { ProductLineGUID: 'lottery', CustomerGUID: owner.renterId, MdOrNf, BuyNS: 1 },
        owner.token,
      );
      expect(r.body).toMatchObject({ code: 1, msg: '该应用即将上线，暂不可购买' });
      expect(r.body.data).toMatchObject({ errors: [{ field: 'ProductLineGUID', msg: '该应用即将上线，暂不可购买' }] });
    }
    expect(await t.db.select().from(renterBuys).where(eq(renterBuys.renterId, owner.renterId))).toEqual([]);
  });

  it('the product itself is still sold', async () => {
    const product = await t.ok('/api/Login/GetBuyInfo', {}, owner.token);
    const pay = await t.ok(
      '/api/Login/RenterBuy',
      { ProductLineGUID: product.ProductLineGUID, CustomerGUID: owner.renterId, MdOrNf: 2, BuyNS: 1 },
      owner.token,
    );
    expect(pay.Total).toMatch(/^\d+\.\d{2}$/);
  });
});
