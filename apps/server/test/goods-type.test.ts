import { and, desc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { goodsTypes, operLogs } from '@/db/schema';
import { goodsInTypes } from '@/modules/goods/goods-type/goods-in-types';
import { makeApp, type Person, type TestApp } from './helper';

let t: TestApp;
let owner: Person;

beforeAll(async () => {
  t = await makeApp();
  owner = await t.registerOwner('分类店');
});
afterAll(() => t.close());
afterEach(() => {
  vi.restoreAllMocks();
});

const P = '/Goods/GoodsType/';
const LIST = `${P}list`;
const ALL = `${P}getalllist`;
const TREE_SEL = `${P}GetTreeSelData`;
const DETAIL = `${P}detail`;
const SAVE = `${P}save`;
const DEL = `${P}delete`;
const SORT = `${P}sort`;
const STATE = `${P}upstate`;
const PATH = `${P}getptype`;
const PAGE = `${P}GetGtypePageList`;

interface Node {
  id: string;
  name: string;
  parentId: string | null;
  level: number;
  sort: number;
  status: number;
  goodsCount: number;
  children?: Node[];
}

/** Creates a category through save; answers its id. */
async function create(token: string, name: string, parentId: string | null = null, over: Record<string, unknown> = {}) {
  return (await t.ok(SAVE, { name, parentId, ...over }, token)).id as string;
}

/** The tree as nested names: ['食品', ['水果', '蔬菜']] … */
function shape(nodes: Node[]): unknown[] {
  return nodes.flatMap((n) => (n.children ? [n.name, shape(n.children)] : [n.name]));
}

const rowOf = async (id: string) => (await t.db.select().from(goodsTypes).where(eq(goodsTypes.id, id)))[0];

describe('save and detail', () => {
  it('creates a top-level category and a child, each after its last sibling', async () => {
    const shop = await t.registerOwner('新分类店');
    const r = await t.call(SAVE, { name: '食品', icon: '/file/icons/food.png' }, shop.token);
    expect(r.body).toMatchObject({ code: 0, msg: '保存成功' });
    const food = r.body.data.id;
    const drinks = await create(shop.token, '饮品');
    const fruit = await create(shop.token, '水果', food);
    const veg = await create(shop.token, '蔬菜', food);
    expect(await t.ok(DETAIL, { id: food }, shop.token)).toMatchObject({
      id: food,
      name: '食品',
      parentId: null,
      parentName: '',
      level: 1,
      pathName: '食品',
      icon: '/file/icons/food.png',
      sort: 1,
      status: 1,
      goodsCount: 0,
      childCount: 2,
    });
    expect(await t.ok(DETAIL, { id: drinks }, shop.token)).toMatchObject({ sort: 2, level: 1 });
    expect(await t.ok(DETAIL, { id: veg }, shop.token)).toMatchObject({
      parentId: food,
      parentName: '食品',
      level: 2,
      pathName: '食品 / 蔬菜',
      sort: 2,
      childCount: 0,
    });
    expect((await t.ok(DETAIL, { id: fruit }, shop.token)).createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('saves changes in place and keeps the sort unless a new one is given', async () => {
    const id = await create(owner.token, '旧名', null, { sort: 7 });
    await t.ok(SAVE, { id, name: '新名', icon: 'https://img.example.com/a.png' }, owner.token);
    expect(await t.ok(DETAIL, { id }, owner.token)).toMatchObject({ name: '新名', icon: 'https://img.example.com/a.png', sort: 7 });
    await t.ok(SAVE, { id, name: '新名', sort: 3 }, owner.token);
    expect(await t.ok(DETAIL, { id }, owner.token)).toMatchObject({ sort: 3, icon: 'https://img.example.com/a.png' });
    await t.ok(SAVE, { id, name: '新名', icon: '' }, owner.token);
    expect(await t.ok(DETAIL, { id }, owner.token)).toMatchObject({ sort: 3, icon: '' });
  });

  it('keeps the parent and the status of a category when an update leaves them out', async () => {
    const parent = await create(owner.token, '留父级');
    const child = await create(owner.token, '留子级', parent, { status: 0 });
    await t.ok(SAVE, { id: child, name: '留子级改' }, owner.token);
    expect(await t.ok(DETAIL, { id: child }, owner.token)).toMatchObject({ name: '留子级改', parentId: parent, status: 0, level: 2 });
    // null (or '') is the top level.
    await t.ok(SAVE, { id: child, name: '留子级改', parentId: null }, owner.token);
    expect(await t.ok(DETAIL, { id: child }, owner.token)).toMatchObject({ parentId: null, level: 1, status: 0 });
  });

  it('takes an empty parentId as a top-level category', async () => {
    const id = await create(owner.token, '空父级', null, { parentId: '' });
    expect(await t.ok(DETAIL, { id }, owner.token)).toMatchObject({ parentId: null, level: 1 });
  });

  it('writes an operation-log row with the values before and after', async () => {
    const id = await create(owner.token, '日志分类');
    await t.ok(SAVE, { id, name: '日志分类改' }, owner.token);
    const [row] = await t.db
      .select()
      .from(operLogs)
      .where(and(eq(operLogs.renterId, owner.renterId), eq(operLogs.recordId, id)))
      .orderBy(desc(operLogs.createdAt))
      .limit(1);
    expect(row).toMatchObject({
      userId: owner.userId,
      module: 'goods',
      action: '编辑分类',
      before: { name: '日志分类' },
      after: { name: '日志分类改' },
    });
  });

  it.each([
    ['a missing name', { name: undefined }, '请输入分类名称'],
    ['a blank name', { name: '   ' }, '请输入分类名称'],
    ['a name over 20 characters', { name: '类'.repeat(21) }, '分类名称不能超过20个字'],
    ['an icon that is not an image address', { name: '图标错', icon: 'javascript:alert(1)' }, '图标地址不正确'],
    ['a negative sort', { name: '负排序', sort: -1 }, '排序值不能小于0'],
    ['a parent that is not an id', { name: '坏父级', parentId: 'x' }, '上级分类不正确'],
    ['a status other than 0 and 1', { name: '坏状态', status: 2 }, '状态不正确'],
  ])('refuses %s with its message', async (_case, body, msg) => {
    const r = await t.call(SAVE, body, owner.token);
    expect(r.body).toMatchObject({ code: 1001, msg });
  });

  it('refuses a name a sibling has, at the top and below, and names the field', async () => {
    const top = await create(owner.token, '同名顶级');
    const r = await t.call(SAVE, { name: '同名顶级' }, owner.token);
    expect(r.body).toMatchObject({
      code: 1001,
      msg: '同级分类名称已存在',
      data: { errors: [{ field: 'name', msg: '同级分类名称已存在' }] },
    });
    const child = await create(owner.token, '苹果', top);
    expect((await t.call(SAVE, { name: '苹果', parentId: top }, owner.token)).body.msg).toBe('同级分类名称已存在');
    // Renaming into a sibling's name is refused too; the same name under another parent is fine.
    const pear = await create(owner.token, '梨', top);
    expect((await t.call(SAVE, { id: pear, name: '苹果', parentId: top }, owner.token)).body.msg).toBe('同级分类名称已存在');
    const elsewhere = await create(owner.token, '苹果', child);
    expect(await t.ok(DETAIL, { id: elsewhere }, owner.token)).toMatchObject({ pathName: '同名顶级 / 苹果 / 苹果' });
    // Saving a category under its own name is no clash.
    await t.ok(SAVE, { id: pear, name: '梨', parentId: top, sort: 9 }, owner.token);
  });

  it('refuses a parent that does not exist', async () => {
    const r = await t.call(SAVE, { name: '孤儿', parentId: '00000000-0000-4000-8000-000000000000' }, owner.token);
    expect(r.body).toMatchObject({ code: 1001, msg: '上级分类不存在' });
  });

  it('refuses to move a category under itself or under a category below it', async () => {
    const a = await create(owner.token, '移动甲');
    const b = await create(owner.token, '移动乙', a);
    const c = await create(owner.token, '移动丙', b);
    for (const parentId of [a, b, c]) {
      const r = await t.call(SAVE, { id: a, name: '移动甲', parentId }, owner.token);
      expect(r.body).toMatchObject({ code: 1001, msg: '不能移动到自身或下级分类下' });
    }
    expect(await t.ok(DETAIL, { id: a }, owner.token)).toMatchObject({ parentId: null, level: 1 });
    expect(await t.ok(DETAIL, { id: c }, owner.token)).toMatchObject({ pathName: '移动甲 / 移动乙 / 移动丙' });
  });

  it('refuses an enabled category under a disabled parent', async () => {
    const off = await create(owner.token, '停用的父级', null, { status: 0 });
    const r = await t.call(SAVE, { name: '启用的子级', parentId: off }, owner.token);
    expect(r.body).toMatchObject({ code: 1001, msg: '上级分类「停用的父级」已禁用，请先启用上级分类' });
    const child = await create(owner.token, '停用的子级', off, { status: 0 });
    expect(await t.ok(DETAIL, { id: child }, owner.token)).toMatchObject({ status: 0, parentId: off });
  });

  it('answers 分类不存在 for an unknown id', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    expect((await t.call(DETAIL, { id }, owner.token)).body).toMatchObject({ code: 1004, msg: '分类不存在' });
    expect((await t.call(SAVE, { id, name: '无' }, owner.token)).body).toMatchObject({ code: 1004, msg: '分类不存在' });
    expect((await t.call(PATH, { id }, owner.token)).body).toMatchObject({ code: 1004, msg: '分类不存在' });
  });
});

describe('the tree: list, getalllist, GetTreeSelData, getptype', () => {
  let shop: Person;
  const id: Record<string, string> = {};

  beforeAll(async () => {
    shop = await t.registerOwner('树形店');
    id.food = await create(shop.token, '食品', null, { sort: 2 });
    id.drink = await create(shop.token, '饮品', null, { sort: 1 });
    id.daily = await create(shop.token, '日用', null, { sort: 3 });
    id.fruit = await create(shop.token, '水果', id.food);
    id.apple = await create(shop.token, '苹果', id.fruit);
    id.veg = await create(shop.token, '蔬菜', id.food);
    id.tea = await create(shop.token, '茶饮', id.drink);
    id.milkTea = await create(shop.token, '奶茶', id.tea);
    await t.ok(STATE, { ids: [id.daily, id.veg], status: 0 }, shop.token);
  });

  it('nests every category under its parent, siblings by sort, leaves without children', async () => {
    const tree: Node[] = await t.ok(LIST, {}, shop.token);
    expect(shape(tree)).toEqual(['饮品', ['茶饮', ['奶茶']], '食品', ['水果', ['苹果'], '蔬菜'], '日用']);
    expect(tree[1]).toMatchObject({ id: id.food, level: 1, status: 1, goodsCount: 0 });
    expect(tree[1].children?.[0].children?.[0]).toMatchObject({ name: '苹果', level: 3, parentId: id.fruit });
    expect(tree[2]).not.toHaveProperty('children');
    expect(tree[2].status).toBe(0);
  });

  it('keeps the ancestors of each match, and only those', async () => {
    expect(shape(await t.ok(LIST, { keyword: '苹' }, shop.token))).toEqual(['食品', ['水果', ['苹果']]]);
    expect(shape(await t.ok(LIST, { keyword: '茶' }, shop.token))).toEqual(['饮品', ['茶饮', ['奶茶']]]);
    expect(shape(await t.ok(LIST, { keyword: '  奶茶 ' }, shop.token))).toEqual(['饮品', ['茶饮', ['奶茶']]]);
    expect(shape(await t.ok(LIST, { status: 0 }, shop.token))).toEqual(['食品', ['蔬菜'], '日用']);
    expect(shape(await t.ok(LIST, { status: 1, keyword: '菜' }, shop.token))).toEqual([]);
    expect(await t.ok(LIST, { keyword: '没有这个' }, shop.token)).toEqual([]);
  });

  it('counts the goods of each category through the goods module', async () => {
    vi.spyOn(goodsInTypes, 'count').mockImplementation(async (_tenant, ids) => new Map(ids.map((x) => [x, x === id.apple ? 5 : 0])));
    const tree: Node[] = await t.ok(LIST, {}, shop.token);
    expect(tree[1].children?.[0].children?.[0]).toMatchObject({ name: '苹果', goodsCount: 5 });
    expect(await t.ok(DETAIL, { id: id.apple }, shop.token)).toMatchObject({ goodsCount: 5 });
  });

  it('getalllist answers the enabled categories flat, in tree order, with their path names', async () => {
    const rows = await t.ok(ALL, {}, shop.token);
    expect(rows.map((r: { pathName: string }) => r.pathName)).toEqual([
      '饮品',
      '饮品 / 茶饮',
      '饮品 / 茶饮 / 奶茶',
      '食品',
      '食品 / 水果',
      '食品 / 水果 / 苹果',
    ]);
    expect(rows[2]).toEqual({ id: id.milkTea, name: '奶茶', parentId: id.tea, level: 3, pathName: '饮品 / 茶饮 / 奶茶' });
  });

  it('GetTreeSelData answers {value,title,children}, enabled by default, all with status -1, without excludeId', async () => {
    expect(await t.ok(TREE_SEL, {}, shop.token)).toEqual([
      { value: id.drink, title: '饮品', children: [{ value: id.tea, title: '茶饮', children: [{ value: id.milkTea, title: '奶茶' }] }] },
      { value: id.food, title: '食品', children: [{ value: id.fruit, title: '水果', children: [{ value: id.apple, title: '苹果' }] }] },
    ]);
    const all = await t.ok(TREE_SEL, { status: -1, excludeId: id.fruit }, shop.token);
    expect(all.map((n: { title: string }) => n.title)).toEqual(['饮品', '食品', '日用']);
    expect(all[1].children).toEqual([{ value: id.veg, title: '蔬菜' }]);
  });

  it('getptype answers the path from the top-level category down to the category itself', async () => {
    expect(await t.ok(PATH, { id: id.apple }, shop.token)).toEqual([
      { id: id.food, name: '食品', level: 1 },
      { id: id.fruit, name: '水果', level: 2 },
      { id: id.apple, name: '苹果', level: 3 },
    ]);
    expect(await t.ok(PATH, { id: id.drink }, shop.token)).toEqual([{ id: id.drink, name: '饮品', level: 1 }]);
  });
});

describe('GetGtypePageList', () => {
  let shop: Person;
  let parent: string;

  beforeAll(async () => {
    shop = await t.registerOwner('大目录店');
    parent = await create(shop.token, '服装');
    for (let i = 1; i <= 12; i++) await create(shop.token, `款式${String(i).padStart(2, '0')}`, parent, { sort: 13 - i });
    await create(shop.token, '款式杂项');
  });

  it('pages flat rows with their path names and child counts', async () => {
    const first = await t.ok(PAGE, { page_size: 5 }, shop.token);
    expect(first.total_count).toBe(14);
    expect(first.rows).toHaveLength(5);
    const all = await t.ok(PAGE, { page_size: 20 }, shop.token);
    const clothes = all.rows.find((r: { id: string }) => r.id === parent);
    expect(clothes).toMatchObject({ name: '服装', level: 1, childCount: 12, pathName: '服装' });
    expect(all.rows.find((r: { name: string }) => r.name === '款式03')).toMatchObject({
      level: 2,
      childCount: 0,
      pathName: '服装 / 款式03',
    });
    expect(await t.ok(PAGE, { page_index: 3, page_size: 10 }, shop.token)).toEqual({ rows: [], total_count: 14 });
  });

  it('filters by keyword, by parent and by status, and sorts on the server', async () => {
    expect((await t.ok(PAGE, { keyword: '款式' }, shop.token)).total_count).toBe(13);
    const children = await t.ok(PAGE, { parentId: parent, page_size: 3 }, shop.token);
    expect(children.total_count).toBe(12);
    expect(children.rows.map((r: { name: string }) => r.name)).toEqual(['款式12', '款式11', '款式10']);
    const tops = await t.ok(PAGE, { parentId: '' }, shop.token);
    expect(tops.rows.map((r: { name: string }) => r.name).sort()).toEqual(['服装', '款式杂项']);
    const byName = await t.ok(PAGE, { parentId: parent, sorter: [{ field: 'name', order: 'ascend' }], page_size: 2 }, shop.token);
    expect(byName.rows.map((r: { name: string }) => r.name)).toEqual(['款式01', '款式02']);
    expect((await t.ok(PAGE, { status: 0 }, shop.token)).total_count).toBe(0);
  });

  it('refuses a page of 0', async () => {
    expect((await t.call(PAGE, { page_index: 0 }, shop.token)).body).toMatchObject({ code: 1001, msg: '页码必须大于0' });
  });
});

describe('sort', () => {
  it('saves the order of siblings, as a drag in the console sends it', async () => {
    const shop = await t.registerOwner('排序店');
    const root = await create(shop.token, '根');
    const [a, b, c] = [await create(shop.token, '甲', root), await create(shop.token, '乙', root), await create(shop.token, '丙', root)];
    const r = await t.call(
      SORT,
      {
        list: [
          { id: c, sort: 1 },
          { id: a, sort: 2 },
          { id: b, sort: 3 },
        ],
      },
      shop.token,
    );
    expect(r.body).toMatchObject({ code: 0, msg: '排序成功' });
    expect(shape(await t.ok(LIST, {}, shop.token))).toEqual(['根', ['丙', '甲', '乙']]);
  });

  it('changes nothing when one of the ids is unknown', async () => {
    const a = await create(owner.token, '排序甲', null, { sort: 5 });
    const r = await t.call(
      SORT,
      {
        list: [
          { id: a, sort: 1 },
          { id: '00000000-0000-4000-8000-000000000000', sort: 2 },
        ],
      },
      owner.token,
    );
    expect(r.body).toMatchObject({ code: 1004, msg: '分类不存在' });
    expect((await rowOf(a)).sort).toBe(5);
  });

  it('refuses an empty list and a sort that is not a whole number', async () => {
    expect((await t.call(SORT, { list: [] }, owner.token)).body).toMatchObject({ code: 1001, msg: '请选择要排序的数据' });
    const a = await create(owner.token, '排序乙');
    expect((await t.call(SORT, { list: [{ id: a, sort: 1.5 }] }, owner.token)).body).toMatchObject({ code: 1001, msg: '排序值须为整数' });
  });
});

describe('upstate', () => {
  it('disables a category with everything under it, and enables it again the same way', async () => {
    const shop = await t.registerOwner('开关店');
    const a = await create(shop.token, '开关甲');
    const b = await create(shop.token, '开关乙', a);
    const c = await create(shop.token, '开关丙', b);
    const off = await t.call(STATE, { ids: [a], status: 0 }, shop.token);
    expect(off.body).toMatchObject({ code: 0, msg: '禁用成功' });
    for (const id of [a, b, c]) expect((await rowOf(id)).status).toBe(0);
    expect(await t.ok(ALL, {}, shop.token)).toEqual([]);
    const on = await t.call(STATE, { ids: [a], status: 1 }, shop.token);
    expect(on.body).toMatchObject({ code: 0, msg: '启用成功' });
    for (const id of [a, b, c]) expect((await rowOf(id)).status).toBe(1);
  });

  it('refuses to enable a category under a disabled one, unless that one is enabled in the same call', async () => {
    const a = await create(owner.token, '上级已停');
    const b = await create(owner.token, '下级', a);
    await t.ok(STATE, { ids: [a], status: 0 }, owner.token);
    const r = await t.call(STATE, { ids: [b], status: 1 }, owner.token);
    expect(r.body).toMatchObject({ code: 1, msg: '上级分类「上级已停」已禁用，请先启用上级分类' });
    expect((await rowOf(b)).status).toBe(0);
    await t.ok(STATE, { ids: [b, a], status: 1 }, owner.token);
    expect([(await rowOf(a)).status, (await rowOf(b)).status]).toEqual([1, 1]);
  });

  it('applies a status changed through save to the subtree as well', async () => {
    const a = await create(owner.token, '表单停用');
    const b = await create(owner.token, '表单下级', a);
    await t.ok(SAVE, { id: a, name: '表单停用', status: 0 }, owner.token);
    expect((await rowOf(b)).status).toBe(0);
  });

  it('refuses an empty selection and a status other than 0 and 1', async () => {
    expect((await t.call(STATE, { ids: [], status: 0 }, owner.token)).body).toMatchObject({ code: 1001, msg: '请选择数据' });
    const a = await create(owner.token, '状态校验');
    expect((await t.call(STATE, { ids: [a], status: 3 }, owner.token)).body).toMatchObject({ code: 1001, msg: '状态不正确' });
  });
});

describe('delete', () => {
  it('deletes a category without children or goods', async () => {
    const a = await create(owner.token, '要删的分类');
    const r = await t.call(DEL, { ids: [a] }, owner.token);
    expect(r.body).toMatchObject({ code: 0, msg: '删除成功!' });
    expect((await t.call(DETAIL, { id: a }, owner.token)).body).toMatchObject({ code: 1004, msg: '分类不存在' });
  });

  it('refuses a category that still has children, naming it', async () => {
    const a = await create(owner.token, '有子分类');
    const b = await create(owner.token, '子分类', a);
    const r = await t.call(DEL, { ids: [a] }, owner.token);
    expect(r.body).toMatchObject({ code: 1, msg: '分类「有子分类」下还有子分类，请先删除子分类' });
    expect(await rowOf(a)).toBeDefined();
    // Deleted together with its only child, it goes.
    await t.ok(DEL, { ids: [a, b] }, owner.token);
    expect(await rowOf(a)).toBeUndefined();
    expect(await rowOf(b)).toBeUndefined();
  });

  it('refuses a category that still has goods, naming it, and deletes none of the selection', async () => {
    const empty = await create(owner.token, '空分类');
    const full = await create(owner.token, '有商品的分类');
    const spy = vi
      .spyOn(goodsInTypes, 'count')
      .mockImplementation(async (_tenant, ids) => new Map(ids.map((x) => [x, x === full ? 2 : 0])));
    const r = await t.call(DEL, { ids: [empty, full] }, owner.token);
    expect(r.body).toMatchObject({ code: 1, msg: '分类「有商品的分类」下还有商品，不能删除' });
    expect(spy).toHaveBeenCalledWith(expect.objectContaining({ renterId: owner.renterId }), [empty, full]);
    expect(await rowOf(empty)).toBeDefined();
    expect(await rowOf(full)).toBeDefined();
  });

  it('refuses ids that are not ids', async () => {
    expect((await t.call(DEL, { ids: ['x'] }, owner.token)).body).toMatchObject({ code: 1001, msg: '选中的数据不正确' });
    expect((await t.call(DEL, {}, owner.token)).body).toMatchObject({ code: 1001, msg: '请选择数据' });
  });
});

describe('the demo enterprise', () => {
  it('starts with a category tree three levels deep and a row of units', async () => {
    const demo = await t.seedDemo();
    const token = await t.login(demo.phone, demo.password);
    expect(shape(await t.ok(LIST, {}, token))).toEqual([
      '烘焙',
      ['面包', '蛋糕', '饼干', ['曲奇', '苏打饼']],
      '饮品',
      ['咖啡', '茶饮', '果汁'],
      '零食',
      ['坚果', '糖果'],
      '季节限定',
      ['月饼', '粽子'],
    ]);
    expect((await t.ok(ALL, {}, token)).map((r: { name: string }) => r.name)).not.toContain('月饼');
    expect((await t.ok('/Goods/GoodUnit/all', {}, token)).map((r: { name: string }) => r.name)).toEqual([
      '个',
      '件',
      '盒',
      '袋',
      '杯',
      '瓶',
      '千克',
    ]);
    // Numbering goes on after the seeded categories.
    const id = await create(token, '新品');
    expect(await t.ok(DETAIL, { id }, token)).toMatchObject({ level: 1, sort: 5 });
  });
});
