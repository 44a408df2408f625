import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goods, goodsActivities, goodsActivitySkus, goodsSkus, operLogs } from '@/db/schema';
import { type AnyData, makeApp, type Person, type TestApp } from './helper';

let t: TestApp;
let owner: Person;
let other: Person;

const P = '/Goods/Goods/';
const CARDS = `${P}GoodsPagelist`;
const SKUS = `${P}SkuPagelist`;
const SORT_LIST = `${P}SortPagelist`;
const BATCH_SORT = `${P}BatchSort`;
const AVAILABLE = `${P}GetAvailableGoods`;
const PROMOTION = `${P}GetPromotionGoods`;

const sku = (specValues: Record<string, string>, price: number, stock: number, over: Record<string, unknown> = {}) => ({
  specValues,
  price,
  stock,
  ...over,
});
const plain = (title: string, price: number, stock: number, over: Record<string, unknown> = {}) => ({
  title,
  skus: [sku({}, price, stock)],
  ...over,
});
const create = async (token: string, body: Record<string, unknown>): Promise<string> => (await t.ok(`${P}save`, body, token)).id;
const cat = async (token: string, name: string, parentId?: string): Promise<string> =>
  (await t.ok('/Goods/GoodsType/save', { name, parentId, status: 1 }, token)).id;
const refusal = async (path: string, body: unknown, token = owner.token) => (await t.call(path, body, token)).body;
const titles = (r: { rows: { title: string }[] }) => r.rows.map((x) => x.title);

const ids: Record<string, string> = {};
let food = '';
let bread = '';

beforeAll(async () => {
  t = await makeApp();
  [owner, other] = await Promise.all([t.registerOwner('视图店'), t.registerOwner('隔壁视图店')]);
  food = await cat(owner.token, '食品');
  bread = await cat(owner.token, '面包', food);
  const drink = await cat(owner.token, '饮品');
  // Created in this order, so 'newest first' among equal sort values is 礼盒, 可乐, 饼干, 吐司.
  ids.toast = await create(owner.token, plain('吐司', 8, 10, { categoryId: bread, status: 1 }));
  ids.biscuit = await create(owner.token, plain('饼干', 3.5, 0, { categoryId: food, status: 1 }));
  ids.cola = await create(owner.token, plain('可乐', 3, 100, { categoryId: drink, status: 0, goodsNo: 'KL-01' }));
  ids.box = await create(owner.token, {
    title: '礼盒',
    specs: [
      { name: '规格', values: ['小', '大'] },
      { name: '包装', values: ['纸'] },
    ],
    skus: [sku({ 规格: '小', 包装: '纸' }, 50, 1, { barcode: '6901234', code: 'LH-S' }), sku({ 规格: '大', 包装: '纸' }, 99.9, 20)],
    status: 1,
  });
  ids.future = await create(owner.token, plain('月饼', 30, 5, { status: 2, startSaleAt: '2099-01-01 10:00:00' }));
  ids.started = await create(owner.token, plain('粽子', 12, 6, { status: 2, startSaleAt: '2020-01-01 10:00:00' }));
  await create(other.token, plain('隔壁吐司', 1, 1, { status: 1 }));
});
afterAll(() => t.close());

describe('GoodsPagelist (/Glist)', () => {
  it('answers cards in the shop order with category, price span, stock and SKU count', async () => {
    const r = await t.ok(CARDS, { page_size: 100 }, owner.token);
    expect(r.total_count).toBe(6);
    expect(titles(r)).toEqual(['粽子', '月饼', '礼盒', '可乐', '饼干', '吐司']);
    expect(r.rows.find((x: AnyData) => x.id === ids.box)).toMatchObject({
      minPrice: 50,
      maxPrice: 99.9,
      totalStock: 21,
      skuCount: 2,
      categoryName: '',
    });
    expect(r.rows.find((x: AnyData) => x.id === ids.toast)).toMatchObject({ categoryName: '面包', skuCount: 1, status: 1 });
  });

  it('filters by keyword (title, goods no, barcode), category subtree and status tab, and pages', async () => {
    expect(titles(await t.ok(CARDS, { keyword: '吐' }, owner.token))).toEqual(['吐司']);
    expect(titles(await t.ok(CARDS, { keyword: 'kl-0' }, owner.token))).toEqual(['可乐']);
    expect(titles(await t.ok(CARDS, { keyword: '6901234' }, owner.token))).toEqual(['礼盒']);
    expect(titles(await t.ok(CARDS, { categoryId: food }, owner.token))).toEqual(['饼干', '吐司']);
    expect(titles(await t.ok(CARDS, { status: 'sold_out' }, owner.token))).toEqual(['饼干']);
    expect(titles(await t.ok(CARDS, { status: 'off_shelf' }, owner.token))).toEqual(['可乐']);
    const page2 = await t.ok(CARDS, { page_index: 2, page_size: 4 }, owner.token);
    expect(page2).toMatchObject({ total_count: 6 });
    expect(titles(page2)).toEqual(['饼干', '吐司']);
  });

  it("keeps enterprises apart: another's category lists nothing, another's goods never show", async () => {
    expect(await t.ok(CARDS, { categoryId: food }, other.token)).toEqual({ rows: [], total_count: 0 });
    expect(titles(await t.ok(CARDS, {}, other.token))).toEqual(['隔壁吐司']);
  });
});

describe('SkuPagelist (/goodsList)', () => {
  it('answers one row per SKU with its spec text in spec order', async () => {
    const r = await t.ok(SKUS, { keyword: '礼盒' }, owner.token);
    expect(r.total_count).toBe(2);
    expect(r.rows.map((x: AnyData) => x.specText)).toEqual(['小 / 纸', '大 / 纸']);
    expect(r.rows[0]).toMatchObject({
      goodsId: ids.box,
      title: '礼盒',
      price: 50,
      stock: 1,
      barcode: '6901234',
      code: 'LH-S',
      goodsStatus: 1,
      goodsTotalStock: 21,
    });
  });

  it('sorts by SKU price and stock, filters low stock, and finds a SKU by its own barcode or code', async () => {
    const byStock = await t.ok(SKUS, { page_size: 100, sorter: [{ field: 'stock', order: 'asc' }] }, owner.token);
    expect(byStock.rows.map((x: AnyData) => x.stock)).toEqual([0, 1, 5, 6, 10, 20, 100]);
    const byPrice = await t.ok(SKUS, { page_size: 3, sorter: [{ field: 'price', order: 'desc' }] }, owner.token);
    expect(byPrice.rows.map((x: AnyData) => x.price)).toEqual([99.9, 50, 30]);
    expect(byPrice.total_count).toBe(7);
    const low = await t.ok(SKUS, { lowStock: 5, sorter: [{ field: 'stock', order: 'asc' }] }, owner.token);
    expect(low.rows.map((x: AnyData) => `${x.title}${x.specText}`)).toEqual(['饼干', '礼盒小 / 纸', '月饼']);
    expect((await t.ok(SKUS, { keyword: '6901234' }, owner.token)).rows.map((x: AnyData) => x.specText)).toEqual(['小 / 纸']);
    expect((await t.ok(SKUS, { keyword: 'LH-S' }, owner.token)).rows.map((x: AnyData) => x.specText)).toEqual(['小 / 纸']);
    expect((await t.ok(SKUS, { categoryId: bread }, owner.token)).rows.map((x: AnyData) => x.title)).toEqual(['吐司']);
    expect(await refusal(SKUS, { lowStock: -1 })).toMatchObject({ msg: '库存不能小于0' });
  });

  it('shows a stock changed through BatchEditGoodsStock, and only the own enterprise SKUs', async () => {
    const [row] = (await t.ok(SKUS, { keyword: '吐司' }, owner.token)).rows;
    await t.ok(`${P}BatchEditGoodsStock`, { items: [{ skuId: row.skuId, stock: 3 }] }, owner.token);
    const [after] = (await t.ok(SKUS, { keyword: '吐司' }, owner.token)).rows;
    expect(after).toMatchObject({ skuId: row.skuId, stock: 3, goodsTotalStock: 3 });
    expect((await t.ok(SKUS, { keyword: '吐司' }, other.token)).rows.map((x: AnyData) => x.title)).toEqual(['隔壁吐司']);
    await t.ok(`${P}BatchEditGoodsStock`, { items: [{ skuId: row.skuId, stock: 10 }] }, owner.token);
  });
});

describe('SortPagelist and BatchSort (/goodsSort)', () => {
  let shop: Person;
  const g: Record<string, string> = {};
  const order = async () => titles(await t.ok(SORT_LIST, { page_size: 100 }, shop.token));
  beforeAll(async () => {
    shop = await t.registerOwner('排序店');
    for (const name of ['甲', '乙', '丙', '丁']) g[name] = await create(shop.token, plain(name, 1, 1, { status: 1 }));
    g.off = await create(shop.token, plain('仓库货', 1, 1, { status: 0 }));
  });

  it('lists only goods on sale or scheduled, newest first while sort values tie', async () => {
    expect(await order()).toEqual(['丁', '丙', '乙', '甲']);
  });

  it('moves goods to the places asked, keeps the rest in order, and persists it for /Goodlist', async () => {
    const r = await t.call(BATCH_SORT, { list: [{ id: g.甲, sort: 1 }] }, shop.token);
    expect(r.body).toMatchObject({ code: 0, msg: '排序成功' });
    expect(await order()).toEqual(['甲', '丁', '丙', '乙']);
    // A whole page in a new order (as the drag sends it): places 1..4.
    const page = ['乙', '甲', '丙', '丁'].map((name, i) => ({ id: g[name], sort: i + 1 }));
    await t.ok(BATCH_SORT, { list: page }, shop.token);
    expect(await order()).toEqual(['乙', '甲', '丙', '丁']);
    // 置底: the last place (a place past the end is the end).
    await t.ok(BATCH_SORT, { list: [{ id: g.乙, sort: 99 }] }, shop.token);
    expect(await order()).toEqual(['甲', '丙', '丁', '乙']);
    const stored = await t.db.select({ title: goods.title, sort: goods.sort }).from(goods).where(eq(goods.renterId, shop.renterId));
    expect(Object.fromEntries(stored.map((x) => [x.title, x.sort]))).toMatchObject({ 甲: 1, 丙: 2, 丁: 3, 乙: 4, 仓库货: 0 });
    // The goods list's sort order (and the shop's default order) now agree with the sort screen.
    const list = await t.ok(`${P}list`, { status: 'on_sale', sorter: [{ field: 'sort', order: 'asc' }] }, shop.token);
    expect(titles(list)).toEqual(['甲', '丙', '丁', '乙']);
    const logs = await t.db
      .select()
      .from(operLogs)
      .where(and(eq(operLogs.renterId, shop.renterId), eq(operLogs.action, '商品排序')));
    expect(logs).toHaveLength(3);
  });

  it('refuses unknown, foreign, repeated and off-shelf goods and changes nothing', async () => {
    const before = await order();
    const foreign = await create(other.token, plain('外店货', 1, 1, { status: 1 }));
    expect(await refusal(BATCH_SORT, { list: [{ id: foreign, sort: 1 }] }, shop.token)).toMatchObject({ msg: '商品不存在' });
    expect(
      await refusal(
        BATCH_SORT,
        {
          list: [
            { id: g.丁, sort: 1 },
            { id: foreign, sort: 2 },
          ],
        },
        shop.token,
      ),
    ).toMatchObject({
      msg: '商品不存在',
    });
    expect(
      await refusal(
        BATCH_SORT,
        {
          list: [
            { id: g.丁, sort: 1 },
            { id: g.丁, sort: 2 },
          ],
        },
        shop.token,
      ),
    ).toMatchObject({ msg: '商品重复' });
    expect(await refusal(BATCH_SORT, { list: [{ id: g.off, sort: 1 }] }, shop.token)).toMatchObject({
      msg: '商品「仓库货」已下架，不能参与排序',
    });
    expect(await refusal(BATCH_SORT, { list: [] }, shop.token)).toMatchObject({ msg: '请选择要排序的数据' });
    expect(await refusal(BATCH_SORT, { list: [{ id: g.丁, sort: -1 }] }, shop.token)).toMatchObject({ msg: '排序值不能小于0' });
    expect(await order()).toEqual(before);
  });
});

describe('GetAvailableGoods and GetPromotionGoods (pickers)', () => {
  it('answers goods sellable now with stock, with their SKUs; excludes ids', async () => {
    const r = await t.ok(AVAILABLE, { page_size: 100 }, owner.token);
    // Not 饼干 (sold out), 可乐 (off shelf) or 月饼 (starts in 2099); 粽子 is past its start.
    expect(titles(r)).toEqual(['粽子', '礼盒', '吐司']);
    const box = r.rows.find((x: AnyData) => x.id === ids.box);
    expect(box.skus.map((s: AnyData) => [s.specText, s.price, s.stock])).toEqual([
      ['小 / 纸', 50, 1],
      ['大 / 纸', 99.9, 20],
    ]);
    expect(titles(await t.ok(AVAILABLE, { excludeIds: [ids.box, ids.started] }, owner.token))).toEqual(['吐司']);
    expect(titles(await t.ok(AVAILABLE, { keyword: '吐' }, other.token))).toEqual(['隔壁吐司']);
    expect(await t.ok(AVAILABLE, { categoryId: food }, other.token)).toEqual({ rows: [], total_count: 0 });
  });

  it('flags goods in another running or upcoming enabled activity, not in ended, disabled or the own one', async () => {
    const day = 86_400_000;
    const now = Date.now();
    const activity = async (name: string, startAt: number, endAt: number, status: number, goodsId: string) => {
      const [a] = await t.db
        .insert(goodsActivities)
        .values({ renterId: owner.renterId, name, startAt: new Date(startAt), endAt: new Date(endAt), status })
        .returning();
      const [s] = await t.db.select().from(goodsSkus).where(eq(goodsSkus.goodsId, goodsId)).limit(1);
      await t.db
        .insert(goodsActivitySkus)
        .values({ renterId: owner.renterId, activityId: a.id, goodsId, skuId: s.id, priceFen: 100, stock: 1 });
      return a.id;
    };
    const running = await activity('周末秒杀', now - day, now + day, 1, ids.toast);
    await activity('下周折扣', now + day, now + 2 * day, 1, ids.biscuit);
    await activity('上周折扣', now - 3 * day, now - 2 * day, 1, ids.box);
    await activity('停用活动', now - day, now + day, 0, ids.started);
    const flags = async (body: object) =>
      Object.fromEntries(
        (await t.ok(PROMOTION, { page_size: 100, ...body }, owner.token)).rows.map((x: AnyData) => [
          x.title,
          x.inActivity ? x.activityName : '',
        ]),
      );
    // On sale (sold out included, 粽子 past its start); not 可乐 (off shelf) nor 月饼 (not started).
    expect(await flags({})).toEqual({ 粽子: '', 礼盒: '', 饼干: '下周折扣', 吐司: '周末秒杀' });
    expect(await flags({ activityId: running })).toMatchObject({ 吐司: '' });
    // Another enterprise's picker never sees these activities or goods.
    const theirs = await t.ok(PROMOTION, { page_size: 100 }, other.token);
    expect(titles(theirs)).not.toContain('吐司');
    expect(theirs.rows.every((x: AnyData) => !x.inActivity)).toBe(true);
  });

  it('are open to any member of the enterprise; the screens need their grants', async () => {
    const clerk = await t.addMember(owner.renterId, ['Catelist']);
    expect((await t.ok(AVAILABLE, {}, clerk.token)).total_count).toBe(3);
    expect((await t.ok(PROMOTION, {}, clerk.token)).total_count).toBe(4);
    for (const path of [CARDS, SKUS, SORT_LIST]) expect(await refusal(path, {}, clerk.token)).toMatchObject({ msg: '没有权限执行此操作' });
    expect(await refusal(BATCH_SORT, { list: [{ id: ids.toast, sort: 1 }] }, clerk.token)).toMatchObject({ msg: '没有权限执行此操作' });
    // Goodlist alone does not open the other screens' calls.
    const seller = await t.addMember(owner.renterId, ['Goodlist']);
    expect(await refusal(CARDS, {}, seller.token)).toMatchObject({ msg: '没有权限执行此操作' });
    const browser = await t.addMember(owner.renterId, ['Glist', 'goodsList', 'goodsSort']);
    expect((await t.ok(CARDS, {}, browser.token)).total_count).toBe(6);
    expect((await t.ok(SKUS, {}, browser.token)).total_count).toBe(7);
    expect((await t.ok(SORT_LIST, {}, browser.token)).total_count).toBe(5);
    expect((await t.call(AVAILABLE, {})).body.code).not.toBe(0);
  });
});
