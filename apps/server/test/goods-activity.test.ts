import { randomUUID } from 'node:crypto';
import { contract, type EndpointMap, EXPIRED_MSG } from '@shop/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fmtTime } from '@/core/time';
import { goodsActivities, goodsActivitySkus, goodsReturnScoreConfigs } from '@/db/schema';
import { makeApp, type Person, type TestApp } from './helper';

let t: TestApp;
let owner: Person;
let other: Person;

beforeAll(async () => {
  t = await makeApp();
  [owner, other] = await Promise.all([t.registerOwner('活动店'), t.registerOwner('隔壁活动店')]);
});
afterAll(() => t.close());

const P = '/Goods/GoodsActivity/';
const LIST = `${P}list`;
const DETAIL = `${P}detail`;
const SAVE = `${P}save`;
const DEL = `${P}del`;
const GOODS = `${P}goodlist`;
const SKUS = `${P}actGoodsSkuList`;
const OF_GOODS = `${P}ActList`;
const GET_CFG = `${P}GetReturnScoreConfig`;
const SET_CFG = `${P}SetReturnScoreConfig`;

const HOUR = 3_600_000;
// One base for the whole file: two times written as at(20) are the same second however slow the machine is.
const BASE = Date.now();
const at = (hoursFromNow: number) => fmtTime(new Date(BASE + hoursFromNow * HOUR));

interface Goods {
  id: string;
  skus: { skuId: string; price: number; stock: number; specValues: Record<string, string> }[];
}

/** A goods in two sizes: S ¥10 × 5, M ¥20 × 8. */
async function twoSizeGoods(title: string, token = owner.token): Promise<Goods> {
  const { id } = await t.ok(
    '/Goods/Goods/save',
    {
      title,
      specs: [{ name: '尺码', values: ['S', 'M'] }],
      skus: [
        { specValues: { 尺码: 'S' }, price: 10, stock: 5 },
        { specValues: { 尺码: 'M' }, price: 20, stock: 8 },
      ],
    },
    token,
  );
  return { id, skus: (await t.ok('/Goods/Goods/detail', { id }, token)).skus };
}

const activity = (g: Goods, over: Record<string, unknown> = {}) => ({
  name: '周末限时折扣',
  type: 1,
  startTime: at(24),
  endTime: at(48),
  perMemberLimit: 2,
  tag: '限时',
  skus: g.skus.map((s) => ({ skuId: s.skuId, price: s.price / 2, stock: 3 })),
  ...over,
});
async function create(g: Goods, over: Record<string, unknown> = {}, token = owner.token): Promise<string> {
  return (await t.ok(SAVE, activity(g, over), token)).id;
}
/** Moves an activity's times (hours from now), as if time had passed. */
async function shift(id: string, startH: number, endH: number) {
  await t.db
    .update(goodsActivities)
    .set({ startAt: new Date(Date.now() + startH * HOUR), endAt: new Date(Date.now() + endH * HOUR) })
    .where(eq(goodsActivities.id, id));
}

describe('saving an activity', () => {
  it('stores activity prices in fen per SKU and answers the detail grouped by goods', async () => {
    const g = await twoSizeGoods('活动T恤');
    const id = await create(g, {
      skus: [
        { skuId: g.skus[1].skuId, price: 15.5, stock: 8 },
        { skuId: g.skus[0].skuId, price: 9.99, stock: 0 },
      ],
    });
    const rows = await t.db.select().from(goodsActivitySkus).where(eq(goodsActivitySkus.activityId, id));
    expect(rows.map((r) => [r.priceFen, r.stock, r.goodsId]).sort()).toEqual([
      [1550, 8, g.id],
      [999, 0, g.id],
    ]);
    const d = await t.ok(DETAIL, { id }, owner.token);
    expect(d).toMatchObject({
      name: '周末限时折扣',
      typeName: '限时折扣',
      state: 1,
      stateName: '未开始',
      perMemberLimit: 2,
      tag: '限时',
      goodsCount: 1,
      skuCount: 2,
    });
    expect(d.goods).toEqual([
      expect.objectContaining({
        goodsId: g.id,
        title: '活动T恤',
        minActivityPrice: 9.99,
        maxActivityPrice: 15.5,
        activityStock: 8,
        skuCount: 2,
      }),
    ]);
    expect(
      d.goods[0].skus.map((s: { specValues: object; price: number; activityPrice: number }) => [s.specValues, s.price, s.activityPrice]),
    ).toEqual([
      [{ 尺码: 'M' }, 20, 15.5],
      [{ 尺码: 'S' }, 10, 9.99],
    ]);
  });

  it('refuses wrong times and prices or stock over the SKU, naming the goods', async () => {
    const g = await twoSizeGoods('校验卫衣');
    const s = g.skus[0];
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '' }, '请输入活动名称'],
      [{ startTime: at(5), endTime: at(4) }, '结束时间须晚于开始时间'],
      [{ startTime: at(-5), endTime: at(-4) }, '结束时间须晚于当前时间'],
      [{ startTime: '下周' }, '开始时间不正确'],
      [{ type: 3 }, '活动类型不正确'],
      [{ skus: [] }, '请选择活动商品'],
      [{ skus: [{ skuId: s.skuId, price: 10.01, stock: 1 }] }, '商品「校验卫衣（S）」的活动价不能高于售价¥10.00'],
      [{ skus: [{ skuId: s.skuId, price: 5, stock: 6 }] }, '商品「校验卫衣（S）」的活动库存不能超过商品库存5'],
      [{ skus: [{ skuId: s.skuId, price: -1, stock: 1 }] }, '活动价不能小于0'],
      [
        {
          skus: [
            { skuId: s.skuId, price: 1, stock: 1 },
            { skuId: s.skuId, price: 2, stock: 1 },
          ],
        },
        '活动规格重复',
      ],
      [{ skus: [{ skuId: randomUUID(), price: 1, stock: 1 }] }, '活动商品的规格不存在，请重新选择'],
    ];
    for (const [over, msg] of cases) expect((await t.call(SAVE, activity(g, over), owner.token)).body.msg, msg).toBe(msg);
    const r = await t.call(SAVE, activity(g, { startTime: at(5), endTime: at(4) }), owner.token);
    expect(r.body.data.errors).toContainEqual({ field: 'endTime', msg: '结束时间须晚于开始时间' });
  });

  it('refuses a SKU in two overlapping enabled activities, but not in disjoint or stopped ones', async () => {
    const g = await twoSizeGoods('重叠外套');
    const first = await create(g, { name: '第一场', startTime: at(10), endTime: at(20) });
    const clash = await t.call(SAVE, activity(g, { name: '第二场', startTime: at(15), endTime: at(30) }), owner.token);
    expect(clash.body.msg).toBe('商品「重叠外套（S）」已参加活动「第一场」，同一规格不能同时参加时间重叠的两个活动');
    // Back to back is fine, and so is an edit of the first one itself.
    await create(g, { name: '接着一场', startTime: at(20), endTime: at(30) });
    await t.ok(SAVE, { ...activity(g, { name: '第一场改', startTime: at(9), endTime: at(20) }), id: first }, owner.token);
    // Stopped, it no longer holds its SKUs.
    await t.ok(SAVE, { ...activity(g, { name: '第一场改', startTime: at(9), endTime: at(20) }), id: first, status: 0 }, owner.token);
    await create(g, { name: '替补', startTime: at(12), endTime: at(18) });
  });

  it('lets a running activity only be stopped, and never edits an ended or stopped one', async () => {
    const g = await twoSizeGoods('进行中裤');
    const id = await create(g);
    await shift(id, -1, 5);
    expect((await t.call(SAVE, { ...activity(g, { name: '偷偷改' }), id }, owner.token)).body.msg).toBe(
      '活动进行中，不能修改，请先停用活动',
    );
    expect((await t.call(DEL, { ids: [id] }, owner.token)).body.msg).toBe('活动「周末限时折扣」进行中，请先停用再删除');
    const stopped = await t.call(SAVE, { ...activity(g, { name: '偷偷改' }), id, status: 0 }, owner.token);
    expect(stopped.body).toMatchObject({ code: 0, msg: '停用成功' });
    expect(await t.ok(DETAIL, { id }, owner.token)).toMatchObject({ name: '周末限时折扣', status: 0, state: 4, stateName: '已停用' });
    expect((await t.call(SAVE, { ...activity(g), id }, owner.token)).body.msg).toBe('活动已停用，不能修改');
    const ended = await create(g, { name: '过去的' });
    await shift(ended, -5, -1);
    expect((await t.call(SAVE, { ...activity(g), id: ended }, owner.token)).body.msg).toBe('活动已结束，不能修改');
    await t.ok(DEL, { ids: [id, ended] }, owner.token);
    expect(await t.db.select().from(goodsActivitySkus).where(eq(goodsActivitySkus.activityId, id))).toEqual([]);
    expect((await t.call(DETAIL, { id }, owner.token)).body).toMatchObject({ code: 1004, msg: '活动不存在' });
  });
});

describe('the lists', () => {
  let g: Goods;
  let ids: Record<string, string>;
  beforeAll(async () => {
    g = await twoSizeGoods('列表帽');
    const h = await twoSizeGoods('列表袜');
    const one = (goods: Goods) => ({ skus: [{ skuId: goods.skus[0].skuId, price: 1, stock: 1 }] });
    ids = {
      pending: await create(g, { name: '列表-未开始', ...one(g), startTime: at(100), endTime: at(200) }),
      running: await create(h, { name: '列表-进行中', type: 2 }),
      ended: await create(h, { name: '列表-已结束', ...one(h), startTime: at(300), endTime: at(400) }),
      stopped: await create(g, { name: '列表-已停用', ...one(g), startTime: at(500), endTime: at(600), status: 0 }),
    };
    await shift(ids.running, -1, 10);
    await shift(ids.ended, -10, -1);
  });
  const names = async (body: Record<string, unknown>) =>
    (await t.ok(LIST, { keyword: '列表-', ...body }, owner.token)).rows.map((r: { name: string }) => r.name);

  it('filters by state, type and keyword, newest first, and sorts on the server', async () => {
    expect(await names({})).toEqual(['列表-已停用', '列表-已结束', '列表-进行中', '列表-未开始']);
    expect(await names({ state: 1 })).toEqual(['列表-未开始']);
    expect(await names({ state: 2 })).toEqual(['列表-进行中']);
    expect(await names({ state: 3 })).toEqual(['列表-已结束']);
    expect(await names({ state: 4 })).toEqual(['列表-已停用']);
    expect(await names({ type: 2 })).toEqual(['列表-进行中']);
    expect(await names({ sorter: [{ field: 'startTime', order: 'ascend' }] })).toEqual([
      '列表-已结束',
      '列表-进行中',
      '列表-未开始',
      '列表-已停用',
    ]);
    const page = await t.ok(LIST, { keyword: '列表-', page_size: 1, page_index: 2, state: 0 }, owner.token);
    expect(page.total_count).toBe(4);
    expect(page.rows[0]).toMatchObject({ name: '列表-已结束', stateName: '已结束', goodsCount: 1, skuCount: 1 });
  });

  it('pages the goods of an activity and lists the SKUs of one goods', async () => {
    const both = await create(g, {
      name: '两件商品',
      startTime: at(1000),
      endTime: at(1001),
      skus: [
        ...g.skus.map((s) => ({ skuId: s.skuId, price: 3, stock: 2 })),
        { skuId: (await twoSizeGoods('第二件')).skus[1].skuId, price: 4, stock: 1 },
      ],
    });
    const page1 = await t.ok(GOODS, { id: both, page_size: 1 }, owner.token);
    expect(page1).toMatchObject({
      total_count: 2,
      rows: [{ goodsId: g.id, title: '列表帽', activityStock: 4, skuCount: 2, minActivityPrice: 3 }],
    });
    const page2 = await t.ok(GOODS, { id: both, page_size: 1, page_index: 2 }, owner.token);
    expect(page2.rows.map((r: { title: string }) => r.title)).toEqual(['第二件']);
    expect((await t.ok(GOODS, { id: both, keyword: '第二' }, owner.token)).total_count).toBe(1);
    const skus = await t.ok(SKUS, { id: both, goodsId: g.id }, owner.token);
    expect(
      skus.map((s: { price: number; activityPrice: number; stock: number; activityStock: number }) => [
        s.price,
        s.activityPrice,
        s.stock,
        s.activityStock,
      ]),
    ).toEqual([
      [10, 3, 5, 2],
      [20, 3, 8, 2],
    ]);
    const notIn = await twoSizeGoods('不在活动里');
    expect((await t.call(SKUS, { id: both, goodsId: notIn.id }, owner.token)).body).toMatchObject({
      code: 1004,
      msg: '该商品未参加此活动',
    });
  });

  it('ActList answers the running and coming enabled activities of a goods, soonest first', async () => {
    const list = await t.ok(OF_GOODS, { goodsId: g.id }, owner.token);
    expect(list.map((a: { name: string; stateName: string }) => [a.name, a.stateName])).toEqual([
      ['列表-未开始', '未开始'],
      ['两件商品', '未开始'],
    ]);
    expect(await t.ok(OF_GOODS, { goodsId: g.id, type: 2 }, owner.token)).toEqual([]);
    expect((await t.call(OF_GOODS, { goodsId: randomUUID() }, owner.token)).body.msg).toBe('商品不存在');
  });
});

describe('购物返积分 setting', () => {
  it('answers the defaults, then what was saved', async () => {
    expect(await t.ok(GET_CFG, {}, owner.token)).toEqual({ enabled: false, pointsPerYuan: 1, timing: 1, maxPerOrder: 0, updateTime: '' });
    await t.ok(SET_CFG, { enabled: true, pointsPerYuan: 5, timing: 2, maxPerOrder: 500 }, owner.token);
    await t.ok(SET_CFG, { enabled: true, pointsPerYuan: 3, timing: 2, maxPerOrder: 0 }, owner.token);
    expect(await t.ok(GET_CFG, {}, owner.token)).toMatchObject({ enabled: true, pointsPerYuan: 3, timing: 2, maxPerOrder: 0 });
    expect(await t.db.select().from(goodsReturnScoreConfigs).where(eq(goodsReturnScoreConfigs.renterId, owner.renterId))).toHaveLength(1);
    // Each enterprise has its own.
    expect(await t.ok(GET_CFG, {}, other.token)).toMatchObject({ enabled: false, pointsPerYuan: 1 });
  });

  it('refuses bad values naming the field', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ pointsPerYuan: 0 }, 'pointsPerYuan', '每元返积分须大于0'],
      [{ pointsPerYuan: 1.5 }, 'pointsPerYuan', '每元返积分须为整数'],
      [{ timing: 3 }, 'timing', '请选择发放时间'],
      [{ maxPerOrder: -1 }, 'maxPerOrder', '每单上限不能小于0'],
    ];
    for (const [over, field, msg] of cases) {
      const r = await t.call(SET_CFG, { enabled: true, pointsPerYuan: 1, timing: 1, maxPerOrder: 0, ...over }, owner.token);
      expect(r.body.data.errors, field).toContainEqual({ field, msg });
    }
  });
});

describe("another enterprise's activities behave as missing", () => {
  it('cannot be read, edited, deleted or listed, and its SKUs cannot be used', async () => {
    const theirGoods = await twoSizeGoods('隔壁商品', other.token);
    const theirs = await create(theirGoods, { name: '隔壁活动' }, other.token);
    const missing = { code: 1004, msg: '活动不存在' };
    expect((await t.call(DETAIL, { id: theirs }, owner.token)).body).toMatchObject(missing);
    expect((await t.call(GOODS, { id: theirs }, owner.token)).body).toMatchObject(missing);
    expect((await t.call(SKUS, { id: theirs, goodsId: theirGoods.id }, owner.token)).body).toMatchObject(missing);
    expect((await t.call(DEL, { ids: [theirs] }, owner.token)).body).toMatchObject(missing);
    expect((await t.call(SAVE, { ...activity(theirGoods), id: theirs }, owner.token)).body).toMatchObject(missing);
    expect((await t.call(OF_GOODS, { goodsId: theirGoods.id }, owner.token)).body.msg).toBe('商品不存在');
    expect((await t.ok(LIST, { keyword: '隔壁活动' }, owner.token)).total_count).toBe(0);
    expect((await t.call(SAVE, activity(theirGoods, { name: '借别人的' }), owner.token)).body.msg).toBe('活动商品的规格不存在，请重新选择');
    // Their activity does not block our SKUs, nor ours theirs.
    expect(await t.ok(DETAIL, { id: theirs }, other.token)).toMatchObject({ name: '隔壁活动', skuCount: 2 });
  });
});

describe('who may call', () => {
  const endpoints = Object.values(contract.goodsActivity as EndpointMap);
  const config = [GET_CFG, SET_CFG];

  it('guards activities with the Goodlist grant and the return-points setting with AGood', () => {
    for (const e of endpoints) {
      expect(e.permission, e.path).toMatchObject({ menu: config.includes(e.path) ? 'AGood' : 'Goodlist' });
    }
  });

  it.each(endpoints.map((e) => [e.path]))('%s answers 401 without a token', async (path) => {
    const r = await t.call(path, {});
    expect(r.status).toBe(401);
    expect(r.body).toMatchObject({ code: 401, msg: EXPIRED_MSG });
  });

  it('refuses a member without the grant and changes nothing', async () => {
    const g = await twoSizeGoods('权限商品');
    const id = await create(g, { name: '权限活动', startTime: at(2000), endTime: at(2001) });
    const noGoods = await t.addMember(owner.renterId, ['AGood']);
    for (const e of endpoints.filter((x) => !config.includes(x.path))) {
      const r = await t.call(e.path, { ...activity(g), id, ids: [id], goodsId: g.id }, noGoods.token);
      expect(r.body, e.path).toMatchObject({ code: 1003, msg: '没有权限执行此操作' });
    }
    expect((await t.ok(DETAIL, { id }, owner.token)).name).toBe('权限活动');
    const noAGood = await t.addMember(owner.renterId, ['Goodlist']);
    for (const path of config) {
      const r = await t.call(path, { enabled: true, pointsPerYuan: 9, timing: 1, maxPerOrder: 0 }, noAGood.token);
      expect(r.body, path).toMatchObject({ code: 1003, msg: '没有权限执行此操作' });
    }
    // With the grants they get in.
    expect((await t.ok(LIST, { keyword: '权限活动' }, noAGood.token)).total_count).toBe(1);
    await t.ok(SET_CFG, { enabled: true, pointsPerYuan: 9, timing: 1, maxPerOrder: 0 }, noGoods.token);
  });
});
