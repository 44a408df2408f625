import { EXPIRED_MSG, FORBIDDEN_MSG } from '@shop/contract';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operLogs, roles, staff } from '@/db/schema';
import { makeApp, type Person, type TestApp } from './helper';

let t: TestApp;
let owner: Person;
let other: Person;

beforeAll(async () => {
  t = await makeApp();
  [owner, other] = await Promise.all([t.registerOwner('岗位店'), t.registerOwner('隔壁岗位店')]);
});
afterAll(() => t.close());

const LIST = '/Sys/Role/GetRoleList';
const ONE = '/Sys/Role/GetRole';
const SAVE = '/Sys/Role/SaveRole';
const DEL = '/Sys/Role/DelRole';
const MENU = '/Sys/Role/GetRoleMenu';

async function createRole(token: string, name: string, grants: string[] = [], remark = '') {
  return (await t.ok(SAVE, { name, remark, grants }, token)).id as string;
}
async function ownerRoleId(p: Person) {
  const [r] = await t.db
    .select()
    .from(roles)
    .where(and(eq(roles.renterId, p.renterId), eq(roles.isOwner, true)));
  return r.id;
}
async function lastLog(renterId: string, recordId: string) {
  const [log] = await t.db
    .select()
    .from(operLogs)
    .where(and(eq(operLogs.renterId, renterId), eq(operLogs.recordId, recordId)))
    .orderBy(desc(operLogs.createdAt))
    .limit(1);
  return log;
}

describe('GetRoleMenu', () => {
  it('offers every grantable entry with only the operations it has, grouped by area and sub-group', async () => {
    const areas = await t.ok(MENU, {}, owner.token);
    const goods = areas.find((a: { key: string }) => a.key === 'goods');
    expect(goods.name).toBe('商品');
    const manage = goods.groups.find((g: { key: string }) => g.key === 'goods.manage');
    const entry = (key: string) => manage.entries.find((e: { key: string }) => e.key === key);
    expect(entry('Goodlist')).toMatchObject({
      name: '商品管理',
      path: '/Goodlist',
      hidden: false,
      ops: ['view', 'edit', 'delete', 'export'],
    });
    expect(entry('Unit').ops).toEqual(['view', 'edit']);
    // Edit and detail pages come with the entry they are reached from, never on their own.
    expect(entry('addgoods')).toBeUndefined();
    const team = areas.find((a: { key: string }) => a.key === 'shop').groups.find((g: { key: string }) => g.key === 'shop.team');
    const teamKeys = team.entries.map((e: { key: string }) => e.key);
    expect(teamKeys).toEqual(expect.arrayContaining(['staffManagement', 'rolePermissions']));
    for (const page of ['EditStaff', 'ShowStaff', 'editjob']) expect(teamKeys).not.toContain(page);
  });
});

describe('SaveRole and GetRole', () => {
  it('creates a role whose edit, delete and export grants bring 查看 with them, in catalogue order', async () => {
    const r = await t.call(SAVE, { name: '店长', remark: '管门店', grants: ['Unit:edit', 'Goodlist:delete', 'form'] }, owner.token);
    expect(r.body).toMatchObject({ code: 0, msg: '保存成功' });
    const role = await t.ok(ONE, { id: r.body.data.id }, owner.token);
    expect(role).toMatchObject({ name: '店长', remark: '管门店', isOwner: false, staffCount: 0 });
    expect(role.grants).toEqual(['Goodlist', 'Goodlist:delete', 'Unit', 'Unit:edit', 'form']);
    expect(await lastLog(owner.renterId, r.body.data.id)).toMatchObject({ module: 'team', action: '新增岗位' });
  });

  it('saves a role in place: name, remark and grants replace the old ones', async () => {
    const id = await createRole(owner.token, '收银', ['Goodlist', 'Goodlist:export']);
    await t.ok(SAVE, { id, name: '前台收银', remark: '白班', grants: ['form:edit'] }, owner.token);
    expect(await t.ok(ONE, { id }, owner.token)).toMatchObject({ name: '前台收银', remark: '白班', grants: ['form', 'form:edit'] });
    expect(await lastLog(owner.renterId, id)).toMatchObject({
      action: '编辑岗位',
      before: { name: '收银', menuKeys: ['Goodlist', 'Goodlist:export'] },
      after: { name: '前台收银', menuKeys: ['form', 'form:edit'] },
    });
  });

  it.each([
    ['a missing name', {}, '请输入岗位名称'],
    ['a blank name', { name: '   ' }, '请输入岗位名称'],
    ['a name over 20 characters', { name: '岗'.repeat(21) }, '岗位名称不能超过20个字'],
    ['a remark over 200 characters', { name: '备注岗', remark: '字'.repeat(201) }, '备注不能超过200个字'],
    ['a menu entry that does not exist', { name: '坏岗', grants: ['NoSuchPage'] }, '权限不正确：NoSuchPage'],
    ['an operation the entry does not have', { name: '坏岗', grants: ['Unit:delete'] }, '权限不正确：Unit:delete'],
    ['a page granted with its entry', { name: '坏岗', grants: ['EditStaff'] }, '权限不正确：EditStaff'],
    ['a written-out view operation', { name: '坏岗', grants: ['Goodlist:view'] }, '权限不正确：Goodlist:view'],
  ])('refuses %s with its message', async (_case, body, msg) => {
    expect((await t.call(SAVE, body, owner.token)).body).toMatchObject({ code: 1001, msg });
  });

  it('refuses a name another role of the enterprise has, under the name field; another enterprise may use it', async () => {
    await createRole(owner.token, '仓管');
    const r = await t.call(SAVE, { name: '仓管' }, owner.token);
    expect(r.body).toMatchObject({ code: 1001, msg: '岗位名称已存在', data: { errors: [{ field: 'name', msg: '岗位名称已存在' }] } });
    const id = await createRole(owner.token, '仓管2');
    expect((await t.call(SAVE, { id, name: '仓管' }, owner.token)).body.msg).toBe('岗位名称已存在');
    expect((await t.call(SAVE, { name: '仓管' }, other.token)).body.code).toBe(0);
  });

  it('shows the owner role with every grant and refuses to edit or delete it', async () => {
    const id = await ownerRoleId(owner);
    const role = await t.ok(ONE, { id }, owner.token);
    expect(role).toMatchObject({ name: '超级管理员', isOwner: true, staffCount: 1 });
    expect(role.grants).toEqual(expect.arrayContaining(['Goodlist', 'Goodlist:export', 'staffManagement:delete', 'rolePermissions:edit']));
    expect((await t.call(SAVE, { id, name: '老板', grants: [] }, owner.token)).body).toMatchObject({
      code: 1,
      msg: '超级管理员岗位不能编辑',
    });
    expect((await t.call(DEL, { id }, owner.token)).body).toMatchObject({ code: 1, msg: '超级管理员岗位不能删除' });
  });

  it("treats another enterprise's role as missing", async () => {
    const id = await createRole(other.token, '别家岗位');
    expect((await t.call(ONE, { id }, owner.token)).body).toMatchObject({ code: 1004, msg: '岗位不存在' });
    expect((await t.call(SAVE, { id, name: '抢来的' }, owner.token)).body).toMatchObject({ code: 1004, msg: '岗位不存在' });
    expect((await t.call(DEL, { id }, owner.token)).body).toMatchObject({ code: 1004, msg: '岗位不存在' });
    expect((await t.ok(ONE, { id }, other.token)).name).toBe('别家岗位');
  });
});

describe('GetRoleList', () => {
  it('pages the roles with the owner role first and each role with its member count; keyword on the name', async () => {
    const shop = await t.registerOwner('列表岗位店');
    const a = await createRole(shop.token, '导购A', ['Goodlist']);
    await createRole(shop.token, '导购B');
    await createRole(shop.token, '会计');
    const [role] = await t.db.select().from(roles).where(eq(roles.id, a));
    await t.addMember(shop.renterId, []);
    // addMember makes its own role; move that member into 导购A.
    const members = await t.db.select().from(staff).where(eq(staff.renterId, shop.renterId));
    const member = members.find((m) => m.userId !== shop.userId);
    await t.db
      .update(staff)
      .set({ roleId: role.id })
      .where(eq(staff.id, member?.id ?? ''));

    const all = await t.ok(LIST, { page_index: 1, page_size: 10 }, shop.token);
    expect(all.total_count).toBe(5);
    expect(all.rows[0]).toMatchObject({ name: '超级管理员', isOwner: true, staffCount: 1 });
    const guide = all.rows.find((r: { id: string }) => r.id === a);
    expect(guide).toMatchObject({ name: '导购A', staffCount: 1 });
    expect(guide.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    const found = await t.ok(LIST, { keyword: '导购', page_index: 1, page_size: 1 }, shop.token);
    expect(found.total_count).toBe(2);
    expect(found.rows.map((r: { name: string }) => r.name)).toEqual(['导购A']);
    const next = await t.ok(LIST, { keyword: '导购', page_index: 2, page_size: 1 }, shop.token);
    expect(next.rows.map((r: { name: string }) => r.name)).toEqual(['导购B']);

    const theirs = await t.ok(LIST, {}, other.token);
    expect(theirs.rows.map((r: { name: string }) => r.name)).not.toContain('导购A');
  });
});

describe('DelRole', () => {
  it('refuses to delete a role members still hold, and deletes it once nobody does', async () => {
    const shop = await t.registerOwner('删岗位店');
    const member = await t.addMember(shop.renterId, ['Goodlist']);
    const [row] = await t.db.select().from(staff).where(eq(staff.userId, member.userId));
    const held = row.roleId;
    expect((await t.call(DEL, { id: held }, shop.token)).body).toMatchObject({ code: 1, msg: '该岗位下还有员工，不能删除' });

    const id = await createRole(shop.token, '临时工');
    const r = await t.call(DEL, { id }, shop.token);
    expect(r.body).toMatchObject({ code: 0, msg: '删除成功!' });
    expect((await t.call(ONE, { id }, shop.token)).body.code).toBe(1004);
    expect(await lastLog(shop.renterId, id)).toMatchObject({ action: '删除岗位', before: { name: '临时工' } });
  });
});

describe('permissions', () => {
  it('answers 401 without a token on every call', async () => {
    for (const path of [LIST, ONE, SAVE, DEL, MENU]) {
      const r = await t.call(path, {});
      expect(r.status).toBe(401);
      expect(r.body.msg).toBe(EXPIRED_MSG);
    }
  });

  it('lets a member with 角色权限 查看 look but not save or delete', async () => {
    const viewer = await t.addMember(owner.renterId, ['rolePermissions'], { exact: true });
    expect((await t.call(LIST, {}, viewer.token)).body.code).toBe(0);
    expect((await t.call(MENU, {}, viewer.token)).body.code).toBe(0);
    const id = await createRole(owner.token, '看看');
    expect((await t.call(SAVE, { id, name: '改改' }, viewer.token)).body).toMatchObject({ code: 1003, msg: FORBIDDEN_MSG });
    expect((await t.call(DEL, { id }, viewer.token)).body).toMatchObject({ code: 1003, msg: FORBIDDEN_MSG });
    const stranger = await t.addMember(owner.renterId, ['Goodlist']);
    expect((await t.call(LIST, {}, stranger.token)).body.code).toBe(1003);
  });

  it("enforces a role's grants on the member's calls, and a changed grant from the member's next call", async () => {
    const shop = await t.registerOwner('授权店');
    const id = await createRole(shop.token, '只看商品', ['Goodlist']);
    const member = await t.addMember(shop.renterId, []);
    await t.db.update(staff).set({ roleId: id }).where(eq(staff.userId, member.userId));

    expect((await t.call('/Goods/Goods/list', {}, member.token)).body.code).toBe(0);
    expect((await t.call('/Goods/Goods/save', {}, member.token)).body).toMatchObject({ code: 1003, msg: FORBIDDEN_MSG });
    expect((await t.call('/Goods/GoodUnit/list', {}, member.token)).body.code).toBe(1003);
    const info = await t.ok('/Sys/Staff/GetUserInfo', {}, member.token);
    expect(info.grants).toEqual(['Goodlist']);

    await t.ok(SAVE, { id, name: '只看商品', grants: ['Goodlist:edit', 'Unit'] }, shop.token);
    // Past the permission check: the empty body is refused for its fields now.
    expect((await t.call('/Goods/Goods/save', {}, member.token)).body.code).toBe(1001);
    expect((await t.call('/Goods/GoodUnit/list', {}, member.token)).body.code).toBe(0);
    const menu = await t.ok('/Sys/Staff/GetJobMenu', {}, member.token);
    const keys = JSON.stringify(menu);
    expect(keys).toContain('"Goodlist"');
    expect(keys).toContain('"Unit"');
    expect(keys).not.toContain('"staffManagement"');
  });
});
