import { contract, EXPIRED_MSG, type EndpointMap } from '@shop/contract';
import { and, asc, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goodsUnits, operLogs } from '@/db/schema';
import { makeApp, type Person, type TestApp } from './helper';
import { raceIt } from './race';

let t: TestApp;
let owner: Person;
let other: Person;

beforeAll(async () => {
  t = await makeApp();
  [owner, other] = await Promise.all([t.registerOwner('单位店'), t.registerOwner('隔壁单位店')]);
});
afterAll(() => t.close());

const P = '/Goods/GoodUnit/';
const ALL = `${P}all`;
const LIST = `${P}list`;
const SAVE = `${P}save`;
const STATE = `${P}updateState`;
const ONE = `${P}unit`;
const SORT = `${P}sort`;
const MOVE = `${P}movesort`;

interface Row {
  id: string;
  name: string;
  sort: number;
  status: number;
  createTime: string;
}

async function create(token: string, name: string, over: Record<string, unknown> = {}) {
  return (await t.ok(SAVE, { name, ...over }, token)).id as string;
}
/** The enterprise's units by sort, as 'name:sort'. */
async function order(renterId: string) {
  const rows = await t.db.select().from(goodsUnits).where(eq(goodsUnits.renterId, renterId)).orderBy(asc(goodsUnits.sort));
  return rows.map((r) => `${r.name}:${r.sort}`);
}
const names = (rows: Row[]) => rows.map((r) => r.name);

describe('save and unit', () => {
  it('creates units one after another, each last in order', async () => {
    const shop = await t.registerOwner('新单位店');
    const r = await t.call(SAVE, { name: '件' }, shop.token);
    expect(r.body).toMatchObject({ code: 0, msg: '保存成功' });
    await create(shop.token, '盒');
    const kg = await create(shop.token, '千克', { status: 0 });
    expect(await order(shop.renterId)).toEqual(['件:1', '盒:2', '千克:3']);
    const one = await t.ok(ONE, { id: kg }, shop.token);
    expect(one).toMatchObject({ id: kg, name: '千克', sort: 3, status: 0 });
    expect(one.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('renames a unit in place and logs the change', async () => {
    const id = await create(owner.token, '箱子');
    const { sort } = await t.ok(ONE, { id }, owner.token);
    await t.ok(SAVE, { id, name: '箱' }, owner.token);
    expect(await t.ok(ONE, { id }, owner.token)).toMatchObject({ name: '箱', sort, status: 1 });
    const [log] = await t.db
      .select()
      .from(operLogs)
      .where(and(eq(operLogs.renterId, owner.renterId), eq(operLogs.recordId, id)))
      .orderBy(desc(operLogs.createdAt))
      .limit(1);
    expect(log).toMatchObject({ module: 'goods', action: '编辑单位', before: { name: '箱子' }, after: { name: '箱' } });
  });

  it.each([
    ['a missing name', {}, '请输入单位名称'],
    ['a blank name', { name: '  ' }, '请输入单位名称'],
    ['a name over 10 characters', { name: '单'.repeat(11) }, '单位名称不能超过10个字'],
    ['a status other than 0 and 1', { name: '坏', status: 5 }, '状态不正确'],
  ])('refuses %s with its message', async (_case, body, msg) => {
    expect((await t.call(SAVE, body, owner.token)).body).toMatchObject({ code: 1001, msg });
  });

  it('accepts a name of exactly 10 characters', async () => {
    const id = await create(owner.token, '十个字的单位名称呀');
    expect((await t.ok(ONE, { id }, owner.token)).name).toHaveLength(9);
    await t.ok(SAVE, { id, name: '十个字的单位名称呀啊' }, owner.token);
    expect((await t.ok(ONE, { id }, owner.token)).name).toHaveLength(10);
  });

  it('refuses a name another unit has, on creating and on renaming, and names the field', async () => {
    await create(owner.token, '瓶');
    const can = await create(owner.token, '罐');
    const dup = await t.call(SAVE, { name: '瓶' }, owner.token);
    expect(dup.body).toMatchObject({ code: 1001, msg: '单位名称已存在', data: { errors: [{ field: 'name', msg: '单位名称已存在' }] } });
    expect((await t.call(SAVE, { id: can, name: ' 瓶 ' }, owner.token)).body.msg).toBe('单位名称已存在');
    // Its own name is no clash.
    await t.ok(SAVE, { id: can, name: '罐', status: 0 }, owner.token);
  });

  it('keeps the status of a unit when an update leaves it out', async () => {
    const id = await create(owner.token, '停用的', { status: 0 });
    await t.ok(SAVE, { id, name: '停用的单位' }, owner.token);
    expect(await t.ok(ONE, { id }, owner.token)).toMatchObject({ name: '停用的单位', status: 0 });
  });

  it('answers 单位不存在 for an unknown id', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    expect((await t.call(ONE, { id }, owner.token)).body).toMatchObject({ code: 1004, msg: '单位不存在' });
    expect((await t.call(SAVE, { id, name: '无' }, owner.token)).body).toMatchObject({ code: 1004, msg: '单位不存在' });
  });
});

describe('list and all', () => {
  let shop: Person;
  const NAMES = ['件', '个', '盒', '瓶', '袋', '包', '箱', '杯', '斤', '千克', '克', '米'];

  beforeAll(async () => {
    shop = await t.registerOwner('单位列表店');
    for (const n of NAMES) await create(shop.token, n);
    const rows: Row[] = (await t.ok(LIST, { page_size: 20 }, shop.token)).rows;
    const off = rows.filter((r) => ['盒', '克'].includes(r.name)).map((r) => r.id);
    await t.ok(STATE, { ids: off, status: 0 }, shop.token);
  });

  it('pages the units smallest sort first by default', async () => {
    const first = await t.ok(LIST, {}, shop.token);
    expect(first.total_count).toBe(12);
    expect(names(first.rows)).toEqual(NAMES.slice(0, 10));
    expect(names((await t.ok(LIST, { page_index: 2 }, shop.token)).rows)).toEqual(['克', '米']);
    expect(await t.ok(LIST, { page_index: 4 }, shop.token)).toEqual({ rows: [], total_count: 12 });
  });

  it('filters by keyword and by status', async () => {
    expect(names((await t.ok(LIST, { keyword: '克' }, shop.token)).rows)).toEqual(['千克', '克']);
    expect(names((await t.ok(LIST, { status: 0 }, shop.token)).rows)).toEqual(['盒', '克']);
    expect((await t.ok(LIST, { status: 1 }, shop.token)).total_count).toBe(10);
    expect(await t.ok(LIST, { keyword: '吨' }, shop.token)).toEqual({ rows: [], total_count: 0 });
  });

  it.each(['sort', 'status', 'createTime'] as const)('sorts by %s both ways across pages', async (field) => {
    for (const dir of ['asc', 'desc'] as const) {
      const one = await t.ok(LIST, { sorter: [{ field, order: dir }], page_size: 7 }, shop.token);
      const two = await t.ok(LIST, { sorter: [{ field, order: dir }], page_size: 7, page_index: 2 }, shop.token);
      const rows: Row[] = [...one.rows, ...two.rows];
      expect(new Set(rows.map((r) => r.id)).size).toBe(12);
      const values = rows.map((r) => r[field]);
      const sorted = [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
      expect(values).toEqual(dir === 'asc' ? sorted : sorted.reverse());
    }
  });

  it('sorts by name, reading antd sort directions', async () => {
    const asc = names((await t.ok(LIST, { sorter: [{ field: 'name', order: 'ascend' }], page_size: 20 }, shop.token)).rows);
    const desc = names((await t.ok(LIST, { sorter: [{ field: 'name', order: 'descend' }], page_size: 20 }, shop.token)).rows);
    expect(new Set(asc)).toEqual(new Set(NAMES));
    expect(desc).toEqual([...asc].reverse());
  });

  it('all answers the enabled units in order, for pickers', async () => {
    const all = await t.ok(ALL, {}, shop.token);
    expect(names(all)).toEqual(NAMES.filter((n) => n !== '盒' && n !== '克'));
    expect(Object.keys(all[0]).sort()).toEqual(['id', 'name']);
  });
});

describe('updateState', () => {
  it('disables and enables several units at once', async () => {
    const a = await create(owner.token, '开关一');
    const b = await create(owner.token, '开关二');
    expect((await t.call(STATE, { ids: [a, b], status: 0 }, owner.token)).body).toMatchObject({ code: 0, msg: '禁用成功' });
    expect(names(await t.ok(ALL, {}, owner.token))).not.toContain('开关一');
    expect((await t.call(STATE, { ids: [a, b], status: 1 }, owner.token)).body).toMatchObject({ code: 0, msg: '启用成功' });
    expect(names(await t.ok(ALL, {}, owner.token))).toEqual(expect.arrayContaining(['开关一', '开关二']));
  });

  it('refuses an empty selection and a bad status, and changes nothing for an unknown id', async () => {
    const a = await create(owner.token, '开关三');
    expect((await t.call(STATE, { ids: [], status: 0 }, owner.token)).body).toMatchObject({ code: 1001, msg: '请选择数据' });
    expect((await t.call(STATE, { ids: [a], status: 2 }, owner.token)).body).toMatchObject({ code: 1001, msg: '状态不正确' });
    const r = await t.call(STATE, { ids: [a, '00000000-0000-4000-8000-000000000000'], status: 0 }, owner.token);
    expect(r.body).toMatchObject({ code: 1004, msg: '单位不存在' });
    expect((await t.ok(ONE, { id: a }, owner.token)).status).toBe(1);
  });
});

describe('sort and movesort', () => {
  let shop: Person;
  const id: Record<string, string> = {};

  beforeAll(async () => {
    shop = await t.registerOwner('单位排序店');
    for (const n of ['甲', '乙', '丙', '丁', '戊']) id[n] = await create(shop.token, n);
  });

  it('sort saves new values, even a permutation of the values the units hold', async () => {
    const r = await t.call(
      SORT,
      {
        list: [
          { id: id.甲, sort: 2 },
          { id: id.乙, sort: 1 },
        ],
      },
      shop.token,
    );
    expect(r.body).toMatchObject({ code: 0, msg: '排序成功' });
    expect(await order(shop.renterId)).toEqual(['乙:1', '甲:2', '丙:3', '丁:4', '戊:5']);
    await t.ok(SORT, { list: [{ id: id.戊, sort: 100 }] }, shop.token);
    await t.ok(SORT, { list: [{ id: id.戊, sort: 5 }] }, shop.token);
    expect(await order(shop.renterId)).toEqual(['乙:1', '甲:2', '丙:3', '丁:4', '戊:5']);
  });

  it('sort refuses a value another unit holds, a value twice, and unknown ids, changing nothing', async () => {
    const taken = await t.call(SORT, { list: [{ id: id.甲, sort: 3 }] }, shop.token);
    expect(taken.body).toMatchObject({ code: 1001, msg: '排序值3已被单位「丙」使用' });
    const twice = await t.call(
      SORT,
      {
        list: [
          { id: id.甲, sort: 8 },
          { id: id.乙, sort: 8 },
        ],
      },
      shop.token,
    );
    expect(twice.body).toMatchObject({ code: 1001, msg: '排序值不能重复' });
    const unknown = await t.call(
      SORT,
      {
        list: [
          { id: id.甲, sort: 9 },
          { id: '00000000-0000-4000-8000-000000000000', sort: 10 },
        ],
      },
      shop.token,
    );
    expect(unknown.body).toMatchObject({ code: 1004, msg: '单位不存在' });
    expect(await order(shop.renterId)).toEqual(['乙:1', '甲:2', '丙:3', '丁:4', '戊:5']);
  });

  it('movesort up and down swap a unit with its neighbour', async () => {
    const up = await t.call(MOVE, { id: id.丙, direction: 'up' }, shop.token);
    expect(up.body).toMatchObject({ code: 0, msg: '上移成功' });
    expect(await order(shop.renterId)).toEqual(['乙:1', '丙:2', '甲:3', '丁:4', '戊:5']);
    expect((await t.call(MOVE, { id: id.丙, direction: 'down' }, shop.token)).body.msg).toBe('下移成功');
    expect(await order(shop.renterId)).toEqual(['乙:1', '甲:2', '丙:3', '丁:4', '戊:5']);
  });

  it('movesort top puts a unit first and moves the ones before it down one place', async () => {
    expect((await t.call(MOVE, { id: id.丁, direction: 'top' }, shop.token)).body).toMatchObject({ code: 0, msg: '置顶成功' });
    expect(await order(shop.renterId)).toEqual(['丁:1', '乙:2', '甲:3', '丙:4', '戊:5']);
    expect(names((await t.ok(LIST, {}, shop.token)).rows)).toEqual(['丁', '乙', '甲', '丙', '戊']);
  });

  it('movesort refuses to move the first unit up or to the top, and the last one down', async () => {
    expect((await t.call(MOVE, { id: id.丁, direction: 'up' }, shop.token)).body).toMatchObject({ code: 1, msg: '已经在最前面了' });
    expect((await t.call(MOVE, { id: id.丁, direction: 'top' }, shop.token)).body).toMatchObject({ code: 1, msg: '已经在最前面了' });
    expect((await t.call(MOVE, { id: id.戊, direction: 'down' }, shop.token)).body).toMatchObject({ code: 1, msg: '已经在最后面了' });
    expect((await t.call(MOVE, { id: id.戊, direction: 'left' }, shop.token)).body).toMatchObject({ code: 1001, msg: '移动方向不正确' });
    expect(await order(shop.renterId)).toEqual(['丁:1', '乙:2', '甲:3', '丙:4', '戊:5']);
  });

  it('a new unit after a reorder still goes last', async () => {
    await create(shop.token, '己');
    expect((await order(shop.renterId)).at(-1)).toBe('己:6');
  });
});

describe('moves at the same time', () => {
  raceIt('forty moves of eight units at once keep every sort value unique', async () => {
    const shop = await t.registerOwner('并发单位店');
    const ids: string[] = [];
    for (let i = 0; i < 8; i++) ids.push(await create(shop.token, `单位${i}`));
    const directions = ['up', 'down', 'top'] as const;
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => t.call(MOVE, { id: ids[(i * 5) % 8], direction: directions[i % 3] }, shop.token)),
    );
    for (const a of answers) {
      expect(a.status).toBe(200);
      expect(['上移成功', '下移成功', '置顶成功', '已经在最前面了', '已经在最后面了']).toContain(a.body.msg);
    }
    const rows = await t.db.select().from(goodsUnits).where(eq(goodsUnits.renterId, shop.renterId));
    expect(rows).toHaveLength(8);
    // The same eight values, one each: moves only ever exchange them.
    expect(rows.map((r) => r.sort).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  raceIt('units created at once all get a place of their own', async () => {
    const shop = await t.registerOwner('并发建单位店');
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => t.call(SAVE, { name: `同时${i}` }, shop.token)));
    expect(answers.every((a) => a.body.code === 0)).toBe(true);
    const sorts = (await t.db.select().from(goodsUnits).where(eq(goodsUnits.renterId, shop.renterId))).map((r) => r.sort);
    expect(sorts.sort((a, b) => a - b)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
  });
});

describe("another enterprise's units behave as missing", () => {
  it('cannot be read, renamed, switched, sorted or moved, and never show in the lists', async () => {
    const theirs = await create(other.token, '别人的单位');
    await create(other.token, '别人的第二个');
    const missing = { code: 1004, msg: '单位不存在' };
    expect((await t.call(ONE, { id: theirs }, owner.token)).body).toMatchObject(missing);
    expect((await t.call(SAVE, { id: theirs, name: '改掉' }, owner.token)).body).toMatchObject(missing);
    expect((await t.call(STATE, { ids: [theirs], status: 0 }, owner.token)).body).toMatchObject(missing);
    expect((await t.call(SORT, { list: [{ id: theirs, sort: 99 }] }, owner.token)).body).toMatchObject(missing);
    expect((await t.call(MOVE, { id: theirs, direction: 'down' }, owner.token)).body).toMatchObject(missing);
    expect((await t.ok(LIST, { keyword: '别人的' }, owner.token)).total_count).toBe(0);
    expect(names(await t.ok(ALL, {}, owner.token))).not.toContain('别人的单位');
    // Their names and sort values are their own: the same name is free here.
    await create(owner.token, '别人的单位');
    expect(await t.ok(ONE, { id: theirs }, other.token)).toMatchObject({ name: '别人的单位', sort: 1, status: 1 });
  });
});

describe('who may call', () => {
  const endpoints = Object.values(contract.goodUnit as EndpointMap);
  const managed = endpoints.filter((e) => typeof e.permission === 'object');

  it('guards every endpoint but the picker with the Unit grant', () => {
    expect(managed.every((e) => typeof e.permission === 'object' && e.permission.menu === 'Unit')).toBe(true);
    expect(endpoints.filter((e) => e.permission === 'renter').map((e) => e.path)).toEqual([ALL]);
  });

  it.each(endpoints.map((e) => [e.path]))('%s answers 401 without a token or with a bad one', async (path) => {
    for (const token of [undefined, 'not-a-token']) {
      const r = await t.call(path, {}, token);
      expect(r.status).toBe(401);
      expect(r.body).toMatchObject({ code: 401, msg: EXPIRED_MSG });
    }
  });

  it('refuses a member without the Unit grant on each managing endpoint, and changes nothing', async () => {
    const member = await t.addMember(owner.renterId, ['dashboard', 'Catelist']);
    const id = await create(owner.token, '店员改不了');
    const before = await t.ok(ONE, { id }, owner.token);
    for (const e of managed) {
      const r = await t.call(e.path, { id, ids: [id], status: 0, name: '改', direction: 'top', list: [{ id, sort: 999 }] }, member.token);
      expect(r.status, e.path).toBe(200);
      expect(r.body, e.path).toMatchObject({ code: 1003, msg: '没有权限执行此操作' });
    }
    expect(await t.ok(ONE, { id }, owner.token)).toEqual(before);
    expect(names(await t.ok(ALL, {}, member.token))).toContain('店员改不了');
  });

  it('lets a member with the Unit grant manage units', async () => {
    const member = await t.addMember(owner.renterId, ['Unit']);
    const id = await create(member.token, '店员建');
    await t.ok(STATE, { ids: [id], status: 0 }, member.token);
    await t.ok(MOVE, { id, direction: 'top' }, member.token);
    expect(await t.ok(ONE, { id }, member.token)).toMatchObject({ status: 0, sort: 1 });
  });
});
