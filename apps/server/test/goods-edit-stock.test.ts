import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goodsStockMoves } from '@/db/schema';
import { moveStock } from '@/modules/goods';
import { makeApp, ownerCtx, type Person, type TestApp } from './helper';

/**
 * 编辑商品 while the goods sells: the form sends the stock it showed (`stockSeen`); a stock the merchant did not touch
 * is left as the sales moved it, a changed one is set (a ledger adjustment).
 */
let t: TestApp;
let owner: Person;

beforeAll(async () => {
  t = await makeApp();
  owner = await t.registerOwner('编辑库存店');
});
afterAll(() => t.close());

async function sell(skuId: string, qty: number) {
  const orderId = randomUUID();
  await moveStock(ownerCtx(t, owner), owner.renterId, [{ skuId, delta: -qty, reason: 'order', orderId, key: `order:${orderId}:${skuId}` }]);
}
const detail = async (id: string) => t.ok('/Goods/Goods/detail', { id }, owner.token);
const adjustments = async (skuId: string) =>
  (
    await t.db
      .select()
      .from(goodsStockMoves)
      .where(and(eq(goodsStockMoves.skuId, skuId), eq(goodsStockMoves.reason, 'adjust')))
  ).length;

describe('编辑商品 and the stock sold meanwhile', () => {
  it('keeps the units sold while the form was open when the merchant left the stock as shown', async () => {
    const { id } = await t.ok('/Goods/Goods/save', { title: '边卖边改', skus: [{ price: 9.9, stock: 10 }] }, owner.token);
    const shown = await detail(id);
    const skuId = shown.skus[0].skuId;
    await sell(skuId, 3);
    await t.ok('/Goods/Goods/save', { id, title: '边卖边改（新标题）', skus: [{ price: 9.9, stock: 10, stockSeen: 10 }] }, owner.token);
    expect((await detail(id)).skus[0].stock).toBe(7);
    expect(await adjustments(skuId)).toBe(0);
  });

  it('sets the stock the merchant typed, as an adjustment on the ledger', async () => {
    const { id } = await t.ok('/Goods/Goods/save', { title: '补货', skus: [{ price: 5, stock: 10 }] }, owner.token);
    const skuId = (await detail(id)).skus[0].skuId;
    await sell(skuId, 4);
    await t.ok('/Goods/Goods/save', { id, title: '补货', skus: [{ price: 5, stock: 30, stockSeen: 10 }] }, owner.token);
    expect((await detail(id)).skus[0].stock).toBe(30);
    expect(await adjustments(skuId)).toBe(1);
  });
});
