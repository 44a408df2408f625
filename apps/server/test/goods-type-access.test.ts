import { contract, EXPIRED_MSG, type EndpointMap } from '@shop/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goodsTypes } from '@/db/schema';
import { makeApp, type Person, type TestApp } from './helper';

let t: TestApp;
let owner: Person;
let other: Person;

beforeAll(async () => {
  t = await makeApp();
  [owner, other] = await Promise.all([t.registerOwner('分类权限店'), t.registerOwner('隔壁分类店')]);
});
afterAll(() => t.close());

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

async function create(token: string, name: string, parentId: string | null = null) {
  return (await t.ok(SAVE, { name, parentId }, token)).id as string;
}
const rowOf = async (id: string) => (await t.db.select().from(goodsTypes).where(eq(goodsTypes.id, id)))[0];

describe("another enterprise's categories behave as missing", () => {
  let theirs: string;
  beforeAll(async () => {
    theirs = await create(other.token, '别人的分类');
  });

  it('cannot be read, saved over, used as a parent, sorted, switched or deleted', async () => {
    const missing = { code: 1004, msg: '分类不存在' };
    expect((await t.call(DETAIL, { id: theirs }, owner.token)).body).toMatchObject(missing);
    expect((await t.call(PATH, { id: theirs }, owner.token)).body).toMatchObject(missing);
    expect((await t.call(SAVE, { id: theirs, name: '改掉它' }, owner.token)).body).toMatchObject(missing);
    expect((await t.call(SAVE, { name: '挂到别人下面', parentId: theirs }, owner.token)).body).toMatchObject({
      code: 1001,
      msg: '上级分类不存在',
    });
    expect((await t.call(SORT, { list: [{ id: theirs, sort: 1 }] }, owner.token)).body).toMatchObject(missing);
    expect((await t.call(STATE, { ids: [theirs], status: 0 }, owner.token)).body).toMatchObject(missing);
    expect((await t.call(DEL, { ids: [theirs] }, owner.token)).body).toMatchObject(missing);
    expect(await t.ok(DETAIL, { id: theirs }, other.token)).toMatchObject({ name: '别人的分类', status: 1, sort: 1 });
  });

  it('never shows up in the lists, and its names do not clash', async () => {
    const mine = await create(owner.token, '别人的分类');
    expect((await t.ok(LIST, { keyword: '别人的分类' }, owner.token)).map((n: { id: string }) => n.id)).toEqual([mine]);
    expect((await t.ok(ALL, {}, owner.token)).some((r: { id: string }) => r.id === theirs)).toBe(false);
    expect(JSON.stringify(await t.ok(TREE_SEL, { status: -1 }, owner.token))).not.toContain(theirs);
    expect((await t.ok(PAGE, { keyword: '别人的分类' }, owner.token)).rows.map((r: { id: string }) => r.id)).toEqual([mine]);
  });
});

describe('who may call', () => {
  const endpoints = Object.values(contract.goodsType as EndpointMap);
  const managed = endpoints.filter((e) => typeof e.permission === 'object');
  const pickers = endpoints.filter((e) => e.permission === 'renter');

  it('guards every endpoint but the pickers with the Catelist grant', () => {
    expect(managed.every((e) => typeof e.permission === 'object' && e.permission.menu === 'Catelist')).toBe(true);
    expect(pickers.map((e) => e.path).sort()).toEqual([ALL, PATH, TREE_SEL].sort());
  });

  it.each(endpoints.map((e) => [e.path]))('%s answers 401 without a token or with a bad one', async (path) => {
    for (const token of [undefined, 'not-a-token']) {
      const r = await t.call(path, {}, token);
      expect(r.status).toBe(401);
      expect(r.body).toMatchObject({ code: 401, msg: EXPIRED_MSG });
    }
  });

  it('refuses a member without the Catelist grant on each managing endpoint, and changes nothing', async () => {
    const member = await t.addMember(owner.renterId, ['dashboard', 'Unit']);
    const id = await create(owner.token, '店员动不了');
    for (const e of managed) {
      const r = await t.call(e.path, { id, ids: [id], status: 0, name: '改名', list: [{ id, sort: 9 }] }, member.token);
      expect(r.status, e.path).toBe(200);
      expect(r.body, e.path).toMatchObject({ code: 1003, msg: '没有权限执行此操作' });
    }
    expect(await rowOf(id)).toMatchObject({ name: '店员动不了', status: 1 });
    // The pickers the goods screens use stay open to every member of the enterprise.
    expect((await t.ok(ALL, {}, member.token)).some((r: { id: string }) => r.id === id)).toBe(true);
    expect((await t.ok(PATH, { id }, member.token)).map((r: { name: string }) => r.name)).toEqual(['店员动不了']);
  });

  it('lets a member with the Catelist grant manage categories', async () => {
    const member = await t.addMember(owner.renterId, ['Catelist']);
    const id = await create(member.token, '店员建的分类');
    await t.ok(STATE, { ids: [id], status: 0 }, member.token);
    await t.ok(DEL, { ids: [id] }, member.token);
    expect(await rowOf(id)).toBeUndefined();
  });
});
