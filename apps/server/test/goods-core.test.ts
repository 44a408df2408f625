import { EXPIRED_MSG } from '@shop/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goodsSkus, operLogs } from '@/db/schema';
import { type AnyData, makeApp, type Person, type TestApp } from './helper';

let t: TestApp;
let owner: Person;
let other: Person;

beforeAll(async () => {
  t = await makeApp();
  [owner, other] = await Promise.all([t.registerOwner('商品店'), t.registerOwner('隔壁商品店')]);
});
afterAll(() => t.close());

const P = '/Goods/Goods/';
const SAVE = `${P}save`;
const DETAIL = `${P}detail`;
const LIST = `${P}list`;

const SIZES = { name: '尺码', values: ['S', 'M'] };
const COLOURS = { name: '颜色', values: ['红', '蓝'] };
const sku = (specValues: Record<string, string>, price: number, stock: number, over: Record<string, unknown> = {}) => ({
  specValues,
  price,
  stock,
  ...over,
});
/** A plain goods with one SKU. */
const plain = (title: string, price = 10, stock = 5, over: Record<string, unknown> = {}) => ({
  title,
  skus: [sku({}, price, stock)],
  ...over,
});

async function create(token: string, body: Record<string, unknown>): Promise<string> {
  return (await t.ok(SAVE, body, token)).id;
}
const detail = (id: string, token = owner.token): Promise<AnyData> => t.ok(DETAIL, { id }, token);
const list = async (body: Record<string, unknown>, token = owner.token) => t.ok(LIST, { page_size: 100, ...body }, token);
const titles = (rows: { title: string }[]) => rows.map((r) => r.title).sort();
const refusal = async (path: string, body: unknown, token = owner.token) => (await t.call(path, body, token)).body;

describe('getnextgoodsno and save', () => {
  it('numbers new goods and keeps money in fen (19.99 stays 19.99)', async () => {
    const { goodsNo } = await t.ok(`${P}getnextgoodsno`, {}, owner.token);
    expect(goodsNo).toMatch(/^SP\d{6}$/);
    const r = await t.call(SAVE, { ...plain('牛奶', 19.99, 3), goodsNo, postFee: 0.1, description: '<p>好</p>' }, owner.token);
    expect(r.body).toMatchObject({ code: 0, msg: '保存成功' });
    const id = r.body.data.id;
    const stored = await t.db.select().from(goodsSkus).where(eq(goodsSkus.goodsId, id));
    expect(stored[0].priceFen).toBe(1999);
    const d = await detail(id);
    expect(d).toMatchObject({ goodsNo, title: '牛奶', type: 1, status: 0, minPrice: 19.99, maxPrice: 19.99, totalStock: 3, postFee: 0.1 });
    expect(d.skus[0]).toMatchObject({ price: 19.99, stock: 3, specValues: {} });
    const auto = await detail(await create(owner.token, plain('面包')));
    expect(auto.goodsNo).toMatch(/^SP\d{6}$/);
    expect(auto.goodsNo).not.toBe(goodsNo);
    const logs = await t.db
      .select()
      .from(operLogs)
      .where(and(eq(operLogs.recordId, id), eq(operLogs.module, 'goods')));
    expect(logs.map((l) => l.action)).toEqual(['新建商品']);
  });

  it('previews the next number without using it up: opening 发布商品 twice leaves no gap', async () => {
    const shop = await t.registerOwner('编号预览店');
    const first = (await t.ok(`${P}getnextgoodsno`, {}, shop.token)).goodsNo;
    expect(first).toBe('SP000001');
    expect((await t.ok(`${P}getnextgoodsno`, {}, shop.token)).goodsNo).toBe(first);
    // The number is taken when a goods without one is saved.
    expect((await detail(await create(shop.token, plain('第一件')), shop.token)).goodsNo).toBe('SP000001');
    expect((await t.ok(`${P}getnextgoodsno`, {}, shop.token)).goodsNo).toBe('SP000002');
    // A hand-typed number the counter would reach next is skipped in the preview as on save.
    await create(shop.token, plain('手填', 1, 1, { goodsNo: 'SP000002' }));
    expect((await t.ok(`${P}getnextgoodsno`, {}, shop.token)).goodsNo).toBe('SP000003');
    expect((await detail(await create(shop.token, plain('第三件')), shop.token)).goodsNo).toBe('SP000003');
  });

  it('refuses a goods number already used', async () => {
    const id = await create(owner.token, plain('编号甲', 1, 1, { goodsNo: 'DUP-1' }));
    expect(await refusal(SAVE, plain('编号乙', 1, 1, { goodsNo: 'DUP-1' }))).toMatchObject({ msg: '商品编号已存在' });
    // The same number in another enterprise is fine; saving a goods under its own number too.
    await create(other.token, plain('编号甲', 1, 1, { goodsNo: 'DUP-1' }));
    await t.ok(SAVE, { id, ...plain('编号甲改', 1, 1, { goodsNo: 'DUP-1' }) }, owner.token);
  });

  it('refuses a bad title, no SKU, bad prices and bad stock with their messages', async () => {
    expect(await refusal(SAVE, { skus: [sku({}, 1, 1)] })).toMatchObject({ msg: '请输入商品名称' });
    expect(await refusal(SAVE, plain('长'.repeat(101)))).toMatchObject({ msg: '商品名称不能超过100个字' });
    expect(await refusal(SAVE, { title: '无规格', skus: [] })).toMatchObject({ msg: '请至少添加一个商品规格' });
    expect(await refusal(SAVE, plain('负价', -1))).toMatchObject({ msg: '价格不能小于0' });
    expect(await refusal(SAVE, plain('三位小数', 1.999))).toMatchObject({ msg: '价格最多保留两位小数' });
    expect(await refusal(SAVE, plain('小数库存', 1, 1.5))).toMatchObject({ msg: '库存须为整数' });
    expect(await refusal(SAVE, plain('负库存', 1, -1))).toMatchObject({ msg: '库存不能小于0' });
    expect(await refusal(SAVE, plain('定时', 1, 1, { status: 2 }))).toMatchObject({ msg: '请选择开售时间' });
  });

  it('refuses a combination given twice, one missing, a foreign value and a repeated barcode', async () => {
    const specs = [COLOURS];
    expect(
      await refusal(SAVE, {
        title: '重复',
        specs,
        skus: [sku({ 颜色: '红' }, 1, 1), sku({ 颜色: '红' }, 1, 1), sku({ 颜色: '蓝' }, 1, 1)],
      }),
    ).toMatchObject({
      msg: '规格组合「红」重复',
    });
    expect(await refusal(SAVE, { title: '缺少', specs, skus: [sku({ 颜色: '红' }, 1, 1)] })).toMatchObject({
      msg: '规格组合「蓝」未填写价格和库存',
    });
    expect(await refusal(SAVE, { title: '外来', specs, skus: [sku({ 颜色: '红' }, 1, 1), sku({ 颜色: '绿' }, 1, 1)] })).toMatchObject({
      msg: '商品规格的规格值不正确',
    });
    const barcode = (b: string) => ({ barcode: b });
    expect(
      await refusal(SAVE, {
        title: '条码',
        specs,
        skus: [sku({ 颜色: '红' }, 1, 1, barcode('690')), sku({ 颜色: '蓝' }, 1, 1, barcode('690'))],
      }),
    ).toMatchObject({ msg: '条形码「690」重复' });
    expect(await refusal(SAVE, { title: '两行', skus: [sku({}, 1, 1), sku({}, 2, 2)] })).toMatchObject({
      msg: '未设置规格时只能有一个商品规格',
    });
  });

  it('sanitises the description', async () => {
    const html =
      '<p onclick="x()">好<script>alert(1)</script><style>p{}</style><img src="javascript:alert(1)" onerror="y()" alt="图"><a href="https://a.cn" target="_blank">链</a><a href="jav&#x61;script:z()">坏</a></p>';
    const d = await detail(await create(owner.token, plain('详情', 1, 1, { description: html })));
    expect(d.description).toBe('<p>好<img alt="图" /><a href="https://a.cn" target="_blank" rel="noopener noreferrer">链</a><a>坏</a></p>');
  });

  it('keeps the kept SKUs (by combination) when a value is added and another removed', async () => {
    const id = await create(owner.token, {
      title: 'T恤',
      specs: [COLOURS, SIZES],
      skus: [
        sku({ 颜色: '红', 尺码: 'S' }, 10.5, 1),
        sku({ 颜色: '红', 尺码: 'M' }, 11.5, 2),
        sku({ 颜色: '蓝', 尺码: 'S' }, 12.5, 3),
        sku({ 颜色: '蓝', 尺码: 'M' }, 13.5, 4),
      ],
    });
    const before = await detail(id);
    const idOf = (rows: AnyData[], c: string, s: string) => rows.find((r) => r.specValues.颜色 === c && r.specValues.尺码 === s);
    // Remove 蓝, add 黑; the rows come in another order and the specs too: matched by combination, not position.
    await t.ok(
      SAVE,
      {
        id,
        title: 'T恤',
        specs: [SIZES, { name: '颜色', values: ['红', '黑'] }],
        skus: [
          sku({ 颜色: '黑', 尺码: 'M' }, 20, 9),
          sku({ 颜色: '黑', 尺码: 'S' }, 20, 9),
          ...before.skus.filter((s: AnyData) => s.specValues.颜色 === '红').reverse(),
        ],
      },
      owner.token,
    );
    const after = await detail(id);
    expect(after.skus).toHaveLength(4);
    for (const size of ['S', 'M']) {
      expect(idOf(after.skus, '红', size)).toEqual(idOf(before.skus, '红', size));
      expect(idOf(after.skus, '黑', size)).toMatchObject({ price: 20, stock: 9 });
    }
    const rows = await t.db.select().from(goodsSkus).where(eq(goodsSkus.goodsId, id));
    expect(rows.some((r) => r.specValues.颜色 === '蓝')).toBe(false);
    expect(after).toMatchObject({ minPrice: 10.5, maxPrice: 20, totalStock: 21 });
  });
});

describe('list', () => {
  let shop: Person;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    shop = await t.registerOwner('列表店');
    const cat = async (name: string, parentId?: string) =>
      (await t.ok('/Goods/GoodsType/save', { name, parentId, status: 1 }, shop.token)).id as string;
    const food = await cat('食品');
    const bread = await cat('面包', food);
    const drink = await cat('饮品');
    ids.food = food;
    ids.bread = bread;
    ids.a = await create(shop.token, { ...plain('吐司', 8, 10), categoryId: bread, status: 1, sort: 2 });
    ids.b = await create(shop.token, { ...plain('饼干', 3.5, 0), categoryId: food, status: 1, sort: 1 });
    ids.c = await create(shop.token, { ...plain('可乐', 3, 100), categoryId: drink, status: 0, sort: 3, goodsNo: 'KL-01' });
    ids.d = await create(shop.token, {
      title: '礼盒',
      specs: [{ name: '规格', values: ['小', '大'] }],
      skus: [sku({ 规格: '小' }, 50, 1, { barcode: '6901234' }), sku({ 规格: '大' }, 99.9, 2)],
      status: 2,
      startSaleAt: '2030-01-01 10:00:00',
    });
  });

  it('answers rows with the price span and total stock', async () => {
    const r = await list({}, shop.token);
    expect(r.total_count).toBe(4);
    expect(r.rows.find((x: AnyData) => x.id === ids.d)).toMatchObject({
      minPrice: 50,
      maxPrice: 99.9,
      totalStock: 3,
      startSaleAt: '2030-01-01 10:00:00',
      status: 2,
    });
    expect(r.rows.map((x: AnyData) => x.title)).toEqual(['礼盒', '饼干', '吐司', '可乐']);
  });

  it('filters by keyword over title, goods no and barcode', async () => {
    expect(titles((await list({ keyword: '吐' }, shop.token)).rows)).toEqual(['吐司']);
    expect(titles((await list({ keyword: 'kl-0' }, shop.token)).rows)).toEqual(['可乐']);
    expect(titles((await list({ keyword: '6901234' }, shop.token)).rows)).toEqual(['礼盒']);
  });

  it('filters by category with its subtree', async () => {
    expect(titles((await list({ categoryId: ids.food }, shop.token)).rows)).toEqual(['吐司', '饼干']);
    expect(titles((await list({ categoryId: ids.bread }, shop.token)).rows)).toEqual(['吐司']);
  });

  it('filters by status tab, price range and stock range', async () => {
    const by = async (body: Record<string, unknown>) => titles((await list(body, shop.token)).rows);
    expect(await by({ status: 'on_sale' })).toEqual(['吐司']);
    expect(await by({ status: 'sold_out' })).toEqual(['饼干']);
    expect(await by({ status: 'off_shelf' })).toEqual(['可乐']);
    expect(await by({ status: 'scheduled' })).toEqual(['礼盒']);
    expect(await by({ minPrice: 3.5, maxPrice: 60 })).toEqual(['吐司', '礼盒', '饼干']);
    expect(await by({ minStock: 1, maxStock: 10 })).toEqual(['吐司', '礼盒']);
  });

  it('sorts by price, stock and create time', async () => {
    const order = async (field: string, o: string) =>
      (await list({ sorter: [{ field, order: o }] }, shop.token)).rows.map((x: AnyData) => x.title);
    expect(await order('price', 'ascend')).toEqual(['可乐', '饼干', '吐司', '礼盒']);
    expect(await order('stock', 'descend')).toEqual(['可乐', '吐司', '礼盒', '饼干']);
    expect(await order('createTime', 'desc')).toEqual(['礼盒', '可乐', '饼干', '吐司']);
  });
});

describe('bulk and single edits', () => {
  it('puts on and takes off the shelf', async () => {
    const a = await create(owner.token, plain('上架甲'));
    const b = await create(owner.token, plain('上架乙'));
    expect((await t.call(`${P}updateState`, { ids: [a, b], status: 1 }, owner.token)).body).toMatchObject({ code: 0, msg: '上架成功' });
    expect((await detail(a)).status).toBe(1);
    expect((await t.call(`${P}updateState`, { ids: [a], status: 0 }, owner.token)).body.msg).toBe('下架成功');
    expect([(await detail(a)).status, (await detail(b)).status]).toEqual([0, 1]);
    expect(await refusal(`${P}updateState`, { ids: [a], status: 2 })).toMatchObject({ msg: '状态不正确' });
  });

  it('deletes goods and their SKUs', async () => {
    const a = await create(owner.token, plain('删甲'));
    expect((await t.call(`${P}delete`, { ids: [a] }, owner.token)).body.msg).toBe('删除成功!');
    expect(await refusal(DETAIL, { id: a })).toMatchObject({ msg: '商品不存在' });
    expect(await t.db.select().from(goodsSkus).where(eq(goodsSkus.goodsId, a))).toHaveLength(0);
    expect(await refusal(`${P}delete`, { ids: [] })).toMatchObject({ msg: '请选择数据' });
  });

  it('edits prices of chosen SKUs, and refuses a SKU of another goods', async () => {
    const a = await create(owner.token, { title: '改价', specs: [COLOURS], skus: [sku({ 颜色: '红' }, 1, 1), sku({ 颜色: '蓝' }, 2, 1)] });
    const b = await create(owner.token, plain('别的'));
    const [red, blue] = (await detail(a)).skus;
    expect((await t.call(`${P}editprice`, { id: a, skus: [{ skuId: red.skuId, price: 0.01 }] }, owner.token)).body.msg).toBe('改价成功');
    expect((await detail(a)).skus.map((s: AnyData) => s.price)).toEqual([0.01, blue.price]);
    const otherSku = (await detail(b)).skus[0].skuId;
    expect(await refusal(`${P}editprice`, { id: a, skus: [{ skuId: otherSku, price: 1 }] })).toMatchObject({ msg: '规格不存在' });
    expect(await refusal(`${P}editprice`, { id: a, skus: [{ skuId: red.skuId, price: 1.001 }] })).toMatchObject({
      msg: '价格最多保留两位小数',
    });
  });

  it('edits the sort value', async () => {
    const a = await create(owner.token, plain('排序'));
    expect((await t.call(`${P}editsort`, { id: a, sort: 7 }, owner.token)).body.msg).toBe('排序成功');
    expect((await detail(a)).sort).toBe(7);
    expect(await refusal(`${P}editsort`, { id: a, sort: -1 })).toMatchObject({ msg: '排序值不能小于0' });
  });

  it('sets stock of SKUs to absolute numbers', async () => {
    const a = await create(owner.token, { title: '库存', specs: [COLOURS], skus: [sku({ 颜色: '红' }, 1, 1), sku({ 颜色: '蓝' }, 2, 1)] });
    const [red, blue] = (await detail(a)).skus;
    const r = await t.call(
      `${P}BatchEditGoodsStock`,
      {
        items: [
          { skuId: red.skuId, stock: 30 },
          { skuId: blue.skuId, stock: 0 },
        ],
      },
      owner.token,
    );
    expect(r.body).toMatchObject({ code: 0, msg: '库存修改成功' });
    expect((await detail(a)).skus.map((s: AnyData) => s.stock)).toEqual([30, 0]);
    expect(await refusal(`${P}BatchEditGoodsStock`, { items: [{ skuId: red.skuId, stock: -1 }] })).toMatchObject({ msg: '库存不能小于0' });
  });

  it('copies a goods under a new number, off the shelf, with its SKUs', async () => {
    const a = await create(owner.token, {
      title: '原品',
      specs: [COLOURS],
      skus: [sku({ 颜色: '红' }, 19.99, 4), sku({ 颜色: '蓝' }, 2, 1)],
      status: 1,
    });
    const r = await t.call(`${P}copy`, { id: a }, owner.token);
    expect(r.body.msg).toBe('复制成功');
    const [src, dup] = [await detail(a), await detail(r.body.data.id)];
    expect(dup).toMatchObject({ title: '原品 副本', status: 0, minPrice: 2, maxPrice: 19.99, totalStock: 5 });
    expect(dup.goodsNo).not.toBe(src.goodsNo);
    expect(dup.skus.map((s: AnyData) => s.skuId)).not.toContain(src.skus[0].skuId);
    // A title at the length limit is cut so the copy's title still fits.
    const long = await create(owner.token, plain('长'.repeat(100)));
    const longCopy = await detail((await t.ok(`${P}copy`, { id: long }, owner.token)).id);
    expect(longCopy.title).toBe(`${'长'.repeat(97)} 副本`);
  });

  it('changes the type of goods', async () => {
    const a = await create(owner.token, plain('类型'));
    expect((await t.call(`${P}changetype`, { ids: [a], type: 3 }, owner.token)).body.msg).toBe('修改成功');
    expect((await detail(a)).type).toBe(3);
    expect(await refusal(`${P}changetype`, { ids: [a], type: 4 })).toMatchObject({ msg: '商品类型不正确' });
  });
});

describe('categories with goods', () => {
  it('refuses to delete a category that has real goods, and allows it once they are gone', async () => {
    const cat = (await t.ok('/Goods/GoodsType/save', { name: '有货分类', status: 1 }, owner.token)).id;
    const g = await create(owner.token, { ...plain('分类里的'), categoryId: cat });
    const rows = await t.ok('/Goods/GoodsType/list', {}, owner.token);
    expect(rows.find((r: AnyData) => r.id === cat).goodsCount).toBe(1);
    expect(await refusal('/Goods/GoodsType/delete', { ids: [cat] })).toMatchObject({ msg: '分类「有货分类」下还有商品，不能删除' });
    await t.ok(`${P}delete`, { ids: [g] }, owner.token);
    await t.ok('/Goods/GoodsType/delete', { ids: [cat] }, owner.token);
  });

  it('refuses a category or unit of another enterprise', async () => {
    const cat = (await t.ok('/Goods/GoodsType/save', { name: '别家分类', status: 1 }, other.token)).id;
    expect(await refusal(SAVE, { ...plain('跨店'), categoryId: cat })).toMatchObject({ msg: '商品分类不存在' });
    const unit = (await t.ok('/Goods/GoodUnit/save', { name: '别家单位' }, other.token)).id;
    expect(await refusal(SAVE, { ...plain('跨店'), unitId: unit })).toMatchObject({ msg: '商品单位不存在' });
  });
});

describe('access', () => {
  it('answers 401 without a token', async () => {
    const r = await t.call(LIST, {});
    expect(r.status).toBe(401);
    expect(r.body.msg).toBe(EXPIRED_MSG);
  });

  it('refuses a member without Goodlist and lets one with it in', async () => {
    const clerk = await t.addMember(owner.renterId, ['Catelist']);
    expect(await refusal(LIST, {}, clerk.token)).toMatchObject({ msg: '没有权限执行此操作' });
    expect(await refusal(SAVE, plain('越权'), clerk.token)).toMatchObject({ msg: '没有权限执行此操作' });
    const seller = await t.addMember(owner.renterId, ['Goodlist']);
    await create(seller.token, plain('有权'));
  });

  it("treats another enterprise's goods and SKUs as missing", async () => {
    const mine = await create(owner.token, plain('我的', 5, 5));
    const skuId = (await detail(mine)).skus[0].skuId;
    const missing = { msg: '商品不存在' };
    expect(await refusal(DETAIL, { id: mine }, other.token)).toMatchObject(missing);
    expect(await refusal(SAVE, { id: mine, ...plain('抢') }, other.token)).toMatchObject(missing);
    expect(await refusal(`${P}updateState`, { ids: [mine], status: 1 }, other.token)).toMatchObject(missing);
    expect(await refusal(`${P}delete`, { ids: [mine] }, other.token)).toMatchObject(missing);
    expect(await refusal(`${P}editprice`, { id: mine, skus: [{ skuId, price: 0 }] }, other.token)).toMatchObject(missing);
    expect(await refusal(`${P}editsort`, { id: mine, sort: 1 }, other.token)).toMatchObject(missing);
    expect(await refusal(`${P}copy`, { id: mine }, other.token)).toMatchObject(missing);
    expect(await refusal(`${P}changetype`, { ids: [mine], type: 2 }, other.token)).toMatchObject(missing);
    expect(await refusal(`${P}BatchEditGoodsStock`, { items: [{ skuId, stock: 0 }] }, other.token)).toMatchObject({ msg: '规格不存在' });
    expect((await list({ keyword: '我的' }, other.token)).total_count).toBe(0);
    expect(await detail(mine)).toMatchObject({ title: '我的', totalStock: 5, status: 0 });
  });
});

describe('list sorter', () => {
  it('ignores sorter fields it does not know, even names of Object members', async () => {
    const r = await list({
      sorter: [
        { field: 'constructor', order: 'asc' },
        { field: 'title; drop table goods', order: 'desc' },
      ],
    });
    expect(r.total_count).toBeGreaterThan(0);
  });
});
