import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roles, staff } from '@/db/schema';
import { DEMO, makeApp, type Person, type TestApp } from './helper';

let t: TestApp;
let owner: Person;
beforeAll(async () => {
  t = await makeApp();
  await t.seedDemo();
  owner = await t.registerOwner('岗位测试店');
});
afterAll(() => t.close());

const NO_RIGHT = { code: 1003, msg: '没有权限执行此操作', data: null };
type Node = { key: string; children: Node[] };
/**
 * What every member has, whatever the role: the notices (消息提醒, the top bar's 查看更多), their own login records and
 * bindings, and the app detail page.
 */
const OWN_PAGES = ['shop', 'shop.account', 'logininfor', 'userbind', 'apps', 'apps.group', 'appdesc'];
const NOTICES = ['overview', 'overview.home', 'reminder'];
const keysOf = (nodes: Node[]): string[] => nodes.flatMap((n) => [n.key, ...keysOf(n.children)]);

describe('GetUserInfo', () => {
  it('answers the user, the role, the menu and the version of the current enterprise', async () => {
    const token = await t.login(DEMO.phone, DEMO.password);
    const info = await t.ok('/Sys/Staff/GetUserInfo', {}, token);
    expect(info.user).toMatchObject({ name: '演示店主', phone: DEMO.phone, headimg: '' });
    expect(info.roleName).toBe('超级管理员');
    expect(info.isOwner).toBe(true);
    expect(keysOf(info.menu)).toEqual(expect.arrayContaining(['overview', 'overview.home', 'dashboard', 'profile']));
    expect(info.version).toMatchObject({ issy: 1, timeend: 15, shopname: DEMO.enterprise, productName: '社交电商（专业版）' });
  });

  it('answers the version of the enterprise switched to', async () => {
    const token = await t.login(DEMO.phone, DEMO.password);
    const [, second] = await t.ok('/api/Login/GetUserCustomesr', {}, token);
    const switched = await t.ok('/api/Login/SetUserCustomesr', { id: second.id }, token);
    const info = await t.ok('/Sys/Staff/GetUserInfo', {}, switched.token);
    expect(info.version).toMatchObject({ shopname: DEMO.second, productName: '微商城（H5版）' });
    const [first] = await t.ok('/api/Login/GetUserCustomesr', {}, switched.token);
    await t.ok('/api/Login/SetUserCustomesr', { id: first.id }, switched.token);
  });
});

describe('GetJobMenu', () => {
  it('answers the same menu as GetUserInfo', async () => {
    const info = await t.ok('/Sys/Staff/GetUserInfo', {}, owner.token);
    expect(await t.ok('/Sys/Staff/GetJobMenu', {}, owner.token)).toEqual(info.menu);
  });
});

describe("a member's role", () => {
  it('shows only the granted entries and their parents, with the parent leading to the first one', async () => {
    const member = await t.addMember(owner.renterId, ['profile']);
    const menu = await t.ok('/Sys/Staff/GetJobMenu', {}, member.token);
    // Besides the grant: the member's own pages (登录信息, 账号绑定) and the detail page of unbought apps.
    expect(keysOf(menu)).toEqual(['overview', 'overview.home', 'profile', 'reminder', ...OWN_PAGES]);
    expect(menu[0].path).toBe('/profile');
    const info = await t.ok('/Sys/Staff/GetUserInfo', {}, member.token);
    expect(info.isOwner).toBe(false);
    expect(info.roleName).toMatch(/^岗位\d{4}$/);
  });

  it('is enforced on every call: no profile grant, no profile', async () => {
    const member = await t.addMember(owner.renterId, ['dashboard']);
    expect((await t.ok('/Index/Home/GetDashboard', {}, member.token)).shopname).toBe('岗位测试店');
    expect((await t.call('/Index/Home/GetProfile', {}, member.token)).body).toEqual(NO_RIGHT);
    expect((await t.call('/Index/Home/SaveProfile', { name: '越权' }, member.token)).body).toEqual(NO_RIGHT);
  });

  it("an empty role gets only the member's own pages and no dashboard", async () => {
    const member = await t.addMember(owner.renterId, []);
    // The notices page stays reachable (it was under 概况, so such a member's 查看更多 landed on /403).
    const menu = await t.ok('/Sys/Staff/GetJobMenu', {}, member.token);
    expect(keysOf(menu)).toEqual([...NOTICES, ...OWN_PAGES]);
    expect(menu[0].children[0].children[0]).toMatchObject({ path: '/reminder', isshow: false });
    expect((await t.call('/Index/Home/GetDashboard', {}, member.token)).body).toEqual(NO_RIGHT);
    expect((await t.ok('/api/Login/GetCustomer', {}, member.token)).shopname).toBe('岗位测试店');
  });

  it('a change of grants takes effect on the next call', async () => {
    const member = await t.addMember(owner.renterId, []);
    const [row] = await t.db.select().from(staff).where(eq(staff.userId, member.userId));
    await t.db
      .update(roles)
      .set({ menuKeys: ['dashboard'] })
      .where(eq(roles.id, row.roleId));
    expect(keysOf(await t.ok('/Sys/Staff/GetJobMenu', {}, member.token))).toContain('dashboard');
    expect((await t.call('/Index/Home/GetDashboard', {}, member.token)).body.code).toBe(0);
  });
});
