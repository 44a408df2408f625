// The goods list's keyword paths (trigram and 1-2 character gram indexes, barcode) and its bounded count. The speed
// of these plans is measured in bench/goods-list, never asserted here.
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boundedCount } from '@/core/paging';
import { goods } from '@/db/schema';
import { makeApp, type Person, type TestApp } from './helper';

let t: TestApp;
let owner: Person;
let other: Person;

const LIST = '/Goods/Goods/list';
const plain = (title: string, over: Record<string, unknown> = {}) => ({ title, skus: [{ specValues: {}, price: 1, stock: 1 }], ...over });
const list = (body: Record<string, unknown>, token = owner.token) => t.ok(LIST, { page_size: 100, ...body }, token);
const titles = (rows: { title: string }[]) => rows.map((r) => r.title).sort();

beforeAll(async () => {
  t = await makeApp();
  [owner, other] = await Promise.all([t.registerOwner('分页店'), t.registerOwner('别家店')]);
  for (const title of ['曲奇饼干', '苏打饼干', '饼', '牛奶', 'Kiwi 果汁', '草莓味'])
    await t.ok('/Goods/Goods/save', plain(title), owner.token);
  await t.ok('/Goods/Goods/save', { title: '条码商品', skus: [{ specValues: {}, price: 1, stock: 1, barcode: '饼干' }] }, owner.token);
  await t.ok('/Goods/Goods/save', plain('隔壁饼干'), other.token);
});
afterAll(() => t.close());

describe('goods list keyword', () => {
  it('finds one and two character keywords anywhere in the title, any case, with a barcode equal to them', async () => {
    // 饼干 is also the barcode of 条码商品; 隔壁饼干 belongs to another enterprise.
    const r = await list({ keyword: '饼干' });
    expect(titles(r.rows)).toEqual(['曲奇饼干', '条码商品', '苏打饼干']);
    expect(r.total_count).toBe(3);
    expect(r.total_estimated).toBeUndefined();
    expect(titles((await list({ keyword: '饼' })).rows)).toEqual(['曲奇饼干', '苏打饼干', '饼']);
    expect(titles((await list({ keyword: 'KI' })).rows)).toEqual(['Kiwi 果汁']);
    expect(titles((await list({ keyword: 'i' })).rows)).toEqual(['Kiwi 果汁']);
    expect(titles((await list({ keyword: '果汁' })).rows)).toEqual(['Kiwi 果汁']);
    expect((await list({ keyword: '饼奶' })).total_count).toBe(0);
  });

  it('finds keywords of three characters and more through the trigram path, and by goods number', async () => {
    expect(titles((await list({ keyword: '草莓味' })).rows)).toEqual(['草莓味']);
    expect(titles((await list({ keyword: 'kiwi 果' })).rows)).toEqual(['Kiwi 果汁']);
    const [{ goodsNo }] = (await list({ keyword: '牛奶' })).rows;
    expect(titles((await list({ keyword: goodsNo.toLowerCase() })).rows)).toEqual(['牛奶']);
  });

  it('pages past the end with an exact total and no rows', async () => {
    const r = await list({ page_index: 5, page_size: 2 });
    expect(r.rows).toEqual([]);
    expect(r.total_count).toBe(7);
  });

  it('refuses a page starting past the first 10,000 rows and asks to narrow the filter', async () => {
    // page 500 of 20 starts at row 9,981: still answered (empty here); page 501 starts at row 10,001.
    expect((await list({ page_index: 500, page_size: 20 })).rows).toEqual([]);
    const deep = await t.call(LIST, { page_index: 501, page_size: 20 }, owner.token);
    expect(deep.body).toMatchObject({ code: 1001, msg: '页码超出范围：最多可翻阅前10000条，请使用筛选条件缩小范围' });
    expect((await t.call('/UpFile/Material/GetFilePage', { page_index: 101, page_size: 100 }, owner.token)).body).toMatchObject({
      code: 1001,
    });
  });
});

describe('bounded count', () => {
  it('counts exactly up to the bound and answers an estimate flagged as such past it', async () => {
    const mine = and(eq(goods.renterId, owner.renterId), like(goods.title, '%'));
    expect(await boundedCount(t.db, goods, mine, 7)).toEqual({ total: 7, estimated: false });
    const past = await boundedCount(t.db, goods, mine, 3);
    expect(past.estimated).toBe(true);
    expect(past.total).toBeGreaterThanOrEqual(4);
  });
});
