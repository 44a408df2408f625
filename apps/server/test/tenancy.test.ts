import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, makeApp, type Person, type TestApp } from './helper';

let t: TestApp;
let a: Person;
let b: Person;
beforeAll(async () => {
  t = await makeApp();
  a = await t.registerOwner('甲公司');
  b = await t.registerOwner('乙公司');
});
afterAll(() => t.close());

type Notice = { id: string; order: string; read: boolean };
const orders = (list: Notice[]) => list.map((n) => n.order);

describe("one renter never sees another's data", () => {
  it('refuses to switch into an enterprise the user does not belong to', async () => {
    const r = await t.call('/api/Login/SetUserCustomesr', { id: a.renterId }, b.token);
    expect(r.body).toMatchObject({ code: 1, msg: '企业不存在或您已被停用' });
    expect((await t.ok('/api/Login/GetCustomer', {}, b.token)).shopname).toBe('乙公司');
    expect((await t.ok('/api/Login/GetUserCustomesr', {}, b.token)).map((c: { id: string }) => c.id)).toEqual([b.renterId]);
  });

  it("keeps each renter's notices to itself", async () => {
    await t.ok('/Config/Renter/UpdatePwd', { oldpwd: 'abc12345', newpwd: 'Abc12345!x' }, a.token);
    const ofA: Notice[] = await t.ok('/Index/Home/GetNotice', {}, a.token);
    const ofB: Notice[] = await t.ok('/Index/Home/GetNotice', {}, b.token);
    expect(orders(ofA).some((o) => o.includes('甲公司'))).toBe(true);
    expect(orders(ofA).some((o) => o.startsWith('安全提醒'))).toBe(true);
    expect(orders(ofB)).toEqual(['欢迎使用：企业「乙公司」已创建，免费试用 15 天。']);
    const pageOfB = await t.ok('/Index/Home/GetNoticePage', { keyword: '甲公司' }, b.token);
    expect(pageOfB).toEqual({ rows: [], total_count: 0 });
  });

  it("cannot mark another renter's notices read", async () => {
    const ofA: Notice[] = await t.ok('/Index/Home/GetNotice', {}, a.token);
    await t.ok('/Index/Home/ReadNotice', { ids: ofA.map((n) => n.id) }, b.token);
    await t.ok('/Index/Home/ReadNotice', {}, b.token);
    const again: Notice[] = await t.ok('/Index/Home/GetNotice', {}, a.token);
    expect(again.every((n) => !n.read)).toBe(true);
    expect((await t.ok('/Index/Home/GetDashboard', {}, a.token)).unreadNotices).toBe(ofA.length);
  });

  it('computes the dashboard per renter', async () => {
    await t.addMember(a.renterId, ['dashboard']);
    await t.ok('/Index/Home/SaveProfile', { name: '甲老板' }, a.token);
    await t.login(a.phone, 'Abc12345!x');
    const da = await t.ok('/Index/Home/GetDashboard', {}, a.token);
    const db = await t.ok('/Index/Home/GetDashboard', {}, b.token);
    expect(da).toMatchObject({ shopname: '甲公司', staffCount: 2, roleCount: 2 });
    expect(db).toMatchObject({ shopname: '乙公司', staffCount: 1, roleCount: 1, unreadNotices: 0 });
    expect(da.unreadNotices).toBeGreaterThan(0);
    expect(da.recentOperations.map((o: { who: string }) => o.who)).toContain('甲老板');
    expect(db.recentOperations.map((o: { who: string }) => o.who)).not.toContain('甲老板');
    expect(da.loginsToday).toBeGreaterThan(db.loginsToday);
  });

  it('shows the profile and settings of the current enterprise only', async () => {
    expect((await t.ok('/Index/Home/GetProfile', {}, b.token)).renterName).toBe('乙公司');
    expect((await t.ok('/Sys/Staff/GetUserInfo', {}, b.token)).version.shopname).toBe('乙公司');
  });

  it("keeps the notices of one user's two enterprises apart", async () => {
    await t.seedDemo();
    const token = await t.login(DEMO.phone, DEMO.password);
    const main: Notice[] = await t.ok('/Index/Home/GetNotice', {}, token);
    const [, second] = await t.ok('/api/Login/GetUserCustomesr', {}, token);
    const switched = await t.ok('/api/Login/SetUserCustomesr', { id: second.id }, token);
    const other: Notice[] = await t.ok('/Index/Home/GetNotice', {}, switched.token);
    expect(orders(main)).toHaveLength(2);
    expect(orders(other)).toEqual([`欢迎使用：企业「${DEMO.second}」已开通。`]);
    expect((await t.ok('/Index/Home/GetDashboard', {}, switched.token)).unreadNotices).toBe(1);
  });

  it('pushes a new enterprise’s welcome to that enterprise only', async () => {
    const before = t.hub.pushed.length;
    const c = await t.registerOwner('丙公司');
    const pushed = t.hub.pushed.slice(before);
    expect(pushed).toEqual([
      { to: `renter:${c.renterId}`, event: 'receiveNotice', payload: expect.objectContaining({ title: '欢迎使用' }) },
    ]);
  });
});
