import { SHOP_HEADER } from '@shop/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goods, shops } from '@/db/schema';
import { makeApp, type Person, type TestApp } from './helper';

// The catalogue on the customer side (contract goods/h5-goods.endpoints.ts): what a shopper of the H5 shop sees.
const HOME = '/h5/Shop/GetHome';
const TYPES = '/h5/Goods/GetTypes';
const LIST = '/h5/Goods/GetList';
const DETAIL = '/h5/Goods/GetDetail';

let t: TestApp;
let owner: Person;
let other: Person;
let shop: string;
let otherShop: string;

const shopOf = async (renterId: string) => (await t.db.select().from(shops).where(eq(shops.renterId, renterId)).limit(1))[0].id;
const h5 = (path: string, body: unknown, shopId = shop) => t.call(path, body, undefined, { [SHOP_HEADER]: shopId });
async function h5ok(path: string, body: unknown, shopId = shop) {
  const r = await h5(path, body, shopId);
  if (r.status !== 200 || r.body.code !== 0) throw new Error(`${path}: ${r.status} ${r.body.code} ${r.body.msg}`);
  return r.body.data;
}
const titles = (page: { rows: { title: string }[] }) => page.rows.map((r) => r.title).sort();

const category = async (name: string, parentId?: string, status = 1, token = owner.token) =>
  (await t.ok('/Goods/GoodsType/save', { name, parentId, status }, token)).id as string;

/** A goods of one SKU (¥12.50 × 3, cost ¥4), put on sale unless told otherwise. */
async function oneSku(title: string, over: Record<string, unknown> = {}, onSale = true, token = owner.token) {
  const { id } = await t.ok(
    '/Goods/Goods/save',
    { title, skus: [{ specValues: {}, price: 12.5, originalPrice: 15, stock: 3, cost: 4, code: 'C-1', barcode: '690000' }], ...over },
    token,
  );
  if (onSale) await t.ok('/Goods/Goods/updateState', { ids: [id], status: 1 }, token);
  return id as string;
}

let fruit: string;
let apples: string;
let drinks: string;
let hidden: string;
let appleId: string;
let pearOff: string;
let scheduledPast: string;
let scheduledFuture: string;
let teeId: string;
let soldOut: string;
let foreign: string;

beforeAll(async () => {
  t = await makeApp();
  owner = await t.registerOwner('顾客商品店');
  other = await t.registerOwner('别家顾客店');
  shop = await shopOf(owner.renterId);
  otherShop = await shopOf(other.renterId);
  await t.db.update(shops).set({ name: '甲的小店', logo: '/file/shop-logo.png' }).where(eq(shops.id, shop));

  fruit = await category('水果');
  apples = await category('苹果类', fruit);
  drinks = await category('饮品');
  hidden = await category('下架专区', undefined, 0);
  await category('别家分类', undefined, 1, other.token);

  appleId = await oneSku('红富士苹果', { categoryId: apples, sellingPoint: '脆甜多汁', purchaseLimit: 2, delivery: ['express', 'pickup'] });
  pearOff = await oneSku('雪梨', { categoryId: fruit }, false);
  soldOut = await t
    .ok('/Goods/Goods/save', { title: '售罄橙子', categoryId: fruit, skus: [{ specValues: {}, price: 8, stock: 0 }] }, owner.token)
    .then(async ({ id }) => {
      await t.ok('/Goods/Goods/updateState', { ids: [id], status: 1 }, owner.token);
      return id as string;
    });
  teeId = (
    await t.ok(
      '/Goods/Goods/save',
      {
        title: '纯棉T恤',
        categoryId: drinks,
        specs: [
          { name: '颜色', values: ['红', '黑'] },
          { name: '尺码', values: ['S', 'M'] },
        ],
        skus: [
          { specValues: { 颜色: '红', 尺码: 'S' }, price: 59, stock: 2, cost: 20 },
          { specValues: { 颜色: '红', 尺码: 'M' }, price: 59, stock: 0, cost: 20 },
          { specValues: { 颜色: '黑', 尺码: 'S' }, price: 69, stock: 5, cost: 25 },
          { specValues: { 颜色: '黑', 尺码: 'M' }, price: 69, stock: 1, cost: 25 },
        ],
        joinvip: true,
        showvipprice: true,
        description: '<p>面料<b>柔软</b></p><script>alert(1)</script><img src="/file/a.png" onerror="alert(2)">',
      },
      owner.token,
    )
  ).id;
  await t.ok('/Goods/Goods/updateState', { ids: [teeId], status: 1 }, owner.token);
  // Scheduled goods: one whose time has come (the start-sale job has not run yet), one still ahead.
  scheduledPast = await oneSku('早到的新品', {}, false);
  scheduledFuture = await oneSku('下周的新品', {}, false);
  await t.db.update(goods).set({ status: 2, startSaleAt: sql`now() - interval '1 hour'` }).where(eq(goods.id, scheduledPast));
  await t.db.update(goods).set({ status: 2, startSaleAt: sql`now() + interval '7 days'` }).where(eq(goods.id, scheduledFuture));
  foreign = await oneSku('别家苹果', {}, true, other.token);
});
afterAll(() => t?.close());

describe('the shop home and its categories', () => {
  it('answers the shop name and logo from its settings, and the enabled top-level categories', async () => {
    const home = await h5ok(HOME, {});
    expect(home).toMatchObject({ shopId: shop, name: '甲的小店', logo: '/file/shop-logo.png' });
    expect(home.categories.map((c: { name: string }) => c.name)).toEqual(['水果', '饮品']);
  });

  it('answers the enabled categories as a tree, never a disabled one or another renter’s', async () => {
    const tree = await h5ok(TYPES, {});
    expect(tree).toEqual([
      { id: fruit, name: '水果', icon: '', children: [{ id: apples, name: '苹果类', icon: '', children: [] }] },
      { id: drinks, name: '饮品', icon: '', children: [] },
    ]);
    expect(JSON.stringify(tree)).not.toContain(hidden);
    expect((await h5ok(TYPES, {}, otherShop)).map((c: { name: string }) => c.name)).toEqual(['别家分类']);
  });

  it('refuses a call without a known shop', async () => {
    const r = await h5(HOME, {}, '00000000-0000-4000-8000-000000000000');
    expect(r.body.code).not.toBe(0);
    expect(r.body.msg).toBe('店铺不存在');
  });
});

describe('the goods list', () => {
  it('lists what customers may see: on sale (sold out too) and scheduled goods past their start, nothing else', async () => {
    const all = await h5ok(LIST, { page_size: 50 });
    expect(titles(all)).toEqual(['售罄橙子', '早到的新品', '红富士苹果', '纯棉T恤'].sort());
    expect(all.total_count).toBe(4);
    const ids = all.rows.map((r: { id: string }) => r.id);
    for (const id of [pearOff, scheduledFuture, foreign]) expect(ids).not.toContain(id);
    expect(all.rows.find((r: { id: string }) => r.id === soldOut).totalStock).toBe(0);
  });

  it('answers no cost, code or back-office state in a row', async () => {
    const { rows } = await h5ok(LIST, { keyword: '苹果' });
    expect(rows).toEqual([
      { id: appleId, title: '红富士苹果', mainImage: '', categoryId: apples, minPrice: 12.5, maxPrice: 12.5, totalStock: 3 },
    ]);
  });

  it('filters by category with its subcategories, and by keyword', async () => {
    expect(titles(await h5ok(LIST, { categoryId: fruit }))).toEqual(['售罄橙子', '红富士苹果'].sort());
    expect(titles(await h5ok(LIST, { categoryId: apples }))).toEqual(['红富士苹果']);
    expect(titles(await h5ok(LIST, { categoryId: drinks, keyword: 'T恤' }))).toEqual(['纯棉T恤']);
    expect((await h5ok(LIST, { keyword: '不存在的东西' })).rows).toEqual([]);
    // Another renter's category is no category of this shop: nothing.
    const foreignType = (await t.ok('/Goods/GoodsType/getalllist', {}, other.token))[0].id;
    expect(await h5ok(LIST, { categoryId: foreignType })).toMatchObject({ rows: [], total_count: 0 });
  });

  it('pages on the server', async () => {
    const first = await h5ok(LIST, { page_size: 3, page_index: 1 });
    const second = await h5ok(LIST, { page_size: 3, page_index: 2 });
    expect(first.rows).toHaveLength(3);
    expect(second.rows).toHaveLength(1);
    expect(first.total_count).toBe(4);
    const seen = [...first.rows, ...second.rows].map((r: { id: string }) => r.id);
    expect(new Set(seen).size).toBe(4);
  });

  it('names the field of bad input in Chinese', async () => {
    expect((await h5(LIST, { categoryId: 'x' })).body).toMatchObject({ code: 1001, msg: '商品分类不正确' });
    expect((await h5(LIST, { page_size: 500 })).body).toMatchObject({ code: 1001, msg: '每页条数不能超过200' });
  });
});

describe('the goods detail', () => {
  it('answers images, specs, SKUs with price and stock, limit, delivery — never a cost price', async () => {
    const d = await h5ok(DETAIL, { id: appleId });
    expect(d).toMatchObject({
      id: appleId,
      title: '红富士苹果',
      sellingPoint: '脆甜多汁',
      purchaseLimit: 2,
      delivery: ['express', 'pickup'],
      startSaleAt: '',
      memberPrice: false,
      skus: [{ specValues: {}, price: 12.5, originalPrice: 15, stock: 3 }],
    });
    expect(Object.keys(d.skus[0]).sort()).toEqual(['activity', 'originalPrice', 'price', 'skuId', 'specValues', 'stock']);
    const text = JSON.stringify(d);
    for (const secret of ['cost', 'C-1', '690000', 'goodsNo']) expect(text).not.toContain(secret);
  });

  it('answers the spec names and every SKU, the member price hint and a sanitised description', async () => {
    const d = await h5ok(DETAIL, { id: teeId });
    expect(d.specs).toEqual([
      { name: '颜色', values: ['红', '黑'] },
      { name: '尺码', values: ['S', 'M'] },
    ]);
    expect(d.skus.map((s: { specValues: object; stock: number; price: number }) => [s.specValues, s.price, s.stock])).toEqual([
      [{ 颜色: '红', 尺码: 'S' }, 59, 2],
      [{ 颜色: '红', 尺码: 'M' }, 59, 0],
      [{ 颜色: '黑', 尺码: 'S' }, 69, 5],
      [{ 颜色: '黑', 尺码: 'M' }, 69, 1],
    ]);
    expect(d).toMatchObject({ minPrice: 59, maxPrice: 69, totalStock: 8, memberPrice: true });
    expect(d.description).toContain('<b>柔软</b>');
    expect(d.description).not.toMatch(/script|onerror|alert/);
  });

  it('shows a scheduled goods once its start time has passed, with that time', async () => {
    const d = await h5ok(DETAIL, { id: scheduledPast });
    expect(d.startSaleAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('answers 商品不存在 for a goods off the shelf, not yet on sale, another renter’s, or missing', async () => {
    const missing = (await h5(DETAIL, { id: '00000000-0000-4000-8000-000000000000' })).body;
    expect(missing).toMatchObject({ code: 1004, msg: '商品不存在' });
    for (const id of [pearOff, scheduledFuture, foreign]) expect((await h5(DETAIL, { id })).body).toEqual(missing);
    // The other renter's own shop shows it.
    expect((await h5ok(DETAIL, { id: foreign }, otherShop)).title).toBe('别家苹果');
    expect((await h5(DETAIL, { id: 'x' })).body).toMatchObject({ code: 1001, msg: '商品不存在' });
  });
});
