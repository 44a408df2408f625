import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Ctx } from '@/core/context';
import { goodsSkus } from '@/db/schema';
import { decrementStock } from '@/modules/goods';
import { makeApp, type Person, type TestApp, ownerCtx } from './helper';
import { raceIt } from './race';

let t: TestApp;
let owner: Person;
let other: Person;

beforeAll(async () => {
  t = await makeApp();
  [owner, other] = await Promise.all([t.registerOwner('库存店'), t.registerOwner('隔壁库存店')]);
});
afterAll(() => t.close());

/** The context an order workflow would pass: the owner's enterprise. */
const ctxOf = (p: Person): Ctx => ownerCtx(t, p);

async function goodsWithStock(title: string, stock: number): Promise<string> {
  const { id } = await t.ok('/Goods/Goods/save', { title, skus: [{ price: 1, stock }] }, owner.token);
  return (await t.ok('/Goods/Goods/detail', { id }, owner.token)).skus[0].skuId;
}
const stockOf = async (skuId: string) => (await t.db.select().from(goodsSkus).where(eq(goodsSkus.id, skuId)))[0].stock;

describe('decrementStock', () => {
  it('takes stock from every SKU or from none, refusing the short one by name', async () => {
    const a = await goodsWithStock('苹果', 5);
    const b = await goodsWithStock('香蕉', 1);
    await decrementStock(ctxOf(owner), [
      { skuId: a, qty: 2 },
      { skuId: b, qty: 1 },
    ]);
    expect([await stockOf(a), await stockOf(b)]).toEqual([3, 0]);
    await expect(
      decrementStock(ctxOf(owner), [
        { skuId: a, qty: 1 },
        { skuId: b, qty: 1 },
      ]),
    ).rejects.toThrow('商品「香蕉」库存不足');
    expect([await stockOf(a), await stockOf(b)]).toEqual([3, 0]);
    // The same SKU twice counts together.
    await expect(
      decrementStock(ctxOf(owner), [
        { skuId: a, qty: 2 },
        { skuId: a, qty: 2 },
      ]),
    ).rejects.toThrow('商品「苹果」库存不足');
    expect(await stockOf(a)).toBe(3);
  });

  it("treats another enterprise's SKU as missing", async () => {
    const a = await goodsWithStock('梨', 5);
    await expect(decrementStock(ctxOf(other), [{ skuId: a, qty: 1 }])).rejects.toThrow('商品不存在');
    expect(await stockOf(a)).toBe(5);
  });

  raceIt('lets exactly 25 of 40 concurrent single decrements through a stock of 25', async () => {
    const skuId = await goodsWithStock('秒杀', 25);
    const results = await Promise.allSettled(Array.from({ length: 40 }, () => decrementStock(ctxOf(owner), [{ skuId, qty: 1 }])));
    const ok = results.filter((r) => r.status === 'fulfilled').length;
    const refused = results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason.message);
    expect(ok).toBe(25);
    expect(refused).toEqual(Array(15).fill('商品「秒杀」库存不足'));
    expect(await stockOf(skuId)).toBe(0);
  });

  it('keeps the list price and stock of a goods in step with its SKUs, through saves, stock edits and takes', async () => {
    const { id } = await t.ok(
      '/Goods/Goods/save',
      {
        title: '步调一致',
        specs: [{ name: '尺码', values: ['S', 'M'] }],
        skus: [
          { specValues: { 尺码: 'S' }, price: 3.5, stock: 4 },
          { specValues: { 尺码: 'M' }, price: 8, stock: 6 },
        ],
      },
      owner.token,
    );
    const row = async () => {
      const list = await t.ok('/Goods/Goods/list', { keyword: '步调一致' }, owner.token);
      const r = list.rows[0];
      return [r.minPrice, r.maxPrice, r.totalStock];
    };
    expect(await row()).toEqual([3.5, 8, 10]);
    const { skus } = await t.ok('/Goods/Goods/detail', { id }, owner.token);
    await decrementStock(ctxOf(owner), [{ skuId: skus[1].skuId, qty: 6 }]);
    expect(await row()).toEqual([3.5, 8, 4]);
    await t.ok('/Goods/Goods/BatchEditGoodsStock', { items: [{ skuId: skus[0].skuId, stock: 0 }] }, owner.token);
    expect(await row()).toEqual([3.5, 8, 0]);
    // Sold out now: it leaves 出售中 for 已售罄 only if it is on sale; put it on sale and look at the tabs.
    await t.ok('/Goods/Goods/updateState', { ids: [id], status: 1 }, owner.token);
    const soldOut = await t.ok('/Goods/Goods/list', { keyword: '步调一致', status: 'sold_out' }, owner.token);
    expect(soldOut.rows.map((r: { id: string }) => r.id)).toEqual([id]);
    await t.ok('/Goods/Goods/editprice', { id, skus: [{ skuId: skus[0].skuId, price: 9.9 }] }, owner.token);
    expect(await row()).toEqual([8, 9.9, 0]);
  });

  raceIt('never deadlocks when orders take SKUs of two goods whatever the order of their ids', async () => {
    // Two goods with two SKUs each; every order takes one SKU of each. SKUs are taken in id order, and each take
    // rewrites its goods' aggregates, so without locking the goods first some pairs would lock them crosswise.
    const twoSkus = async (title: string) => {
      const { id } = await t.ok(
        '/Goods/Goods/save',
        {
          title,
          specs: [{ name: '口味', values: ['原味', '辣味'] }],
          skus: [
            { specValues: { 口味: '原味' }, price: 1, stock: 100 },
            { specValues: { 口味: '辣味' }, price: 1, stock: 100 },
          ],
        },
        owner.token,
      );
      return (await t.ok('/Goods/Goods/detail', { id }, owner.token)).skus.map((k: { skuId: string }) => k.skuId);
    };
    const [p, q] = [await twoSkus('交叉甲'), await twoSkus('交叉乙')];
    const pairs = [
      [p[0], q[0]],
      [p[0], q[1]],
      [p[1], q[0]],
      [p[1], q[1]],
    ];
    const results = await Promise.allSettled(
      Array.from({ length: 40 }, (_, i) => {
        const [x, y] = pairs[i % 4];
        return decrementStock(ctxOf(owner), [
          { skuId: x, qty: 1 },
          { skuId: y, qty: 1 },
        ]);
      }),
    );
    expect(results.filter((r) => r.status === 'rejected').map((r) => String((r as PromiseRejectedResult).reason))).toEqual([]);
    const left = await Promise.all([...p, ...q].map(stockOf));
    expect(left).toEqual([80, 80, 80, 80]);
    const list = await t.ok('/Goods/Goods/list', { keyword: '交叉' }, owner.token);
    expect(list.rows.map((r: { totalStock: number }) => r.totalStock)).toEqual([160, 160]);
  });
});
