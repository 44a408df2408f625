import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operLogs } from '@/db/schema';
import { type AnyData, makeApp, type Person, type TestApp } from './helper';

let t: TestApp;
let owner: Person;
let other: Person;

const P = '/Goods/GoodsSpec/';
const SAVE = `${P}save`;
const LIST = `${P}list`;
const ALL = `${P}all`;
const DETAIL = `${P}detail`;
const DELETE = `${P}delete`;

const COLOURS = { name: '颜色', values: ['红', '蓝'] };
const SIZES = { name: '尺码', values: ['S', 'M', 'L'] };
const refusal = async (path: string, body: unknown, token = owner.token) => (await t.call(path, body, token)).body;
const save = async (body: object, token = owner.token): Promise<string> => (await t.ok(SAVE, body, token)).id;

beforeAll(async () => {
  t = await makeApp();
  [owner, other] = await Promise.all([t.registerOwner('规格店'), t.registerOwner('隔壁规格店')]);
});
afterAll(() => t.close());

describe('spec templates', () => {
  it('creates, reads, lists and edits a template, with an audit row per write', async () => {
    const r = await t.call(SAVE, { name: '服装', specs: [COLOURS, SIZES] }, owner.token);
    expect(r.body).toMatchObject({ code: 0, msg: '保存成功' });
    const id = r.body.data.id;
    expect(await t.ok(DETAIL, { id }, owner.token)).toMatchObject({ name: '服装', specs: [COLOURS, SIZES], sort: 1 });
    const second = await save({ name: '鞋', specs: [{ name: '鞋码', values: ['38', '39'] }] });
    expect(await t.ok(DETAIL, { id: second }, owner.token)).toMatchObject({ sort: 2 });
    await t.ok(SAVE, { id, name: '服装（新）', specs: [SIZES] }, owner.token);
    expect(await t.ok(DETAIL, { id }, owner.token)).toMatchObject({ name: '服装（新）', specs: [SIZES], sort: 1 });
    const list = await t.ok(LIST, { keyword: '服装' }, owner.token);
    expect(list.total_count).toBe(1);
    expect(list.rows[0]).toMatchObject({ id, name: '服装（新）' });
    expect((await t.ok(LIST, {}, owner.token)).rows.map((x: AnyData) => x.name)).toEqual(['服装（新）', '鞋']);
    expect(await t.ok(ALL, {}, owner.token)).toEqual([
      { id, name: '服装（新）', specs: [SIZES] },
      { id: second, name: '鞋', specs: [{ name: '鞋码', values: ['38', '39'] }] },
    ]);
    const logs = await t.db
      .select()
      .from(operLogs)
      .where(and(eq(operLogs.recordId, id), eq(operLogs.module, 'goods')));
    expect(logs.map((l) => l.action).sort()).toEqual(['新建规格模板', '编辑规格模板']);
  });

  it('refuses a missing or repeated name, no spec, repeated spec names and values, with the field', async () => {
    expect(await refusal(SAVE, { name: ' ', specs: [COLOURS] })).toMatchObject({ msg: '请输入模板名称' });
    expect(await refusal(SAVE, { name: '长'.repeat(21), specs: [COLOURS] })).toMatchObject({ msg: '模板名称不能超过20个字' });
    expect(await refusal(SAVE, { name: '空', specs: [] })).toMatchObject({ msg: '请至少添加一个规格' });
    expect(
      await refusal(SAVE, { name: '四种', specs: [COLOURS, SIZES, { name: 'a', values: ['1'] }, { name: 'b', values: ['1'] }] }),
    ).toMatchObject({
      msg: '规格最多3种',
    });
    expect(await refusal(SAVE, { name: '无值', specs: [{ name: '颜色', values: [] }] })).toMatchObject({ msg: '请输入规格值' });
    expect(await refusal(SAVE, { name: '重名', specs: [COLOURS, COLOURS] })).toMatchObject({
      msg: '规格名「颜色」重复',
      data: { errors: [{ field: 'specs', msg: '规格名「颜色」重复' }] },
    });
    expect(await refusal(SAVE, { name: '重值', specs: [{ name: '颜色', values: ['红', '红'] }] })).toMatchObject({
      msg: '规格「颜色」的规格值「红」重复',
    });
    await save({ name: '唯一', specs: [COLOURS] });
    expect(await refusal(SAVE, { name: '唯一', specs: [SIZES] })).toMatchObject({
      msg: '模板名称已存在',
      data: { errors: [{ field: 'name', msg: '模板名称已存在' }] },
    });
    // The same name in another enterprise is fine.
    await save({ name: '唯一', specs: [SIZES] }, other.token);
  });

  it('deletes templates; a refusal deletes none of the selection', async () => {
    const a = await save({ name: '删甲', specs: [COLOURS] });
    const b = await save({ name: '删乙', specs: [COLOURS] });
    const foreign = await save({ name: '外店模板', specs: [COLOURS] }, other.token);
    expect(await refusal(DELETE, { ids: [a, foreign] })).toMatchObject({ msg: '规格模板不存在' });
    expect(await t.ok(DETAIL, { id: a }, owner.token)).toMatchObject({ name: '删甲' });
    const r = await t.call(DELETE, { ids: [a, b] }, owner.token);
    expect(r.body).toMatchObject({ code: 0, msg: '删除成功!' });
    expect(await refusal(DETAIL, { id: a })).toMatchObject({ msg: '规格模板不存在' });
  });

  it("keeps enterprises apart: another's template answers like an unknown one", async () => {
    const mine = await save({ name: '本店模板', specs: [COLOURS] });
    expect(await refusal(DETAIL, { id: mine }, other.token)).toMatchObject({ msg: '规格模板不存在' });
    expect(await refusal(SAVE, { id: mine, name: '篡改', specs: [COLOURS] }, other.token)).toMatchObject({ msg: '规格模板不存在' });
    expect(await refusal(DELETE, { ids: [mine] }, other.token)).toMatchObject({ msg: '规格模板不存在' });
    expect((await t.ok(ALL, {}, other.token)).map((x: AnyData) => x.name)).not.toContain('本店模板');
    expect(await t.ok(DETAIL, { id: mine }, owner.token)).toMatchObject({ name: '本店模板' });
  });

  it('needs the addspecification grant, except all (the goods form reads it)', async () => {
    const clerk = await t.addMember(owner.renterId, ['Goodlist']);
    expect(await refusal(LIST, {}, clerk.token)).toMatchObject({ msg: '没有权限执行此操作' });
    expect(await refusal(SAVE, { name: '越权', specs: [COLOURS] }, clerk.token)).toMatchObject({ msg: '没有权限执行此操作' });
    expect(await refusal(DELETE, { ids: ['00000000-0000-4000-8000-000000000000'] }, clerk.token)).toMatchObject({
      msg: '没有权限执行此操作',
    });
    expect((await t.ok(ALL, {}, clerk.token)).length).toBeGreaterThan(0);
    const keeper = await t.addMember(owner.renterId, ['addspecification']);
    await save({ name: '岗位模板', specs: [COLOURS] }, keeper.token);
  });
});
