import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operLogs } from '@/db/schema';
import { AREA, makeApp, newPhone, PWD, STRONG_PWD, type TestApp } from './helper';

let t: TestApp;
beforeAll(async () => {
  t = await makeApp();
});
afterAll(() => t.close());

const logsOf = (renterId: string) => t.db.select().from(operLogs).where(eq(operLogs.renterId, renterId)).orderBy(asc(operLogs.createdAt));

describe('the operation log', () => {
  it('records who created an enterprise, with what', async () => {
    const token = await t.registerUser(newPhone());
    const d = await t.ok('/api/Login/RegistCustomer', { name: '日志店', industry: '2', area: AREA }, token);
    const rows = await logsOf(d.self.renterID);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      userId: d.self.id,
      module: 'login',
      action: '创建企业',
      recordId: d.self.renterID,
      after: { name: '日志店', industry: '美妆个护', area: AREA },
      ip: '127.0.0.1',
    });
  });

  it('records a profile change with the values before and after', async () => {
    const p = await t.registerOwner('资料日志店');
    await t.ok('/Index/Home/SaveProfile', { name: '赵六', headimg: '/file/a.png' }, p.token);
    const row = (await logsOf(p.renterId)).at(-1);
    expect(row).toMatchObject({
      userId: p.userId,
      module: 'profile',
      action: '修改个人设置',
      recordId: p.userId,
      before: { name: `用户${p.phone.slice(-4)}`, headimg: '' },
      after: { name: '赵六', headimg: '/file/a.png' },
    });
  });

  it('records a password change without the password', async () => {
    const p = await t.registerOwner('改密日志店');
    await t.ok('/Config/Renter/UpdatePwd', { oldpwd: PWD, newpwd: STRONG_PWD }, p.token);
    const row = (await logsOf(p.renterId)).at(-1);
    expect(row).toMatchObject({ userId: p.userId, module: 'login', action: '修改密码', recordId: p.userId });
    expect(JSON.stringify(row)).not.toContain(STRONG_PWD);
    expect(JSON.stringify(row)).not.toContain(PWD);
  });

  it('records nothing for a refused write', async () => {
    const p = await t.registerOwner('拒绝日志店');
    const before = (await logsOf(p.renterId)).length;
    await t.call('/Index/Home/SaveProfile', { name: '' }, p.token);
    await t.call('/Config/Renter/UpdatePwd', { oldpwd: 'wrong1234', newpwd: STRONG_PWD }, p.token);
    expect(await logsOf(p.renterId)).toHaveLength(before);
  });

  it("keeps each renter's log to itself", async () => {
    const a = await t.registerOwner('日志甲');
    const b = await t.registerOwner('日志乙');
    await t.ok('/Index/Home/SaveProfile', { name: '甲' }, a.token);
    expect((await logsOf(b.renterId)).map((r) => r.action)).toEqual(['创建企业']);
    const dashboard = await t.ok('/Index/Home/GetDashboard', {}, b.token);
    expect(dashboard.recentOperations.map((o: { action: string }) => o.action)).toEqual(['创建企业']);
  });
});
