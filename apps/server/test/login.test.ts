import { EXPIRED_MSG, PWD_WEAK_MSG } from '@shop/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authCounters } from '@/db/schema';
import { DEMO, makeApp, newPhone, PWD, STRONG_PWD, type TestApp } from './helper';
import { raceIt } from './race';

let t: TestApp;
beforeAll(async () => {
  t = await makeApp();
  await t.seedDemo();
});
afterAll(() => t.close());

const LOCKED = '密码错误次数过多，账号已锁定，请15分钟后再试或通过短信找回密码，或使用短信验证码登录';

describe.each(['/api/Login/LoginByPwd', '/api/Login/UserLogin'])('%s', (path) => {
  it('logs the demo owner into the enterprise used last', async () => {
    const r = await t.call(path, { phone: DEMO.phone, pwd: DEMO.password });
    expect(r.status).toBe(200);
    expect(r.body.code).toBe(0);
    const d = r.body.data;
    expect(d.token).toMatch(/^[\w-]{40,}$/);
    expect(d.uname).toBe('演示店主');
    expect(d.customerCount).toBe(2);
    expect(d.userCustomer).toEqual({ name: '演示店铺', productName: '社交电商（专业版）', productStr: 'social', productType: 2 });
    expect(d.self.renterID).not.toBe('');
    expect(d.self.shopID).not.toBe('');
    const customer = await t.ok('/api/Login/GetCustomer', {}, d.token);
    expect(customer.shopname).toBe('演示店铺');
  });

  it('accepts a phone with spaces around it', async () => {
    expect((await t.call(path, { phone: ` ${DEMO.phone} `, pwd: DEMO.password })).body.code).toBe(0);
  });

  it.each([
    [{}, '请输入手机号'],
    [{ phone: '', pwd: 'x' }, '请输入手机号'],
    [{ phone: '12345678901', pwd: 'x' }, '手机号格式不正确'],
    [{ phone: '1380013800', pwd: 'x' }, '手机号格式不正确'],
    [{ phone: '138001380001', pwd: 'x' }, '手机号格式不正确'],
    [{ phone: DEMO.phone }, '请输入密码'],
    [{ phone: DEMO.phone, pwd: '' }, '请输入密码'],
    [{ phone: DEMO.phone, pwd: 'x'.repeat(65) }, '密码不能超过64位'],
  ])('refuses %j with “%s”', async (body, msg) => {
    const r = await t.call(path, body);
    expect(r.status).toBe(200);
    expect(r.body.code).toBe(1001);
    expect(r.body.msg).toBe(msg);
  });

  it('says the same for an unknown phone and a wrong password, down to the lock', async () => {
    const unknown = newPhone();
    const phone = newPhone();
    await t.registerUser(phone);
    for (let i = 0; i < 5; i++) {
      const a = await t.call(path, { phone: unknown, pwd: 'wrong1234' });
      const b = await t.call(path, { phone, pwd: 'wrong1234' });
      expect(a.body).toEqual(b.body);
      expect(a.body).toEqual(
        i < 4 ? { code: 1, msg: `手机号或密码错误，还可尝试${4 - i}次`, data: null } : { code: 1, msg: LOCKED, data: { locked: true } },
      );
    }
  });
});

describe('account lock', () => {
  let strict: TestApp;
  beforeAll(async () => {
    strict = await makeApp({ database: t.database, config: { loginMaxFailures: 3, loginLockMinutes: 15 } });
  });
  afterAll(() => strict.close());

  it('locks the account after the configured wrong passwords and then refuses the right one', async () => {
    const phone = newPhone();
    await strict.registerUser(phone);
    const tries = [];
    for (let i = 0; i < 3; i++) tries.push((await strict.call('/api/Login/LoginByPwd', { phone, pwd: 'wrong1234' })).body.msg);
    expect(tries).toEqual(['手机号或密码错误，还可尝试2次', '手机号或密码错误，还可尝试1次', LOCKED]);
    const right = await strict.call('/api/Login/LoginByPwd', { phone, pwd: PWD });
    expect(right.body).toEqual({ code: 1, msg: LOCKED, data: { locked: true } });
  });

  it('lets the owner in again once the lock has run out', async () => {
    const phone = newPhone();
    await strict.registerUser(phone);
    for (let i = 0; i < 3; i++) await strict.call('/api/Login/LoginByPwd', { phone, pwd: 'wrong1234' });
    expect((await strict.call('/api/Login/LoginByPwd', { phone, pwd: PWD })).body.msg).toBe(LOCKED);
    await strict.db
      .update(authCounters)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(sql`starts_with(${authCounters.key}, ${`pwd:${phone}`})`);
    expect((await strict.call('/api/Login/LoginByPwd', { phone, pwd: PWD })).body.code).toBe(0);
  });

  it('a right password clears the count of earlier wrong ones', async () => {
    const phone = newPhone();
    await strict.registerUser(phone);
    await strict.call('/api/Login/LoginByPwd', { phone, pwd: 'wrong1234' });
    await strict.call('/api/Login/LoginByPwd', { phone, pwd: 'wrong1234' });
    await strict.login(phone, PWD);
    const again = await strict.call('/api/Login/LoginByPwd', { phone, pwd: 'wrong1234' });
    expect(again.body.msg).toBe('手机号或密码错误，还可尝试2次');
  });

  it('resetting the password by SMS lifts the lock', async () => {
    const phone = newPhone();
    await strict.registerUser(phone);
    for (let i = 0; i < 3; i++) await strict.call('/api/Login/LoginByPwd', { phone, pwd: 'wrong1234' });
    await strict.passSmsCooldown(phone);
    await strict.ok('/api/Login/getSmsCode', { phone, type: 3 });
    await strict.ok('/api/Login/RestPwd', { phone, code: strict.smsCode(phone), pwd: 'new12345' });
    expect((await strict.call('/api/Login/LoginByPwd', { phone, pwd: 'new12345' })).body.code).toBe(0);
  });
});

describe('Logout', () => {
  it('ends the token at once', async () => {
    const token = await t.login(DEMO.phone, DEMO.password);
    const r = await t.call('/api/Login/Logout', {}, token);
    expect(r.body).toEqual({ code: 0, msg: '已退出登录', data: null });
    const after = await t.call('/api/Login/GetCustomer', {}, token);
    expect(after.status).toBe(401);
    expect(after.body.msg).toBe(EXPIRED_MSG);
  });

  it('leaves the other logins of the same user alive', async () => {
    const a = await t.login(DEMO.phone, DEMO.password);
    const b = await t.login(DEMO.phone, DEMO.password);
    await t.ok('/api/Login/Logout', {}, a);
    expect((await t.call('/api/Login/GetCustomer', {}, b)).body.code).toBe(0);
  });

  it('works for a session that has no enterprise yet', async () => {
    const token = await t.registerUser(newPhone());
    await t.ok('/api/Login/Logout', {}, token);
    expect((await t.call('/api/Login/GetUserCustomesr', {}, token)).status).toBe(401);
  });
});

describe('UpdatePwd', () => {
  let unchanged: { phone: string; token: string } | undefined;
  /** An owner for refusals, which leave the password as it was. */
  async function refused() {
    unchanged ??= await owner();
    return unchanged;
  }

  async function owner() {
    const phone = newPhone();
    const token = await t.createEnterprise(await t.registerUser(phone), '改密测试店');
    return { phone, token };
  }

  it.each([
    [{}, '请输入原始密码'],
    [{ oldpwd: '', newpwd: STRONG_PWD }, '请输入原始密码'],
    [{ oldpwd: PWD }, '请输入密码'],
    [{ oldpwd: PWD, newpwd: '' }, '请输入密码'],
  ])('refuses %j with “%s”', async (body, msg) => {
    const { token } = await refused();
    expect((await t.call('/Config/Renter/UpdatePwd', body, token)).body).toMatchObject({ code: 1001, msg });
  });

  it.each([
    ['letters and digits only', 'abc12345'],
    ['no upper case', 'abc12345!'],
    ['no lower case', 'ABC12345!'],
    ['no digit', 'Abcdefgh!'],
    ['no special character', 'Abcdefgh1'],
    ['shorter than 8', 'Ab1!xyz'],
    ['longer than 30', `Ab1!${'x'.repeat(27)}`],
  ])('refuses a weak new password (%s) with the complexity message', async (_why, newpwd) => {
    const { phone, token } = await refused();
    expect((await t.call('/Config/Renter/UpdatePwd', { oldpwd: PWD, newpwd }, token)).body).toMatchObject({
      code: 1001,
      msg: PWD_WEAK_MSG,
    });
    expect((await t.call('/api/Login/LoginByPwd', { phone, pwd: PWD })).body.code).toBe(0);
  });

  it('accepts exactly 8 and exactly 30 characters', async () => {
    const { token } = await owner();
    await t.ok('/Config/Renter/UpdatePwd', { oldpwd: PWD, newpwd: 'Abc123!x' }, token);
    await t.ok('/Config/Renter/UpdatePwd', { oldpwd: 'Abc123!x', newpwd: `Ab1!${'x'.repeat(26)}` }, token);
  });

  it('refuses a wrong original password and keeps the old one', async () => {
    const { phone, token } = await owner();
    expect((await t.call('/Config/Renter/UpdatePwd', { oldpwd: 'wrong1234', newpwd: STRONG_PWD }, token)).body).toMatchObject({
      code: 1,
      msg: '原始密码错误',
    });
    expect((await t.call('/api/Login/LoginByPwd', { phone, pwd: PWD })).body.code).toBe(0);
  });

  it('allows 5 wrong original passwords, then refuses even the right one for a while', async () => {
    const { token } = await owner();
    for (let i = 0; i < 5; i++) {
      expect((await t.call('/Config/Renter/UpdatePwd', { oldpwd: 'wrong1234', newpwd: STRONG_PWD }, token)).body.msg).toBe('原始密码错误');
    }
    expect((await t.call('/Config/Renter/UpdatePwd', { oldpwd: PWD, newpwd: STRONG_PWD }, token)).body).toMatchObject({
      code: 1,
      msg: '原始密码错误次数过多，请15分钟后再试',
    });
  });

  raceIt('checks exactly 5 of 200 wrong original passwords sent at once', { timeout: 120_000 }, async () => {
    const { token } = await owner();
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) => t.call('/Config/Renter/UpdatePwd', { oldpwd: `wrong${i}x`, newpwd: STRONG_PWD }, token)),
    );
    expect(answers.filter((a) => a.body.msg === '原始密码错误')).toHaveLength(5);
  });

  it('refuses a new password equal to the original', async () => {
    const { token } = await owner();
    await t.ok('/Config/Renter/UpdatePwd', { oldpwd: PWD, newpwd: STRONG_PWD }, token);
    expect((await t.call('/Config/Renter/UpdatePwd', { oldpwd: STRONG_PWD, newpwd: STRONG_PWD }, token)).body.msg).toBe(
      '新密码不能与原始密码相同',
    );
  });

  it('changes the password, ends the other sessions, keeps this one and pushes a security notice', async () => {
    const { phone, token } = await owner();
    const other = await t.login(phone, PWD);
    const before = t.hub.pushed.length;
    const r = await t.call('/Config/Renter/UpdatePwd', { oldpwd: PWD, newpwd: STRONG_PWD }, token);
    expect(r.body).toEqual({ code: 0, msg: '密码修改成功!', data: null });

    expect((await t.call('/api/Login/GetCustomer', {}, token)).body.code).toBe(0);
    expect((await t.call('/api/Login/GetCustomer', {}, other)).status).toBe(401);
    expect((await t.call('/api/Login/LoginByPwd', { phone, pwd: PWD })).body.msg).toMatch(/^手机号或密码错误/);
    expect((await t.call('/api/Login/LoginByPwd', { phone, pwd: STRONG_PWD })).body.code).toBe(0);

    const { user } = await t.ok('/Sys/Staff/GetUserInfo', {}, token);
    const pushed = t.hub.pushed.slice(before);
    expect(pushed).toHaveLength(1);
    expect(pushed[0]).toMatchObject({ to: `user:${user.id}`, event: 'receiveNotice', payload: { title: '安全提醒' } });
    expect(pushed[0].payload.message).toContain('其他设备上的登录已失效');
    const notices = await t.ok('/Index/Home/GetNotice', {}, token);
    expect(notices[0].order).toMatch(/^安全提醒：您的登录密码已于 \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} 修改/);
  });

  it('lets a user without an enterprise change the password too', async () => {
    const phone = newPhone();
    const token = await t.registerUser(phone);
    await t.ok('/Config/Renter/UpdatePwd', { oldpwd: PWD, newpwd: STRONG_PWD }, token);
    expect((await t.call('/api/Login/LoginByPwd', { phone, pwd: STRONG_PWD })).body.code).toBe(0);
  });
});
