import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renters, staff, users } from '@/db/schema';
import { AREA, DEMO, ENDPOINTS, makeApp, newPhone, PWD, type TestApp } from './helper';

let t: TestApp;
beforeAll(async () => {
  t = await makeApp();
  await t.seedDemo();
});
afterAll(() => t.close());

const TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

describe('RegistCustomer', () => {
  let newcomer: string | undefined;

  it('creates an enterprise on a 15-day trial and moves the session into it', async () => {
    const before = await t.registerUser(newPhone());
    const r = await t.call('/api/Login/RegistCustomer', { name: '  晨光花店 ', industry: '20', area: AREA }, before);
    expect(r.body.code).toBe(0);
    expect(r.body.msg).toBe('企业创建成功');
    const d = r.body.data;
    expect(d.userCustomer).toEqual({ name: '晨光花店', productName: '微商城（H5版）', productStr: 'wsc', productType: 1 });
    expect(d.customerCount).toBe(1);
    expect(d.self.renterID).not.toBe('');
    expect((await t.call('/api/Login/GetUserCustomesr', {}, before)).status).toBe(401);

    const version = await t.ok('/api/Login/GetCustomer', {}, d.token);
    expect(version).toMatchObject({ issy: 1, timeend: 15, mdornf: 0, shopname: '晨光花店', usagemd: true, usagenf: true });
    expect(version.serviceendtime).toMatch(TIME);
  });

  it('gives the owner the whole menu', async () => {
    const token = await t.createEnterprise(await t.registerUser(newPhone()), '菜单测试店');
    const info = await t.ok('/Sys/Staff/GetUserInfo', {}, token);
    expect(info.isOwner).toBe(true);
    expect(info.roleName).toBe('超级管理员');
    const leaves = info.menu[0].children[0].children;
    expect(leaves.find((n: { key: string }) => n.key === 'dashboard')).toEqual({
      id: 'dashboard',
      name: '概况',
      path: '/dashboard',
      key: 'dashboard',
      icon: 'DashboardOutlined',
      is_parent: false,
      childshow: false,
      isshow: true,
      prentids: 'overview,overview.home',
      purchase: 1,
      appid: '',
      under: '',
      children: [],
    });
    // A hidden page names the entry it belongs to (the sidebar lights that one while it is open).
    const goods = info.menu.find((n: { key: string }) => n.key === 'goods').children[0].children;
    expect(goods.find((n: { key: string }) => n.key === 'editfrom')).toMatchObject({ isshow: false, under: 'Goodlist' });
    expect(leaves.find((n: { key: string }) => n.key === 'profile')).toMatchObject({
      id: 'profile',
      name: '个人设置',
      path: '/profile',
      icon: 'UserOutlined',
      is_parent: false,
      isshow: true,
      prentids: 'overview,overview.home',
      children: [],
    });
    expect(info.menu[0]).toMatchObject({ key: 'overview', is_parent: true, childshow: true, path: '/dashboard', prentids: '' });
  });

  it('uses the product line asked for', async () => {
    const token = await t.registerUser(newPhone());
    const d = await t.ok('/api/Login/RegistCustomer', { name: '社交店', industry: '1', area: AREA, productStr: 'social' }, token);
    expect(d.userCustomer).toMatchObject({ productName: '社交电商（专业版）', productType: 2 });
  });

  it('greets the new enterprise with a notice', async () => {
    const token = await t.createEnterprise(await t.registerUser(newPhone()), '问候测试店');
    const notices = await t.ok('/Index/Home/GetNotice', {}, token);
    expect(notices.map((n: { order: string }) => n.order)).toEqual(['欢迎使用：企业「问候测试店」已创建，免费试用 15 天。']);
  });

  it('lets an owner create a second enterprise', async () => {
    const first = await t.createEnterprise(await t.registerUser(newPhone()), '一号店');
    const d = await t.ok('/api/Login/RegistCustomer', { name: '二号店', industry: '1', area: AREA }, first);
    expect(d.customerCount).toBe(2);
    expect(d.userCustomer.name).toBe('二号店');
  });

  it.each([
    [{ industry: '1', area: AREA }, '请输入企业名称'],
    [{ name: '   ', industry: '1', area: AREA }, '请输入企业名称'],
    [{ name: '店'.repeat(31), industry: '1', area: AREA }, '企业名称不能超过30个字'],
    [{ name: '店', area: AREA }, '请选择所属行业'],
    [{ name: '店', industry: '', area: AREA }, '请选择所属行业'],
    [{ name: '店', industry: '1' }, '请选择所在地区'],
    [{ name: '店', industry: '1', area: [] }, '请选择所在地区'],
    [{ name: '店', industry: '1', area: '44' }, '请选择所在地区'],
    [{ name: '店', industry: '1', area: [...AREA, '1'] }, '所在地区不正确'],
  ])('refuses %j with “%s”', async (body, msg) => {
    newcomer ??= await t.registerUser(newPhone());
    expect((await t.call('/api/Login/RegistCustomer', body, newcomer)).body).toMatchObject({ code: 1001, msg });
    expect(await t.ok('/api/Login/GetUserCustomesr', {}, newcomer)).toEqual([]);
  });

  it('refuses an industry or area that does not exist', async () => {
    const token = await t.registerUser(newPhone());
    const industry = await t.call('/api/Login/RegistCustomer', { name: '店', industry: '999', area: AREA }, token);
    expect(industry.body).toMatchObject({ code: 1, msg: '请选择所属行业' });
    const area = await t.call('/api/Login/RegistCustomer', { name: '店', industry: '1', area: ['44', '9999'] }, token);
    expect(area.body).toMatchObject({ code: 1, msg: '请选择所在地区' });
    // Real codes that do not belong together: Beijing with a city of Guangdong.
    const mixed = await t.call('/api/Login/RegistCustomer', { name: '店', industry: '1', area: ['11', '4403'] }, token);
    expect(mixed.body).toMatchObject({ code: 1, msg: '请选择所在地区' });
    expect(await t.ok('/api/Login/GetUserCustomesr', {}, token)).toEqual([]);
  });
});

describe.each(['/api/Login/GetUserCustomesr', '/api/Login/getUserCustomers'])('%s', (path) => {
  it("lists the user's enterprises, oldest first, marking the current one", async () => {
    const token = await t.login(DEMO.phone, DEMO.password);
    const list = await t.ok(path, {}, token);
    expect(list.map((c: { name: string }) => c.name)).toEqual(['演示店铺', '演示分店']);
    expect(list[0]).toMatchObject({ productName: '社交电商（专业版）', productType: 2, isOwner: true, current: true, expired: false });
    expect(list[1]).toMatchObject({ productName: '微商城（H5版）', productType: 1, isOwner: true, current: false, expired: false });
    expect(list[0].serviceendtime).toMatch(TIME);
  });

  it('marks an enterprise whose service has ended, and shows a buyout as 永久', async () => {
    const phone = newPhone();
    const token = await t.createEnterprise(await t.registerUser(phone), '到期店');
    const { self } = await t.ok('/api/Login/LoginByPwd', { phone, pwd: PWD });
    await t.db.update(renters).set({ serviceEndAt: sql`now() - interval '1 day'` }).where(eq(renters.id, self.renterID));
    expect((await t.ok(path, {}, token))[0]).toMatchObject({ name: '到期店', expired: true });
    await t.db.update(renters).set({ mdornf: 1, isTrial: false, serviceEndAt: null }).where(eq(renters.id, self.renterID));
    expect((await t.ok(path, {}, token))[0]).toMatchObject({ expired: false, serviceendtime: '永久' });
  });

  it('leaves out an enterprise where the user was disabled', async () => {
    const phone = newPhone();
    const token = await t.createEnterprise(await t.registerUser(phone), '停用店');
    const other = await t.ok('/api/Login/RegistCustomer', { name: '在用店', industry: '1', area: AREA }, token);
    const [first] = await t.ok(path, {}, other.token);
    await t.db.update(staff).set({ status: 0 }).where(eq(staff.renterId, first.id));
    expect((await t.ok(path, {}, other.token)).map((c: { name: string }) => c.name)).toEqual(['在用店']);
  });
});

describe('SetUserCustomesr', () => {
  it('switches to another enterprise of the user with a new token and ends the old one', async () => {
    const token = await t.login(DEMO.phone, DEMO.password);
    const [, second] = await t.ok('/api/Login/GetUserCustomesr', {}, token);
    const r = await t.call('/api/Login/SetUserCustomesr', { id: second.id }, token);
    expect(r.body.code).toBe(0);
    expect(r.body.data.userCustomer).toMatchObject({ name: '演示分店', productType: 1 });
    expect(r.body.data.self.renterID).toBe(second.id);
    expect(r.body.data.token).not.toBe(token);
    expect((await t.call('/api/Login/GetCustomer', {}, token)).status).toBe(401);
    expect((await t.ok('/api/Login/GetCustomer', {}, r.body.data.token)).shopname).toBe('演示分店');

    const next = await t.ok('/api/Login/LoginByPwd', { phone: DEMO.phone, pwd: DEMO.password });
    expect(next.userCustomer.name).toBe('演示分店');
    const [first] = await t.ok('/api/Login/GetUserCustomesr', {}, next.token);
    await t.ok('/api/Login/SetUserCustomesr', { id: first.id }, next.token);
  });

  it.each([
    [{}, '请选择企业'],
    [{ id: '' }, '请选择企业'],
    [{ id: 'not-a-uuid' }, '请选择企业'],
  ])('refuses %j with “%s”', async (body, msg) => {
    const token = await t.login(DEMO.phone, DEMO.password);
    expect((await t.call('/api/Login/SetUserCustomesr', body, token)).body).toMatchObject({ code: 1001, msg });
  });

  it("refuses another renter's enterprise and keeps the session where it was", async () => {
    const stranger = await t.createEnterprise(await t.registerUser(newPhone()), '别人的店');
    const [theirs] = await t.ok('/api/Login/GetUserCustomesr', {}, stranger);
    const token = await t.login(DEMO.phone, DEMO.password);
    const r = await t.call('/api/Login/SetUserCustomesr', { id: theirs.id }, token);
    expect(r.body).toMatchObject({ code: 1, msg: '企业不存在或您已被停用', data: null });
    expect((await t.ok('/api/Login/GetCustomer', {}, token)).shopname).toBe('演示店铺');
  });

  it('refuses an id that matches no enterprise', async () => {
    const token = await t.login(DEMO.phone, DEMO.password);
    const r = await t.call('/api/Login/SetUserCustomesr', { id: '00000000-0000-4000-8000-000000000000' }, token);
    expect(r.body).toMatchObject({ code: 1, msg: '企业不存在或您已被停用' });
  });
});

describe('a session that has not chosen an enterprise', () => {
  const renterOnly = [...ENDPOINTS.values()].filter((e) => e.permission === 'renter' || typeof e.permission === 'object');

  async function undecided() {
    const phone = newPhone();
    const token = await t.createEnterprise(await t.registerUser(phone), '甲店');
    await t.ok('/api/Login/RegistCustomer', { name: '乙店', industry: '1', area: AREA }, token);
    await t.db.update(users).set({ lastRenterId: null }).where(eq(users.phone, phone));
    return t.ok('/api/Login/LoginByPwd', { phone, pwd: PWD });
  }

  let newcomer: string;
  beforeAll(async () => {
    newcomer = (await t.ok('/api/Login/RegUser', await freshRegistration())).token;
  });

  it.each(renterOnly.map((e) => [e.path]))('is told to choose one first on %s', async (path) => {
    const token = newcomer;
    const r = await t.call(path, {}, token);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ code: 1003, msg: '请先选择企业', data: null });
  });

  it('a user of several enterprises logs in undecided, then chooses one', async () => {
    const login = await undecided();
    expect(login.customerCount).toBe(2);
    expect(login.userCustomer).toBeNull();
    expect(login.self.renterID).toBe('');
    expect((await t.call('/api/Login/GetCustomer', {}, login.token)).body.code).toBe(1003);
    const list = await t.ok('/api/Login/GetUserCustomesr', {}, login.token);
    expect(list.every((c: { current: boolean }) => !c.current)).toBe(true);
    const chosen = await t.ok('/api/Login/SetUserCustomesr', { id: list[1].id }, login.token);
    expect((await t.ok('/api/Login/GetCustomer', {}, chosen.token)).shopname).toBe('乙店');
  });
});

describe('GetCustomer', () => {
  it('reads a buyout as never running out, with nothing more to buy', async () => {
    const phone = newPhone();
    const token = await t.createEnterprise(await t.registerUser(phone), '买断店');
    const [mine] = await t.ok('/api/Login/GetUserCustomesr', {}, token);
    await t.db.update(renters).set({ mdornf: 1, isTrial: false, serviceEndAt: null }).where(eq(renters.id, mine.id));
    expect(await t.ok('/api/Login/GetCustomer', {}, token)).toMatchObject({
      issy: 0,
      timeend: 9999,
      mdornf: 1,
      serviceendtime: '',
      usagemd: false,
      usagenf: false,
    });
  });

  it('reads 0 days left once the trial has ended', async () => {
    const token = await t.createEnterprise(await t.registerUser(newPhone()), '试用到期店');
    const [mine] = await t.ok('/api/Login/GetUserCustomesr', {}, token);
    await t.db.update(renters).set({ serviceEndAt: sql`now() - interval '1 hour'` }).where(eq(renters.id, mine.id));
    expect(await t.ok('/api/Login/GetCustomer', {}, token)).toMatchObject({ issy: 1, timeend: 0 });
  });
});

describe('GetSetInfo', () => {
  it("answers the enterprise's logo (type 3) and service phone (type 12)", async () => {
    const token = await t.login(DEMO.phone, DEMO.password);
    expect(await t.ok('/api/Login/GetSetInfo', {}, token)).toEqual([
      { type: 3, text: '' },
      { type: 12, text: '400-800-8000' },
    ]);
  });

  it('answers empty texts for an enterprise that set nothing', async () => {
    const token = await t.createEnterprise(await t.registerUser(newPhone()), '空白店');
    expect(await t.ok('/api/Login/GetSetInfo', {}, token)).toEqual([
      { type: 3, text: '' },
      { type: 12, text: '' },
    ]);
  });
});

async function freshRegistration() {
  const phone = newPhone();
  await t.ok('/api/Login/getSmsCode', { phone, type: 1 });
  return { phone, code: t.smsCode(phone), pwd: PWD };
}
