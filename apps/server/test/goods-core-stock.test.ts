import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Ctx } from '../src/core/context';
import { goodsSkus } from '../src/db/schema';
import { decrementStock } from '../src/modules/goods';
import { makeApp, type Person, type TestApp } from './helper';

let t: TestApp;
let owner: Person;
let other: Person;

beforeAll(async () => {
  t = await makeApp();
  [owner, other] = await Promise.all([t.registerOwner('库存店'), t.registerOwner('隔壁库存店')]);
});
afterAll(() => t.close());

/** The context an order workflow would pass: the owner's enterprise. */
const ctxOf = (p: Person): Ctx => ({
  db: t.db,
  reqId: 'test',
  ip: '127.0.0.1',
  userAgent: '',
  log: t.app.log,
  services: t.services,
  session: {
    sessionId: 's',
    userId: p.userId,
    renterId: p.renterId,
    shopId: 'shop',
    staffId: 'staff',
    roleId: 'role',
    isOwner: true,
    grants: new Set(),
  },
});

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

  it('lets exactly 25 of 40 concurrent single decrements through a stock of 25', async () => {
    const skuId = await goodsWithStock('秒杀', 25);
    const results = await Promise.allSettled(Array.from({ length: 40 }, () => decrementStock(ctxOf(owner), [{ skuId, qty: 1 }])));
    const ok = results.filter((r) => r.status === 'fulfilled').length;
    const refused = results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason.message);
    expect(ok).toBe(25);
    expect(refused).toEqual(Array(15).fill('商品「秒杀」库存不足'));
    expect(await stockOf(skuId)).toBe(0);
  });
});
