import { randomUUID } from 'node:crypto';
import { contract, type EndpointMap, EXPIRED_MSG } from '@shop/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Ctx } from '@/core/context';
import { operLogs, pointsGoods, pointsGoodsExchanges } from '@/db/schema';
import { exchangePointsGoods } from '@/modules/goods';
import { makeApp, type Person, type TestApp, ownerCtx } from './helper';
import { raceIt } from './race';

let t: TestApp;
let owner: Person;
let other: Person;

beforeAll(async () => {
  t = await makeApp();
  [owner, other] = await Promise.all([t.registerOwner('积分商城店'), t.registerOwner('隔壁积分店')]);
});
afterAll(() => t.close());

const P = '/Goods/PointsGoods/';
const LIST = `${P}list`;
const DETAIL = `${P}detail`;
const SAVE = `${P}save`;
const DEL = `${P}delete`;
const STATE = `${P}updateState`;
const STOCK = `${P}editstock`;

const base = { title: '保温杯', points: 100, stock: 10, status: 1 };
async function create(over: Record<string, unknown> = {}, token = owner.token): Promise<string> {
  return (await t.ok(SAVE, { ...base, ...over }, token)).id;
}
const rowOf = async (id: string) => (await t.db.select().from(pointsGoods).where(eq(pointsGoods.id, id)))[0];

/** The context the members' H5 will pass (here the owner's enterprise). */
const ctxOf = (p: Person): Ctx => ownerCtx(t, p);

describe('saving a points goods', () => {
  it('keeps cash and market price in fen and answers them in yuan, with the linked goods', async () => {
    const { id: goodsId } = await t.ok('/Goods/Goods/save', { title: '联名保温杯', skus: [{ price: 59, stock: 5 }] }, owner.token);
    const id = await create({
      title: '积分保温杯',
      kind: 1,
      goodsId,
      cash: 9.9,
      marketPrice: 59,
      mainImage: '/file/a.png',
      images: ['/file/a.png', '/file/b.png'],
      description: '<p>好杯</p><script>alert(1)</script>',
      perMemberLimit: 2,
      startTime: '2024-01-01 00:00:00',
      endTime: '2099-12-31 23:59:59',
      sort: 3,
    });
    expect(await rowOf(id)).toMatchObject({ cashFen: 990, marketPriceFen: 5900, points: 100, stock: 10, status: 1 });
    expect(await t.ok(DETAIL, { id }, owner.token)).toMatchObject({
      title: '积分保温杯',
      kind: 1,
      goodsId,
      goodsTitle: '联名保温杯',
      cash: 9.9,
      marketPrice: 59,
      images: ['/file/a.png', '/file/b.png'],
      description: '<p>好杯</p>',
      perMemberLimit: 2,
      startTime: '2024-01-01 00:00:00',
      endTime: '2099-12-31 23:59:59',
      exchanged: 0,
      sort: 3,
    });
    await t.ok(SAVE, { ...base, id, title: '改名保温杯', cash: 0, stock: 3, status: 0 }, owner.token);
    expect(await t.ok(DETAIL, { id }, owner.token)).toMatchObject({
      title: '改名保温杯',
      cash: 0,
      stock: 3,
      status: 0,
      goodsId: null,
      goodsTitle: '',
    });
    const logs = await t.db
      .select()
      .from(operLogs)
      .where(and(eq(operLogs.recordId, id), eq(operLogs.module, 'goods')));
    expect(logs.map((l) => l.action).sort()).toEqual(['新建积分商品', '编辑积分商品']);
  });

  it('refuses bad input with a message under the field', async () => {
    const refusals: [Record<string, unknown>, string, string][] = [
      [{ title: ' ' }, 'title', '请输入商品名称'],
      [{ points: 0 }, 'points', '兑换积分须大于0'],
      [{ points: 1.5 }, 'points', '兑换积分须为整数'],
      [{ cash: 1.234 }, 'cash', '现金最多保留两位小数'],
      [{ cash: -1 }, 'cash', '现金不能小于0'],
      [{ stock: -1 }, 'stock', '库存不能小于0'],
      [{ perMemberLimit: -1 }, 'perMemberLimit', '每人限兑不能小于0'],
      [{ mainImage: 'javascript:alert(1)' }, 'mainImage', '图片地址不正确'],
      [{ startTime: '2030-01-02 00:00:00', endTime: '2030-01-01 00:00:00' }, 'endTime', '兑换结束时间须晚于开始时间'],
      [{ endTime: '明天' }, 'endTime', '兑换结束时间不正确'],
      [{ endTime: '2020-01-01 00:00:00', status: 1 }, 'endTime', '兑换结束时间已过，不能上架'],
      [{ goodsId: randomUUID() }, 'goodsId', '关联商品不存在'],
    ];
    for (const [over, field, msg] of refusals) {
      const r = await t.call(SAVE, { ...base, ...over }, owner.token);
      expect(r.body.msg, field).toBe(msg);
      expect(r.body.data.errors, field).toContainEqual({ field, msg });
    }
  });
});

describe('the list', () => {
  let ids: Record<string, string>;
  beforeAll(async () => {
    const tag = '列表测';
    ids = {
      on: await create({ title: `${tag}上架`, points: 300, sort: 2 }),
      soldOut: await create({ title: `${tag}兑完`, points: 100, stock: 0, sort: 1 }),
      off: await create({ title: `${tag}下架`, points: 200, status: 0, kind: 2, sort: 3 }),
    };
  });
  const titles = async (body: Record<string, unknown>) =>
    (await t.ok(LIST, { keyword: '列表测', ...body }, owner.token)).rows.map((r: { id: string }) => r.id);

  it('filters by the status tabs and the kind', async () => {
    expect(await titles({})).toEqual([ids.soldOut, ids.on, ids.off]);
    expect(await titles({ status: 'on_sale' })).toEqual([ids.on]);
    expect(await titles({ status: 'sold_out' })).toEqual([ids.soldOut]);
    expect(await titles({ status: 'off_shelf' })).toEqual([ids.off]);
    expect(await titles({ kind: 2 })).toEqual([ids.off]);
  });

  it('sorts and pages on the server', async () => {
    expect(await titles({ sorter: [{ field: 'points', order: 'descend' }] })).toEqual([ids.on, ids.off, ids.soldOut]);
    const page = await t.ok(LIST, { keyword: '列表测', page_index: 2, page_size: 2 }, owner.token);
    expect(page.total_count).toBe(3);
    expect(page.rows.map((r: { id: string }) => r.id)).toEqual([ids.off]);
  });

  it('puts goods on and off the shelf, sets stock and deletes', async () => {
    await t.ok(STATE, { ids: [ids.off], status: 1 }, owner.token);
    expect(await titles({ status: 'on_sale' })).toEqual([ids.on, ids.off]);
    await t.ok(STOCK, { id: ids.soldOut, stock: 7 }, owner.token);
    expect((await rowOf(ids.soldOut)).stock).toBe(7);
    expect((await t.call(STOCK, { id: ids.soldOut, stock: -1 }, owner.token)).body.msg).toBe('库存不能小于0');
    const over = await create({ title: '列表测过期', endTime: '2021-01-01 00:00:00', status: 0 });
    expect((await t.call(STATE, { ids: [over], status: 1 }, owner.token)).body.msg).toBe(
      '「列表测过期」兑换时间已结束，请修改兑换时间后再上架',
    );
    expect((await t.ok(DEL, { ids: [over, ids.off] }, owner.token)) ?? null).toBeNull();
    expect(await titles({})).toEqual([ids.soldOut, ids.on]);
  });
});

describe('exchangePointsGoods', () => {
  const member = () => randomUUID();

  it('takes stock, counts exchanged and writes the exchange with its points and cash', async () => {
    const id = await create({ title: '兑换杯', points: 50, cash: 1.5, stock: 5 });
    const m = member();
    expect(await exchangePointsGoods(ctxOf(owner), { memberId: m, pointsGoodsId: id, qty: 2 })).toMatchObject({
      points: 100,
      cashFen: 300,
    });
    expect(await rowOf(id)).toMatchObject({ stock: 3, exchanged: 2 });
    const [x] = await t.db.select().from(pointsGoodsExchanges).where(eq(pointsGoodsExchanges.pointsGoodsId, id));
    expect(x).toMatchObject({ memberId: m, qty: 2, points: 100, cashFen: 300, renterId: owner.renterId });
  });

  it('refuses off-shelf goods, a window not open, too little stock and a bad quantity, taking nothing', async () => {
    const off = await create({ title: '下架的', status: 0 });
    const later = await create({ title: '未开始的', startTime: '2099-01-01 00:00:00' });
    const little = await create({ title: '剩一件', stock: 1 });
    const m = member();
    await expect(exchangePointsGoods(ctxOf(owner), { memberId: m, pointsGoodsId: off, qty: 1 })).rejects.toThrow('该积分商品已下架');
    await expect(exchangePointsGoods(ctxOf(owner), { memberId: m, pointsGoodsId: later, qty: 1 })).rejects.toThrow('兑换尚未开始');
    await expect(exchangePointsGoods(ctxOf(owner), { memberId: m, pointsGoodsId: little, qty: 2 })).rejects.toThrow('「剩一件」库存不足');
    await expect(exchangePointsGoods(ctxOf(owner), { memberId: m, pointsGoodsId: little, qty: 0 })).rejects.toThrow('兑换数量不正确');
    // Closed since it was put on the shelf.
    const ended = await create({ title: '已结束的', endTime: '2099-01-01 00:00:00' });
    await t.db
      .update(pointsGoods)
      .set({ endAt: new Date(Date.now() - 1000) })
      .where(eq(pointsGoods.id, ended));
    await expect(exchangePointsGoods(ctxOf(owner), { memberId: m, pointsGoodsId: ended, qty: 1 })).rejects.toThrow('兑换已结束');
    expect((await rowOf(little)).stock).toBe(1);
    expect(await t.db.select().from(pointsGoodsExchanges).where(eq(pointsGoodsExchanges.memberId, m))).toEqual([]);
  });

  it("treats another enterprise's goods as missing", async () => {
    const id = await create({ title: '别家的' });
    await expect(exchangePointsGoods(ctxOf(other), { memberId: member(), pointsGoodsId: id, qty: 1 })).rejects.toThrow('积分商品不存在');
    expect((await rowOf(id)).stock).toBe(10);
  });

  it('counts the per-member limit over earlier exchanges', async () => {
    const id = await create({ title: '限兑三件', perMemberLimit: 3 });
    const m = member();
    await exchangePointsGoods(ctxOf(owner), { memberId: m, pointsGoodsId: id, qty: 2 });
    await expect(exchangePointsGoods(ctxOf(owner), { memberId: m, pointsGoodsId: id, qty: 2 })).rejects.toThrow(
      '每人限兑3件，您还可兑换1件',
    );
    await exchangePointsGoods(ctxOf(owner), { memberId: m, pointsGoodsId: id, qty: 1 });
    await expect(exchangePointsGoods(ctxOf(owner), { memberId: m, pointsGoodsId: id, qty: 1 })).rejects.toThrow('每人限兑3件，您已兑换3件');
    // Another member has a limit of their own.
    await exchangePointsGoods(ctxOf(owner), { memberId: member(), pointsGoodsId: id, qty: 3 });
    expect(await rowOf(id)).toMatchObject({ stock: 4, exchanged: 6 });
  });

  raceIt('lets exactly 10 of 30 concurrent exchanges through a stock of 10', async () => {
    const id = await create({ title: '抢兑', stock: 10 });
    const results = await Promise.allSettled(
      Array.from({ length: 30 }, () => exchangePointsGoods(ctxOf(owner), { memberId: member(), pointsGoodsId: id, qty: 1 })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    const refused = results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason.message);
    expect(refused).toEqual(Array(20).fill('「抢兑」库存不足'));
    expect(await rowOf(id)).toMatchObject({ stock: 0, exchanged: 10 });
    expect(await t.db.select().from(pointsGoodsExchanges).where(eq(pointsGoodsExchanges.pointsGoodsId, id))).toHaveLength(10);
  });

  raceIt('lets a member with a limit of 2 through exactly twice out of 5 concurrent exchanges', async () => {
    const id = await create({ title: '限兑两件', stock: 100, perMemberLimit: 2 });
    const m = member();
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, () => exchangePointsGoods(ctxOf(owner), { memberId: m, pointsGoodsId: id, qty: 1 })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(2);
    const refused = results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason.message);
    expect(refused).toEqual(Array(3).fill('每人限兑2件，您已兑换2件'));
    expect(await rowOf(id)).toMatchObject({ stock: 98, exchanged: 2 });
  });
});

describe("another enterprise's points goods behave as missing", () => {
  it('cannot be read, saved over, switched, restocked or deleted, and never lists', async () => {
    const theirs = await create({ title: '隔壁的积分商品' }, other.token);
    const missing = { code: 1004, msg: '积分商品不存在' };
    expect((await t.call(DETAIL, { id: theirs }, owner.token)).body).toMatchObject(missing);
    expect((await t.call(SAVE, { ...base, id: theirs }, owner.token)).body).toMatchObject(missing);
    expect((await t.call(STATE, { ids: [theirs], status: 0 }, owner.token)).body).toMatchObject(missing);
    expect((await t.call(STOCK, { id: theirs, stock: 0 }, owner.token)).body).toMatchObject(missing);
    expect((await t.call(DEL, { ids: [theirs] }, owner.token)).body).toMatchObject(missing);
    expect((await t.ok(LIST, { keyword: '隔壁的积分商品' }, owner.token)).total_count).toBe(0);
    expect(await rowOf(theirs)).toMatchObject({ title: '隔壁的积分商品', status: 1, stock: 10 });
    // Their catalogue goods cannot be linked either.
    const { id: theirGoods } = await t.ok('/Goods/Goods/save', { title: '隔壁商品', skus: [{ price: 1, stock: 1 }] }, other.token);
    expect((await t.call(SAVE, { ...base, goodsId: theirGoods }, owner.token)).body.msg).toBe('关联商品不存在');
  });
});

describe('who may call', () => {
  const endpoints = Object.values(contract.pointsGoods as EndpointMap);

  it('guards every endpoint with the AGood grant', () => {
    expect(endpoints.every((e) => typeof e.permission === 'object' && e.permission.menu === 'AGood')).toBe(true);
  });

  it.each(endpoints.map((e) => [e.path]))('%s answers 401 without a token', async (path) => {
    const r = await t.call(path, {});
    expect(r.status).toBe(401);
    expect(r.body).toMatchObject({ code: 401, msg: EXPIRED_MSG });
  });

  it('refuses a member without the grant on every call and changes nothing; lets one with it in', async () => {
    const id = await create({ title: '店员别动' });
    const member = await t.addMember(owner.renterId, ['dashboard', 'Goodlist']);
    for (const e of endpoints) {
      const r = await t.call(e.path, { ...base, id, ids: [id], status: 0, stock: 0 }, member.token);
      expect(r.body, e.path).toMatchObject({ code: 1003, msg: '没有权限执行此操作' });
    }
    expect(await rowOf(id)).toMatchObject({ title: '店员别动', status: 1, stock: 10 });
    const allowed = await t.addMember(owner.renterId, ['AGood']);
    await t.ok(STATE, { ids: [id], status: 0 }, allowed.token);
    expect((await rowOf(id)).status).toBe(0);
  });
});

describe('the demo enterprise', () => {
  it('starts with a points mall and a coming 限时折扣 on the cake', async () => {
    const demo = await t.seedDemo();
    const token = await t.login(demo.phone, demo.password);
    const list = await t.ok(LIST, {}, token);
    expect(list.rows.map((r: { title: string; status: number }) => [r.title, r.status])).toEqual([
      ['法式黄油可颂兑换券', 1],
      ['咖啡买一送一券', 1],
      ['定制帆布袋', 0],
    ]);
    expect((await t.ok(LIST, { status: 'on_sale' }, token)).total_count).toBe(2);
    const cake = (await t.ok('/Goods/Goods/list', { keyword: '草莓奶油蛋糕' }, token)).rows[0];
    const acts = await t.ok('/Goods/GoodsActivity/ActList', { goodsId: cake.id }, token);
    expect(acts).toMatchObject([{ name: '周末蛋糕限时折扣', stateName: '未开始', minActivityPrice: 134.4, maxActivityPrice: 182.4 }]);
  });
});
