import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Ctx } from '@/core/context';
import { goodsSkus, goodsStockMoves } from '@/db/schema';
import { moveStock } from '@/modules/goods';
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
let n = 0;
/** An order's take of qty from a SKU, under a key of its own. */
const take = (skuId: string, qty: number) => ({ skuId, delta: -qty, reason: 'order', orderId: null, key: `test:${++n}` });
const takeAs = (p: Person, moves: { skuId: string; qty: number }[]) =>
  moveStock(
    ctxOf(p),
    p.renterId,
    moves.map((m) => take(m.skuId, m.qty)),
  );

async function goodsWithStock(title: string, stock: number): Promise<string> {
  const { id } = await t.ok('/Goods/Goods/save', { title, skus: [{ price: 1, stock }] }, owner.token);
  return (await t.ok('/Goods/Goods/detail', { id }, owner.token)).skus[0].skuId;
}
const stockOf = async (skuId: string) => (await t.db.select().from(goodsSkus).where(eq(goodsSkus.id, skuId)))[0].stock;
const ledgerOf = (skuId: string) =>
  t.db.select().from(goodsStockMoves).where(eq(goodsStockMoves.skuId, skuId)).orderBy(asc(goodsStockMoves.seq));

/** A SKU's stock is its ledger's sum and its last row's stock_after. */
async function expectOnLedger(skuId: string) {
  const rows = await ledgerOf(skuId);
  const stock = await stockOf(skuId);
  expect(rows.reduce((s, r) => s + r.delta, 0)).toBe(stock);
  expect(rows.at(-1)?.stockAfter ?? 0).toBe(stock);
}

describe('moveStock', () => {
  it('takes stock from every SKU or from none, refusing the short one by name', async () => {
    const a = await goodsWithStock('苹果', 5);
    const b = await goodsWithStock('香蕉', 1);
    await takeAs(owner, [
      { skuId: a, qty: 2 },
      { skuId: b, qty: 1 },
    ]);
    expect([await stockOf(a), await stockOf(b)]).toEqual([3, 0]);
    await expect(
      takeAs(owner, [
        { skuId: a, qty: 1 },
        { skuId: b, qty: 1 },
      ]),
    ).rejects.toThrow('商品「香蕉」库存不足');
    expect([await stockOf(a), await stockOf(b)]).toEqual([3, 0]);
    // The same SKU twice counts together.
    await expect(
      takeAs(owner, [
        { skuId: a, qty: 2 },
        { skuId: a, qty: 2 },
      ]),
    ).rejects.toThrow('商品「苹果」库存不足');
    expect(await stockOf(a)).toBe(3);
    await expectOnLedger(a);
    await expectOnLedger(b);
  });

  it('moves once per key: a repeat changes nothing', async () => {
    const a = await goodsWithStock('重复键', 5);
    const move = { skuId: a, delta: -2, reason: 'order', orderId: null, key: 'order:repeat' };
    expect(await moveStock(ctxOf(owner), owner.renterId, [move])).toBe(1);
    expect(await moveStock(ctxOf(owner), owner.renterId, [move])).toBe(0);
    expect(await stockOf(a)).toBe(3);
    await expectOnLedger(a);
  });

  it("treats another enterprise's SKU as missing", async () => {
    const a = await goodsWithStock('梨', 5);
    await expect(takeAs(other, [{ skuId: a, qty: 1 }])).rejects.toThrow('商品规格不存在或已删除');
    expect(await stockOf(a)).toBe(5);
  });

  raceIt('lets exactly 25 of 40 concurrent single takes through a stock of 25', async () => {
    const skuId = await goodsWithStock('秒杀', 25);
    const results = await Promise.allSettled(Array.from({ length: 40 }, () => takeAs(owner, [{ skuId, qty: 1 }])));
    const ok = results.filter((r) => r.status === 'fulfilled').length;
    const refused = results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason.message);
    expect(ok).toBe(25);
    expect(refused).toEqual(Array(15).fill('商品「秒杀」库存不足'));
    expect(await stockOf(skuId)).toBe(0);
    await expectOnLedger(skuId);
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
    await takeAs(owner, [{ skuId: skus[1].skuId, qty: 6 }]);
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
        return takeAs(owner, [
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

describe('console stock edits on the ledger', () => {
  it('opens a new SKU with its stock, by the staff member who saved it', async () => {
    const a = await goodsWithStock('期初', 7);
    const rows = await ledgerOf(a);
    expect(rows).toMatchObject([
      { delta: 7, stockAfter: 7, reason: 'opening', note: '新建商品', operatorKind: 'staff', operatorId: owner.userId },
    ]);
    // A SKU opened with nothing has no row (its ledger sums to 0).
    expect(await ledgerOf(await goodsWithStock('零库存', 0))).toEqual([]);
  });

  it('makes BatchEditGoodsStock an adjustment of the difference from the stock now, none where it is the same', async () => {
    const a = await goodsWithStock('改库存', 10);
    await takeAs(owner, [{ skuId: a, qty: 3 }]);
    await t.ok('/Goods/Goods/BatchEditGoodsStock', { items: [{ skuId: a, stock: 20 }] }, owner.token);
    await t.ok('/Goods/Goods/BatchEditGoodsStock', { items: [{ skuId: a, stock: 20 }] }, owner.token);
    const rows = await ledgerOf(a);
    expect(rows.map((r) => [r.reason, r.delta, r.stockAfter])).toEqual([
      ['opening', 10, 10],
      ['order', -3, 7],
      ['adjust', 13, 20],
    ]);
    expect(rows[2]).toMatchObject({ note: '后台修改库存', operatorKind: 'staff', operatorId: owner.userId });
    await expectOnLedger(a);
  });

  it('makes the goods form an adjustment for kept SKUs and an opening for added ones', async () => {
    const body = {
      title: '矩阵改库存',
      specs: [{ name: '颜色', values: ['红'] }],
      skus: [{ specValues: { 颜色: '红' }, price: 1, stock: 5 }],
    };
    const { id } = await t.ok('/Goods/Goods/save', body, owner.token);
    const [red] = (await t.ok('/Goods/Goods/detail', { id }, owner.token)).skus;
    await takeAs(owner, [{ skuId: red.skuId, qty: 2 }]);
    await t.ok(
      '/Goods/Goods/save',
      {
        ...body,
        id,
        specs: [{ name: '颜色', values: ['红', '蓝'] }],
        skus: [
          { specValues: { 颜色: '红' }, price: 1, stock: 9 },
          { specValues: { 颜色: '蓝' }, price: 1, stock: 4 },
        ],
      },
      owner.token,
    );
    const skus = (await t.ok('/Goods/Goods/detail', { id }, owner.token)).skus;
    const blue = skus.find((s: { specValues: Record<string, string> }) => s.specValues.颜色 === '蓝');
    expect((await ledgerOf(red.skuId)).map((r) => [r.reason, r.delta, r.note])).toEqual([
      ['opening', 5, '新建商品'],
      ['order', -2, ''],
      ['adjust', 6, '后台修改库存'],
    ]);
    expect((await ledgerOf(blue.skuId)).map((r) => [r.reason, r.delta, r.note])).toEqual([['opening', 4, '新增规格']]);
    const { id: copyId } = await t.ok('/Goods/Goods/copy', { id }, owner.token);
    for (const s of (await t.ok('/Goods/Goods/detail', { id: copyId }, owner.token)).skus) {
      expect((await ledgerOf(s.skuId)).map((r) => [r.reason, r.note])).toEqual([['opening', '复制商品']]);
      await expectOnLedger(s.skuId);
    }
  });
});
