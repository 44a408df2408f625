import { EXPIRED_MSG, FORBIDDEN_MSG, STAFF_DISABLED_MSG, STAFF_REMOVED_MSG } from '@shop/contract';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operLogs, roles, sessions, shops, staff, users } from '@/db/schema';
import { makeApp, newPhone, PWD, type Person, type TestApp } from './helper';

let t: TestApp;
let owner: Person;
let other: Person;
/** Texts (no code) the dev SMS provider sent, by phone. */
const textsTo = (phone: string) => t.sms.sent.filter((m) => m.phone === phone && m.code === '').map((m) => m.purpose);

beforeAll(async () => {
  t = await makeApp();
  [owner, other] = await Promise.all([t.registerOwner('员工店'), t.registerOwner('隔壁员工店')]);
});
afterAll(() => t.close());

const LIST = '/Sys/Staff/GetStaffList';
const ONE = '/Sys/Staff/GetStaff';
const OPTIONS = '/Sys/Staff/GetStaffOptions';
const ADD = '/Sys/Staff/RenterSave';
const UPDATE = '/Sys/Staff/UpdateStaff';
const STATUS = '/Sys/Staff/SetStaffStatus';
const DEL = '/Sys/Staff/DelStaff';

let seq = 0;
/** A role name no other test of the file uses. */
const roleName = (prefix: string) => `${prefix}${++seq}`;

async function shopOf(p: Person) {
  const [s] = await t.db.select().from(shops).where(eq(shops.renterId, p.renterId)).limit(1);
  return s.id;
}
async function role(p: Person, name: string, grants: string[]) {
  return (await t.ok('/Sys/Role/SaveRole', { name, grants }, p.token)).id as string;
}
async function ownerRole(p: Person) {
  const [r] = await t.db
    .select()
    .from(roles)
    .where(and(eq(roles.renterId, p.renterId), eq(roles.isOwner, true)));
  return r.id;
}
async function staffIdOf(p: Person, userId = p.userId) {
  const [s] = await t.db
    .select()
    .from(staff)
    .where(and(eq(staff.renterId, p.renterId), eq(staff.userId, userId)));
  return s.id;
}
/** Invites a phone into the enterprise of p; answers the staff id. */
async function invite(p: Person, over: Record<string, unknown> = {}) {
  const body = { phone: newPhone(), name: '小王', roleId: await role(p, roleName('岗位'), ['Goodlist']), shopId: await shopOf(p), ...over };
  return { id: (await t.ok(ADD, body, p.token)).id as string, phone: body.phone as string, roleId: body.roleId as string };
}
/** Sets a password through 忘记密码 (getSmsCode type 3, RestPwd) and logs in; answers the login data. */
async function setPasswordAndLogin(phone: string, pwd = PWD) {
  await t.ok('/api/Login/getSmsCode', { phone, type: 3 });
  await t.ok('/api/Login/RestPwd', { phone, code: t.smsCode(phone), pwd });
  return t.ok('/api/Login/LoginByPwd', { phone, pwd });
}

describe('GetStaffOptions', () => {
  it("answers the enterprise's roles (owner role first) and shops", async () => {
    const id = await role(owner, '选项岗位', []);
    const o = await t.ok(OPTIONS, {}, owner.token);
    expect(o.roles[0]).toMatchObject({ name: '超级管理员', isOwner: true });
    expect(o.roles).toContainEqual({ id, name: '选项岗位', isOwner: false });
    expect(o.shops).toEqual([{ id: await shopOf(owner), name: '员工店' }]);
    const theirs = await t.ok(OPTIONS, {}, other.token);
    expect(theirs.roles.map((r: { id: string }) => r.id)).not.toContain(id);
  });
});

describe('RenterSave', () => {
  it('invites a new phone: an account nobody can log into yet, an SMS pointing to 忘记密码, then a login into the enterprise with the role menu', async () => {
    const phone = newPhone();
    const roleId = await role(owner, '只看商品', ['Goodlist']);
    const r = await t.call(ADD, { phone, name: '新店员', roleId, shopId: await shopOf(owner), remark: '周末班' }, owner.token);
    expect(r.body).toMatchObject({ code: 0, msg: '添加成功，已发送邀请短信' });
    const [user] = await t.db.select().from(users).where(eq(users.phone, phone));
    expect(user.name).toBe('新店员');
    expect((await t.call('/api/Login/LoginByPwd', { phone, pwd: PWD })).body.code).not.toBe(0);
    const sms = textsTo(phone);
    expect(sms).toHaveLength(1);
    expect(sms[0]).toContain('员工店');
    expect(sms[0]).toContain('只看商品');
    expect(sms[0]).toContain('忘记密码');

    const login = await setPasswordAndLogin(phone);
    expect(login.self.renterID).toBe(owner.renterId);
    expect(login.userCustomer.name).toBe('员工店');
    const info = await t.ok('/Sys/Staff/GetUserInfo', {}, login.token);
    expect(info).toMatchObject({ roleName: '只看商品', isOwner: false, grants: ['Goodlist'] });
    const leaves = JSON.stringify(info.menu);
    expect(leaves).toContain('/Goodlist');
    expect(leaves).not.toContain('/staffManagement');
    expect((await t.call(LIST, {}, login.token)).body.code).toBe(1003);

    const [log] = await t.db
      .select()
      .from(operLogs)
      .where(and(eq(operLogs.renterId, owner.renterId), eq(operLogs.recordId, r.body.data.id)));
    expect(log).toMatchObject({
      module: 'team',
      action: '添加员工',
      userId: owner.userId,
      after: { phone, newUser: true, role: '只看商品' },
    });
  });

  it('lets a registered user (an owner elsewhere) join with their own password, told to log in', async () => {
    const [before] = await t.db.select().from(users).where(eq(users.id, other.userId));
    const { id } = await invite(owner, { phone: other.phone, name: '隔壁老板' });
    const [after] = await t.db.select().from(users).where(eq(users.id, other.userId));
    expect(after.passwordHash).toBe(before.passwordHash);
    expect(textsTo(other.phone).at(-1)).toContain('请用本手机号登录');
    const list = await t.ok('/api/Login/GetUserCustomesr', {}, other.token);
    expect(list.map((e: { name: string }) => e.name)).toEqual(expect.arrayContaining(['员工店', '隔壁员工店']));
    // Leave other's account as it was for the rest of the file.
    await t.ok(DEL, { ids: [id] }, owner.token);
  });

  it('refuses a phone that is already a member, under the phone field', async () => {
    const { phone } = await invite(owner);
    const again = await t.call(
      ADD,
      { phone, name: '重复', roleId: await role(owner, '重复岗位', []), shopId: await shopOf(owner) },
      owner.token,
    );
    expect(again.body).toMatchObject({ code: 1001, msg: '该手机号已是本企业员工', data: { errors: [{ field: 'phone' }] } });
    expect(
      (
        await t.call(
          ADD,
          { phone: owner.phone, name: '我', roleId: await role(owner, '自己岗', []), shopId: await shopOf(owner) },
          owner.token,
        )
      ).body.msg,
    ).toBe('该手机号已是本企业员工');
  });

  it.each([
    ['a missing phone', { phone: undefined }, '请输入手机号'],
    ['a phone with a wrong second digit', { phone: '12812345678' }, '手机号格式不正确'],
    ['a phone of 10 digits', { phone: '1381234567' }, '手机号格式不正确'],
    ['a missing name', { name: '' }, '请输入员工姓名'],
    ['a name over 20 characters', { name: '名'.repeat(21) }, '员工姓名不能超过20个字'],
    ['no role', { roleId: '' }, '请选择岗位'],
    ['no shop', { shopId: undefined }, '请选择门店'],
    ['a remark over 200 characters', { remark: '字'.repeat(201) }, '备注不能超过200个字'],
  ])('refuses %s with its message', async (_case, over, msg) => {
    const body = { phone: newPhone(), name: '小李', roleId: await role(owner, roleName('校验'), []), shopId: await shopOf(owner), ...over };
    expect((await t.call(ADD, body, owner.token)).body).toMatchObject({ code: 1001, msg });
  });

  it("refuses another enterprise's role or shop, and the owner role", async () => {
    const base = { phone: newPhone(), name: '小赵', roleId: await role(owner, '赵的岗位', []), shopId: await shopOf(owner) };
    const theirRole = await role(other, '别家的岗位', []);
    expect((await t.call(ADD, { ...base, roleId: theirRole }, owner.token)).body).toMatchObject({ code: 1001, msg: '岗位不存在' });
    expect((await t.call(ADD, { ...base, shopId: await shopOf(other) }, owner.token)).body).toMatchObject({
      code: 1001,
      msg: '门店不存在',
    });
    expect((await t.call(ADD, { ...base, roleId: await ownerRole(owner) }, owner.token)).body).toMatchObject({
      code: 1001,
      msg: '超级管理员岗位仅限企业所有者',
    });
    expect(await t.db.select().from(users).where(eq(users.phone, base.phone))).toHaveLength(0);
  });
});

describe('GetStaffList', () => {
  it('pages the members newest first with role, shop, status and last login; keyword on name or phone; role and status filters', async () => {
    const shop = await t.registerOwner('列表员工店');
    const cashier = await role(shop, '收银员', ['form']);
    const a = await invite(shop, { name: '张收银', roleId: cashier });
    const b = await invite(shop, { name: '李导购' });
    await setPasswordAndLogin(a.phone);
    await t.ok(STATUS, { ids: [b.id], status: 0 }, shop.token);

    const all = await t.ok(LIST, { page_index: 1, page_size: 10 }, shop.token);
    expect(all.total_count).toBe(3);
    expect(all.rows.map((r: { name: string }) => r.name)).toEqual(['李导购', '张收银', expect.any(String)]);
    expect(all.rows[1]).toMatchObject({
      phone: a.phone,
      roleName: '收银员',
      shopName: '列表员工店',
      status: 1,
      isOwner: false,
      isSelf: false,
    });
    expect(all.rows[1].lastLoginTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(all.rows[0]).toMatchObject({ status: 0, lastLoginTime: '' });
    expect(all.rows[2]).toMatchObject({ phone: shop.phone, roleName: '超级管理员', isOwner: true, isSelf: true });

    const names = async (body: object) => (await t.ok(LIST, body, shop.token)).rows.map((r: { name: string }) => r.name);
    expect(await names({ keyword: '收银' })).toEqual(['张收银']);
    expect(await names({ keyword: b.phone.slice(-6) })).toEqual(['李导购']);
    expect(await names({ roleId: cashier })).toEqual(['张收银']);
    expect(await names({ status: 0 })).toEqual(['李导购']);
    expect(await names({ status: 1, page_size: 1, page_index: 2 })).toHaveLength(1);
    expect(await names({ sorter: [{ field: 'name', order: 'asc' }], keyword: '导购' })).toEqual(['李导购']);
    expect((await t.call(LIST, { status: 3 }, shop.token)).body).toMatchObject({ code: 1001, msg: '状态不正确' });

    const theirs = await t.ok(LIST, { keyword: '收银' }, other.token);
    expect(theirs.total_count).toBe(0);
  });
});

describe('GetStaff', () => {
  it("shows a member with their latest operations and logins in this enterprise, and another enterprise's member as missing", async () => {
    const shop = await t.registerOwner('详情店');
    const m = await invite(shop, { name: '详情员工', roleId: await role(shop, '管单位', ['Unit', 'Unit:edit']) });
    const login = await setPasswordAndLogin(m.phone);
    await t.ok('/Goods/GoodUnit/save', { name: '件' }, login.token);
    const d = await t.ok(ONE, { id: m.id }, shop.token);
    expect(d).toMatchObject({ id: m.id, name: '详情员工', phone: m.phone, roleName: '管单位', invitedBy: expect.any(String) });
    expect(d.invitedBy).not.toBe('');
    expect(d.operations).toHaveLength(1);
    expect(d.operations[0]).toMatchObject({ module: 'goods', action: '新建单位' });
    expect(d.logins[0]).toMatchObject({ way: 'pwd', ok: true });
    expect((await t.call(ONE, { id: m.id }, other.token)).body).toMatchObject({ code: 1004, msg: '员工不存在' });
  });
});

describe('UpdateStaff', () => {
  it("saves name, role, shop and remark; the member's menu follows the new role on their next call", async () => {
    const shop = await t.registerOwner('编辑员工店');
    const m = await invite(shop, { name: '旧名字' });
    const login = await setPasswordAndLogin(m.phone);
    const forms = await role(shop, '表单员', ['form', 'form:edit']);
    const r = await t.call(UPDATE, { id: m.id, name: '新名字', roleId: forms, shopId: await shopOf(shop), remark: '调岗' }, shop.token);
    expect(r.body).toMatchObject({ code: 0, msg: '保存成功' });
    expect(await t.ok(ONE, { id: m.id }, shop.token)).toMatchObject({ name: '新名字', roleName: '表单员', remark: '调岗' });
    expect((await t.call('/Goods/Goods/list', {}, login.token)).body.code).toBe(1003);
    expect((await t.ok('/Sys/Staff/GetUserInfo', {}, login.token)).grants).toEqual(['form', 'form:edit']);
    const [log] = await t.db.select().from(operLogs).where(eq(operLogs.recordId, m.id)).orderBy(desc(operLogs.createdAt)).limit(1);
    expect(log).toMatchObject({ action: '编辑员工', before: { name: '旧名字' }, after: { name: '新名字', role: '表单员' } });
  });

  it("keeps the owner's role and the caller's own role, and refuses the owner role for anyone else", async () => {
    const shop = await t.registerOwner('岗位不改店');
    const boss = await staffIdOf(shop);
    const plain = await role(shop, '普通岗', []);
    const shopId = await shopOf(shop);
    expect((await t.call(UPDATE, { id: boss, name: '老板', roleId: plain, shopId }, shop.token)).body).toMatchObject({
      code: 1001,
      msg: '企业所有者的岗位不能修改',
    });
    expect((await t.call(UPDATE, { id: boss, name: '老板', roleId: await ownerRole(shop), shopId }, shop.token)).body.code).toBe(0);

    const manager = await invite(shop, { roleId: await role(shop, '人事', ['staffManagement', 'staffManagement:edit']) });
    const mLogin = await setPasswordAndLogin(manager.phone);
    expect((await t.call(UPDATE, { id: manager.id, name: '人事', roleId: plain, shopId }, mLogin.token)).body).toMatchObject({
      msg: '不能修改自己的岗位',
    });
    const m = await invite(shop);
    expect((await t.call(UPDATE, { id: m.id, name: '小王', roleId: await ownerRole(shop), shopId }, shop.token)).body).toMatchObject({
      msg: '超级管理员岗位仅限企业所有者',
    });
    expect((await t.call(UPDATE, { id: m.id, name: '小王', roleId: plain, shopId }, other.token)).body).toMatchObject({ code: 1004 });
  });
});

describe('SetStaffStatus', () => {
  it('disabling ends the member’s sessions at once and tells their open console; enabling lets them log in again', async () => {
    const shop = await t.registerOwner('停用店');
    const m = await invite(shop);
    const login = await setPasswordAndLogin(m.phone);
    expect((await t.call('/Goods/Goods/list', {}, login.token)).body.code).toBe(0);
    const [session] = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.renterId, shop.renterId))
      .orderBy(desc(sessions.createdAt))
      .limit(1);

    const r = await t.call(STATUS, { ids: [m.id], status: 0 }, shop.token);
    expect(r.body).toMatchObject({ code: 0, msg: '停用成功' });
    const next = await t.call('/Goods/Goods/list', {}, login.token);
    expect(next.status).toBe(401);
    expect(next.body.msg).toBe(EXPIRED_MSG);
    expect(t.hub.ended).toContainEqual({ target: { sessionId: session.id }, reason: STAFF_DISABLED_MSG });
    // A disabled member logs in without the enterprise.
    const again = await t.ok('/api/Login/LoginByPwd', { phone: m.phone, pwd: PWD });
    expect(again.self.renterID).toBe('');

    expect((await t.call(STATUS, { ids: [m.id], status: 1 }, shop.token)).body).toMatchObject({ code: 0, msg: '启用成功' });
    expect((await t.call('/Goods/Goods/list', {}, login.token)).status).toBe(401);
    const back = await t.ok('/api/Login/LoginByPwd', { phone: m.phone, pwd: PWD });
    expect(back.self.renterID).toBe(shop.renterId);
    const logs = await t.db.select().from(operLogs).where(eq(operLogs.recordId, m.id));
    expect(logs.map((l) => l.action)).toEqual(expect.arrayContaining(['停用员工', '启用员工']));
  });

  it("leaves the member's sessions in their other enterprises alone", async () => {
    const shop = await t.registerOwner('只停本店');
    const elsewhere = await t.registerOwner('员工自己的店');
    const { id } = await invite(shop, { phone: elsewhere.phone });
    await t.ok(STATUS, { ids: [id], status: 0 }, shop.token);
    expect((await t.call('/Goods/Goods/list', {}, elsewhere.token)).body.code).toBe(0);
  });

  it('refuses the owner, the caller themself and a missing member', async () => {
    const shop = await t.registerOwner('不能停店');
    const manager = await invite(shop, { roleId: await role(shop, '店务', ['staffManagement', 'staffManagement:edit']) });
    const mLogin = await setPasswordAndLogin(manager.phone);
    const boss = await staffIdOf(shop);
    expect((await t.call(STATUS, { ids: [boss], status: 0 }, mLogin.token)).body).toMatchObject({ code: 1, msg: '不能停用企业所有者' });
    expect((await t.call(STATUS, { ids: [manager.id], status: 0 }, mLogin.token)).body).toMatchObject({ code: 1, msg: '不能停用自己' });
    const theirs = await staffIdOf(other);
    expect((await t.call(STATUS, { ids: [theirs], status: 0 }, shop.token)).body).toMatchObject({ code: 1004, msg: '员工不存在' });
    expect((await t.call(STATUS, { ids: [], status: 0 }, shop.token)).body).toMatchObject({ code: 1001, msg: '请选择数据' });
    expect((await t.call(STATUS, { ids: [manager.id], status: 2 }, shop.token)).body).toMatchObject({ code: 1001, msg: '状态不正确' });
    expect((await t.call('/Goods/Goods/list', {}, other.token)).body.code).toBe(0);
  });
});

describe('DelStaff', () => {
  it('removes members from the enterprise and ends their sessions there; their role can then be deleted', async () => {
    const shop = await t.registerOwner('删员工店');
    const m = await invite(shop);
    const login = await setPasswordAndLogin(m.phone);
    const r = await t.call(DEL, { ids: [m.id] }, shop.token);
    expect(r.body).toMatchObject({ code: 0, msg: '删除成功!' });
    expect((await t.call('/Goods/Goods/list', {}, login.token)).status).toBe(401);
    expect(t.hub.ended.some((e) => e.reason === STAFF_REMOVED_MSG)).toBe(true);
    expect((await t.call(ONE, { id: m.id }, shop.token)).body.code).toBe(1004);
    expect((await t.call('/Sys/Role/DelRole', { id: m.roleId }, shop.token)).body.code).toBe(0);
    // The account stays: the person can still log in, without this enterprise.
    expect((await t.ok('/api/Login/LoginByPwd', { phone: m.phone, pwd: PWD })).self.renterID).toBe('');
  });

  it('refuses the owner, the caller themself and another enterprise’s member', async () => {
    const shop = await t.registerOwner('不能删店');
    const manager = await invite(shop, { roleId: await role(shop, '店务', ['staffManagement', 'staffManagement:delete']) });
    const mLogin = await setPasswordAndLogin(manager.phone);
    expect((await t.call(DEL, { ids: [await staffIdOf(shop)] }, mLogin.token)).body.msg).toBe('不能删除企业所有者');
    expect((await t.call(DEL, { ids: [manager.id] }, mLogin.token)).body.msg).toBe('不能删除自己');
    expect((await t.call(DEL, { ids: [await staffIdOf(other)] }, shop.token)).body.code).toBe(1004);
  });
});

describe('permissions', () => {
  it('answers 401 without a token on every call', async () => {
    for (const path of [LIST, ONE, OPTIONS, ADD, UPDATE, STATUS, DEL]) expect((await t.call(path, {})).status).toBe(401);
  });

  it('lets a member with 员工管理 查看 look but not invite, change or remove', async () => {
    const viewer = await t.addMember(owner.renterId, ['staffManagement'], { exact: true });
    expect((await t.call(LIST, {}, viewer.token)).body.code).toBe(0);
    expect((await t.call(OPTIONS, {}, viewer.token)).body.code).toBe(0);
    for (const path of [ADD, UPDATE, STATUS, DEL])
      expect((await t.call(path, {}, viewer.token)).body).toMatchObject({ code: 1003, msg: FORBIDDEN_MSG });
    const none = await t.addMember(owner.renterId, ['Goodlist']);
    expect((await t.call(LIST, {}, none.token)).body.code).toBe(1003);
  });
});
