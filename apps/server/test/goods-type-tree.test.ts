import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goodsTypes } from '@/db/schema';
import { makeApp, type Person, type TestApp } from './helper';
import { raceIt } from './race';

let t: TestApp;
let owner: Person;

beforeAll(async () => {
  t = await makeApp();
  owner = await t.registerOwner('深树店');
});
afterAll(() => t.close());

const P = '/Goods/GoodsType/';

async function create(name: string, parentId: string | null = null) {
  return (await t.ok(`${P}save`, { name, parentId }, owner.token)).id as string;
}
const move = (id: string, name: string, parentId: string | null) => t.call(`${P}save`, { id, name, parentId }, owner.token);
const pathNames = async (id: string) => ((await t.ok(`${P}getptype`, { id }, owner.token)) as { name: string }[]).map((x) => x.name);
const rows = () => t.db.select().from(goodsTypes).where(eq(goodsTypes.renterId, owner.renterId)).orderBy(asc(goodsTypes.path));

interface Node {
  name: string;
  level: number;
  status: number;
  children?: Node[];
}
/** Every node as 'name@level:status', depth first. */
function flat(nodes: Node[]): string[] {
  return nodes.flatMap((n) => [`${n.name}@${n.level}:${n.status}`, ...flat(n.children ?? [])]);
}

describe('a tree five levels deep', () => {
  const id: Record<string, string> = {};

  beforeAll(async () => {
    id.L1 = await create('一级');
    id.L2 = await create('二级', id.L1);
    id.L3 = await create('三级', id.L2);
    id.L4 = await create('四级', id.L3);
    id.L5 = await create('五级', id.L4);
    id.X = await create('另一棵');
    id.X2 = await create('另一棵的子级', id.X);
  });

  it('stores the levels and the materialised paths from the top down', async () => {
    expect(await pathNames(id.L5)).toEqual(['一级', '二级', '三级', '四级', '五级']);
    const byId = new Map((await rows()).map((r) => [r.id, r]));
    const l1 = byId.get(id.L1)!;
    const l5 = byId.get(id.L5)!;
    expect(l5.path.startsWith(l1.path)).toBe(true);
    expect(l5.path.split('/').filter(Boolean)).toHaveLength(5);
    expect((await t.ok(`${P}detail`, { id: id.L5 }, owner.token)).level).toBe(5);
  });

  it('moves level 3 with its two levels below under another tree, rewriting every path', async () => {
    const r = await move(id.L3, '三级', id.X2);
    expect(r.body).toMatchObject({ code: 0, msg: '保存成功' });
    expect(await pathNames(id.L5)).toEqual(['另一棵', '另一棵的子级', '三级', '四级', '五级']);
    expect(flat(await t.ok(`${P}list`, {}, owner.token))).toEqual([
      '一级@1:1',
      '二级@2:1',
      '另一棵@1:1',
      '另一棵的子级@2:1',
      '三级@3:1',
      '四级@4:1',
      '五级@5:1',
    ]);
    // Paths agree with parents everywhere: each row's path is its parent's path plus its own number.
    const all = await rows();
    const byId = new Map(all.map((r) => [r.id, r]));
    for (const row of all) {
      const parentPath = row.parentId ? byId.get(row.parentId)!.path : '/';
      expect(row.path).toBe(`${parentPath}${row.no}/`);
    }
  });

  it('refuses to move the moved subtree under its own deepest level', async () => {
    const r = await move(id.L3, '三级', id.L5);
    expect(r.body).toMatchObject({ code: 1001, msg: '不能移动到自身或下级分类下' });
    expect(await pathNames(id.L3)).toEqual(['另一棵', '另一棵的子级', '三级']);
  });

  it('disables the whole moved subtree with its new top, and leaves the old tree alone', async () => {
    await t.ok(`${P}upstate`, { ids: [id.X], status: 0 }, owner.token);
    expect(flat(await t.ok(`${P}list`, {}, owner.token))).toEqual([
      '一级@1:1',
      '二级@2:1',
      '另一棵@1:0',
      '另一棵的子级@2:0',
      '三级@3:0',
      '四级@4:0',
      '五级@5:0',
    ]);
    expect((await t.ok(`${P}getalllist`, {}, owner.token)).map((r: { name: string }) => r.name)).toEqual(['一级', '二级']);
    const r = await t.call(`${P}upstate`, { ids: [id.L5], status: 1 }, owner.token);
    expect(r.body).toMatchObject({ code: 1, msg: '上级分类「另一棵」已禁用，请先启用上级分类' });
  });

  it('moves level 4 out of the disabled tree to the top, saved enabled with its child', async () => {
    expect((await t.call(`${P}save`, { id: id.L4, name: '四级', parentId: null, status: 1 }, owner.token)).body.code).toBe(0);
    expect(await pathNames(id.L5)).toEqual(['四级', '五级']);
    expect(flat(await t.ok(`${P}list`, { keyword: '五级' }, owner.token))).toEqual(['四级@1:1', '五级@2:1']);
  });
});

describe('moves at the same time', () => {
  raceIt('two categories moved under each other at once: one move wins, the other is refused, no cycle', async () => {
    const a = await create('并发甲');
    const b = await create('并发乙');
    const [ra, rb] = await Promise.all([move(a, '并发甲', b), move(b, '并发乙', a)]);
    const answers = [ra.body, rb.body];
    expect(answers.filter((x) => x.code === 0)).toHaveLength(1);
    expect(answers.filter((x) => x.code !== 0).map((x) => x.msg)).toEqual(['不能移动到自身或下级分类下']);
    const names = await Promise.all([pathNames(a), pathNames(b)]);
    expect(names.sort((x, y) => x.length - y.length)).toEqual(
      ra.body.code === 0 ? [['并发乙'], ['并发乙', '并发甲']] : [['并发甲'], ['并发甲', '并发乙']],
    );
  });

  raceIt('twenty categories created at once under one parent get distinct places after their siblings', async () => {
    const parent = await create('并发父级');
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => t.call(`${P}save`, { name: `并发子级${i}`, parentId: parent }, owner.token)),
    );
    expect(answers.every((a) => a.body.code === 0)).toBe(true);
    const children = (await rows()).filter((r) => r.parentId === parent);
    expect(children).toHaveLength(20);
    expect(new Set(children.map((c) => c.sort)).size).toBe(20);
    expect(new Set(children.map((c) => c.no)).size).toBe(20);
  });

  raceIt('the same name created twice at once under one parent: once', async () => {
    const parent = await create('重名父级');
    const answers = await Promise.all([1, 2, 3].map(() => t.call(`${P}save`, { name: '重名', parentId: parent }, owner.token)));
    expect(answers.map((a) => a.body.msg).sort()).toEqual(['保存成功', '同级分类名称已存在', '同级分类名称已存在']);
  });
});
