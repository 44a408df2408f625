import { EXPIRED_MSG } from '@shop/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOfToday } from '@/core/time';
import { smsCodes } from '@/db/schema';
import { ALREADY_REGISTERED_TEXT } from '@/modules/login/sms-code.service';
import { makeApp, newPhone, PWD, type TestApp } from './helper';
import { raceIt } from './race';

let t: TestApp;
beforeAll(async () => {
  t = await makeApp();
});
afterAll(() => t.close());

const LOGIN_PWD_RULE = '密码须为8-16位字母和数字组合，不能全为数字或全为字母';
const TOO_OFTEN = /^验证码发送太频繁，请\d+秒后再试$/;

/** A phone that has been registered and whose SMS cooldown has run out. */
async function registered() {
  const phone = newPhone();
  const token = await t.registerUser(phone);
  await t.passSmsCooldown(phone);
  return { phone, token };
}

const sentTo = (phone: string) => t.sms.sent.filter((s) => s.phone === phone);

describe('getSmsCode', () => {
  it('sends a 6-digit code and tells the console to count down 60 s', async () => {
    const phone = newPhone();
    const r = await t.call('/api/Login/getSmsCode', { phone, type: 1 });
    expect(r.body).toEqual({ code: 0, msg: '验证码发送成功', data: { cooldown: 60 } });
    expect(sentTo(phone)).toHaveLength(1);
    expect(sentTo(phone)[0]).toMatchObject({ purpose: '注册' });
    expect(sentTo(phone)[0].code).toMatch(/^\d{6}$/);
  });

  it('accepts the type as a string', async () => {
    expect((await t.call('/api/Login/getSmsCode', { phone: newPhone(), type: '1' })).body.code).toBe(0);
  });

  it.each([
    [{}, '请输入手机号'],
    [{ phone: '', type: 1 }, '请输入手机号'],
    [{ phone: '   ', type: 1 }, '请输入手机号'],
    [{ phone: '23800138000', type: 1 }, '手机号格式不正确'],
    [{ phone: '12800138000', type: 1 }, '手机号格式不正确'],
    [{ phone: '1380013800a', type: 1 }, '手机号格式不正确'],
    [{ phone: '13800138000' }, '请选择验证码类型'],
    [{ phone: '13800138000', type: 'x' }, '请选择验证码类型'],
    [{ phone: '13800138000', type: 4 }, '验证码类型不正确'],
  ])('refuses %j with “%s”', async (body, msg) => {
    expect((await t.call('/api/Login/getSmsCode', body)).body).toMatchObject({ code: 1001, msg });
  });

  it('answers a registration code for a registered phone like any other, and texts the phone that it is registered', async () => {
    const { phone } = await registered();
    const fresh = newPhone();
    const known = await t.call('/api/Login/getSmsCode', { phone, type: 1 });
    const unknown = await t.call('/api/Login/getSmsCode', { phone: fresh, type: 1 });
    expect(known.body).toEqual(unknown.body);
    expect(known.body).toEqual({ code: 0, msg: '验证码发送成功', data: { cooldown: 60 } });
    const last = sentTo(phone).at(-1);
    expect(last).toMatchObject({ code: '', purpose: ALREADY_REGISTERED_TEXT });
    // The cooldown holds for it like for any phone.
    expect((await t.call('/api/Login/getSmsCode', { phone, type: 1 })).body.msg).toMatch(TOO_OFTEN);
  });

  it.each([2, 3])('answers a type %i code for a phone nobody registered like for a registered one, but sends nothing', async (type) => {
    const phone = newPhone();
    const { phone: known } = await registered();
    const a = await t.call('/api/Login/getSmsCode', { phone, type });
    const b = await t.call('/api/Login/getSmsCode', { phone: known, type });
    expect(a.body).toEqual(b.body);
    expect(a.body).toEqual({ code: 0, msg: '验证码发送成功', data: { cooldown: 60 } });
    expect(sentTo(phone)).toHaveLength(0);
    expect((await t.call('/api/Login/getSmsCode', { phone, type })).body.msg).toMatch(TOO_OFTEN);
    // A guess at the code nobody received reads like a wrong code for a registered phone.
    const path = type === 2 ? '/api/Login/smsLogin' : '/api/Login/RestPwd';
    const guess = { phone, code: '123456', pwd: 'other2024' };
    const real = t.smsCode(known) === '123456' ? '654321' : '123456';
    expect((await t.call(path, guess)).body).toEqual((await t.call(path, { ...guess, phone: known, code: real })).body);
    expect((await t.call(path, guess)).body).toMatchObject({ code: 1, msg: '验证码错误' });
  });

  it('refuses a second code for the same phone within 60 s, whatever its type', async () => {
    const { phone } = await registered();
    await t.ok('/api/Login/getSmsCode', { phone, type: 2 });
    const again = await t.call('/api/Login/getSmsCode', { phone, type: 2 });
    expect(again.body.code).toBe(1);
    expect(again.body.msg).toMatch(TOO_OFTEN);
    expect((await t.call('/api/Login/getSmsCode', { phone, type: 3 })).body.msg).toMatch(TOO_OFTEN);
    expect(sentTo(phone).filter((s) => s.purpose !== '注册')).toHaveLength(1);
  });

  it('the cooldown of one phone does not hold back another', async () => {
    await t.ok('/api/Login/getSmsCode', { phone: newPhone(), type: 1 });
    expect((await t.call('/api/Login/getSmsCode', { phone: newPhone(), type: 1 })).body.code).toBe(0);
  });

  it('sends again once the 60 s have passed', async () => {
    const phone = newPhone();
    await t.ok('/api/Login/getSmsCode', { phone, type: 1 });
    await t.passSmsCooldown(phone);
    await t.ok('/api/Login/getSmsCode', { phone, type: 1 });
    expect(sentTo(phone)).toHaveLength(2);
  });

  raceIt('sends only one code when the same phone asks five times at once', async () => {
    const phone = newPhone();
    const answers = await Promise.all(Array.from({ length: 5 }, () => t.call('/api/Login/getSmsCode', { phone, type: 1 })));
    expect(answers.filter((a) => a.body.code === 0)).toHaveLength(1);
    for (const a of answers.filter((x) => x.body.code !== 0)) expect(a.body.msg).toMatch(TOO_OFTEN);
    expect(sentTo(phone)).toHaveLength(1);
  });

  describe('daily cap', () => {
    let capped: TestApp;
    beforeAll(async () => {
      capped = await makeApp({ database: t.database, config: { smsDailyCap: 2 } });
    });
    afterAll(() => capped.close());

    it('refuses codes past the daily cap of a phone', { timeout: 90_000 }, async () => {
      // Codes moved 61 s back must still count as today's.
      const sinceMidnight = Date.now() - startOfToday().getTime();
      if (sinceMidnight < 65_000) await new Promise((r) => setTimeout(r, 65_000 - sinceMidnight));
      const phone = newPhone();
      await capped.ok('/api/Login/getSmsCode', { phone, type: 1 });
      await capped.passSmsCooldown(phone);
      await capped.ok('/api/Login/getSmsCode', { phone, type: 1 });
      await capped.passSmsCooldown(phone);
      const third = await capped.call('/api/Login/getSmsCode', { phone, type: 1 });
      expect(third.body).toMatchObject({ code: 1, msg: '今日验证码发送次数已达上限，请明天再试' });
      expect(capped.sms.sent.filter((s) => s.phone === phone)).toHaveLength(2);
    });
  });
});

describe('chkCode', () => {
  it('confirms a right code without using it up', async () => {
    const phone = newPhone();
    await t.ok('/api/Login/getSmsCode', { phone, type: 1 });
    const code = t.smsCode(phone);
    expect((await t.call('/api/Login/chkCode', { phone, type: 1, code })).body).toEqual({ code: 0, msg: '验证码正确', data: null });
    expect((await t.call('/api/Login/RegUser', { phone, code, pwd: PWD })).body.code).toBe(0);
  });

  it.each([
    [{ type: 1, code: '123456' }, '请输入手机号'],
    [{ phone: 'x', type: 1, code: '123456' }, '手机号格式不正确'],
    [{ phone: '13800138000', code: '123456' }, '请选择验证码类型'],
    [{ phone: '13800138000', type: 1 }, '请输入验证码'],
    [{ phone: '13800138000', type: 1, code: '' }, '请输入验证码'],
    [{ phone: '13800138000', type: 1, code: '12345' }, '验证码为6位数字'],
    [{ phone: '13800138000', type: 1, code: '12345a' }, '验证码为6位数字'],
  ])('refuses %j with “%s”', async (body, msg) => {
    expect((await t.call('/api/Login/chkCode', body)).body).toMatchObject({ code: 1001, msg });
  });

  it('says a wrong code is wrong', async () => {
    const phone = newPhone();
    await t.ok('/api/Login/getSmsCode', { phone, type: 1 });
    const wrong = t.smsCode(phone) === '000000' ? '111111' : '000000';
    expect((await t.call('/api/Login/chkCode', { phone, type: 1, code: wrong })).body).toMatchObject({ code: 1, msg: '验证码错误' });
  });

  it('refuses when no code was sent, or it was sent for another purpose', async () => {
    const phone = newPhone();
    expect((await t.call('/api/Login/chkCode', { phone, type: 1, code: '123456' })).body.msg).toBe('验证码已失效，请重新获取');
    await t.ok('/api/Login/getSmsCode', { phone, type: 1 });
    expect((await t.call('/api/Login/chkCode', { phone, type: 3, code: t.smsCode(phone) })).body.msg).toBe('验证码已失效，请重新获取');
  });

  it('refuses an expired code', async () => {
    const phone = newPhone();
    await t.ok('/api/Login/getSmsCode', { phone, type: 1 });
    await t.db.update(smsCodes).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(smsCodes.phone, phone));
    expect((await t.call('/api/Login/chkCode', { phone, type: 1, code: t.smsCode(phone) })).body.msg).toBe('验证码已失效，请重新获取');
  });

  it('after five wrong tries even the right code is refused', async () => {
    const phone = newPhone();
    await t.ok('/api/Login/getSmsCode', { phone, type: 1 });
    const right = t.smsCode(phone);
    const wrong = right === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) expect((await t.call('/api/Login/chkCode', { phone, type: 1, code: wrong })).body.msg).toBe('验证码错误');
    expect((await t.call('/api/Login/chkCode', { phone, type: 1, code: right })).body.msg).toBe('验证码错误次数过多，请重新获取');
    expect((await t.call('/api/Login/RegUser', { phone, code: right, pwd: PWD })).body.msg).toBe('验证码错误次数过多，请重新获取');
  });
});

describe('smsLogin', () => {
  it('logs in with a login code, which then cannot be used again', async () => {
    const { phone } = await registered();
    await t.ok('/api/Login/getSmsCode', { phone, type: 2 });
    const code = t.smsCode(phone);
    const r = await t.call('/api/Login/smsLogin', { phone, code });
    expect(r.body.code).toBe(0);
    expect(r.body.data.uname).toBe(`用户${phone.slice(-4)}`);
    expect((await t.call('/api/Login/GetUserCustomesr', {}, r.body.data.token)).body.code).toBe(0);
    expect((await t.call('/api/Login/smsLogin', { phone, code })).body).toMatchObject({ code: 1, msg: '验证码已失效，请重新获取' });
  });

  it.each([
    [{}, '请输入手机号'],
    [{ phone: '1380013800', code: '123456' }, '手机号格式不正确'],
    [{ phone: '13800138000' }, '请输入验证码'],
    [{ phone: '13800138000', code: '' }, '请输入验证码'],
    [{ phone: '13800138000', code: '1234567' }, '验证码为6位数字'],
  ])('refuses %j with “%s”', async (body, msg) => {
    expect((await t.call('/api/Login/smsLogin', body)).body).toMatchObject({ code: 1001, msg });
  });

  it('answers a phone nobody registered like a registered one without a code', async () => {
    const { phone } = await registered();
    const unknown = await t.call('/api/Login/smsLogin', { phone: newPhone(), code: '123456' });
    expect(unknown.body).toEqual((await t.call('/api/Login/smsLogin', { phone, code: '123456' })).body);
    expect(unknown.body).toMatchObject({ code: 1, msg: '验证码已失效，请重新获取' });
  });

  it('refuses a wrong code', async () => {
    const { phone } = await registered();
    await t.ok('/api/Login/getSmsCode', { phone, type: 2 });
    const right = t.smsCode(phone);
    expect((await t.call('/api/Login/smsLogin', { phone, code: right === '000000' ? '111111' : '000000' })).body).toMatchObject({
      code: 1,
      msg: '验证码错误',
    });
  });

  it('refuses a code that was sent to reset the password', async () => {
    const { phone } = await registered();
    await t.ok('/api/Login/getSmsCode', { phone, type: 3 });
    expect((await t.call('/api/Login/smsLogin', { phone, code: t.smsCode(phone) })).body.msg).toBe('验证码已失效，请重新获取');
  });
});

describe('RegUser', () => {
  it('registers the phone and logs the new user in without an enterprise', async () => {
    const phone = newPhone();
    await t.ok('/api/Login/getSmsCode', { phone, type: 1 });
    const r = await t.call('/api/Login/RegUser', { phone, code: t.smsCode(phone), pwd: PWD });
    expect(r.body.code).toBe(0);
    expect(r.body.msg).toBe('注册成功');
    expect(r.body.data).toMatchObject({ uname: `用户${phone.slice(-4)}`, userCustomer: null, customerCount: 0 });
    expect(r.body.data.self.renterID).toBe('');
    expect(await t.ok('/api/Login/GetUserCustomesr', {}, r.body.data.token)).toEqual([]);
    expect((await t.call('/api/Login/LoginByPwd', { phone, pwd: PWD })).body.code).toBe(0);
  });

  it.each([
    [{ code: '123456', pwd: PWD }, '请输入手机号'],
    [{ phone: '', code: '123456', pwd: PWD }, '请输入手机号'],
    [{ phone: '10000000000', code: '123456', pwd: PWD }, '手机号格式不正确'],
    [{ phone: '13800138001', pwd: PWD }, '请输入验证码'],
    [{ phone: '13800138001', code: 'abcdef', pwd: PWD }, '验证码为6位数字'],
    [{ phone: '13800138001', code: '123456' }, '请输入密码'],
    [{ phone: '13800138001', code: '123456', pwd: '' }, '请输入密码'],
    [{ phone: '13800138001', code: '123456', pwd: 'abcdefgh' }, LOGIN_PWD_RULE],
    [{ phone: '13800138001', code: '123456', pwd: '12345678' }, LOGIN_PWD_RULE],
    [{ phone: '13800138001', code: '123456', pwd: 'abc1234' }, LOGIN_PWD_RULE],
    [{ phone: '13800138001', code: '123456', pwd: 'abc1234567890abcd' }, LOGIN_PWD_RULE],
    [{ phone: '13800138001', code: '123456', pwd: 'abc1234!' }, LOGIN_PWD_RULE],
  ])('refuses %j with “%s”', async (body, msg) => {
    expect((await t.call('/api/Login/RegUser', body)).body).toMatchObject({ code: 1001, msg });
  });

  it('accepts passwords of exactly 8 and 16 letters and digits', async () => {
    for (const pwd of ['abcd1234', 'ABCDefgh12345678']) {
      const phone = newPhone();
      expect((await t.call('/api/Login/RegUser', { phone, code: await codeFor(phone), pwd })).body.code).toBe(0);
    }
  });

  it('refuses a phone that is already registered like a wrong code (it was sent no code)', async () => {
    const { phone } = await registered();
    await t.ok('/api/Login/getSmsCode', { phone, type: 1 });
    expect((await t.call('/api/Login/RegUser', { phone, code: '123456', pwd: 'other2024' })).body).toMatchObject({
      code: 1,
      msg: '验证码错误',
    });
    expect((await t.call('/api/Login/LoginByPwd', { phone, pwd: PWD })).body.code).toBe(0);
  });

  it('refuses a wrong code and registers nobody', async () => {
    const phone = newPhone();
    const right = await codeFor(phone);
    const r = await t.call('/api/Login/RegUser', { phone, code: right === '000000' ? '111111' : '000000', pwd: PWD });
    expect(r.body).toMatchObject({ code: 1, msg: '验证码错误' });
    expect((await t.call('/api/Login/LoginByPwd', { phone, pwd: PWD })).body.msg).toMatch(/^手机号或密码错误，还可尝试\d次$/);
  });

  it("refuses another phone's code", async () => {
    const a = newPhone();
    const codeOfA = await codeFor(a);
    const b = newPhone();
    expect((await t.call('/api/Login/RegUser', { phone: b, code: codeOfA, pwd: PWD })).body.msg).toBe('验证码已失效，请重新获取');
  });
});

describe('RestPwd', () => {
  it('sets a new password with a reset code and ends every old session', async () => {
    const { phone, token } = await registered();
    const second = await t.login(phone, PWD);
    await t.ok('/api/Login/getSmsCode', { phone, type: 3 });
    const r = await t.call('/api/Login/RestPwd', { phone, code: t.smsCode(phone), pwd: 'fresh2024' });
    expect(r.body).toEqual({ code: 0, msg: '密码重置成功!', data: null });
    for (const old of [token, second]) {
      const after = await t.call('/api/Login/GetUserCustomesr', {}, old);
      expect(after.status).toBe(401);
      expect(after.body.msg).toBe(EXPIRED_MSG);
    }
    expect((await t.call('/api/Login/LoginByPwd', { phone, pwd: PWD })).body.msg).toMatch(/^手机号或密码错误/);
    expect((await t.call('/api/Login/LoginByPwd', { phone, pwd: 'fresh2024' })).body.code).toBe(0);
  });

  it.each([
    [{}, '请输入注册手机号'],
    [{ phone: '', code: '123456', pwd: PWD }, '请输入注册手机号'],
    [{ phone: '1380013800', code: '123456', pwd: PWD }, '手机号格式不正确'],
    [{ phone: '13800138000', pwd: PWD }, '请输入验证码'],
    [{ phone: '13800138000', code: '', pwd: PWD }, '请输入验证码'],
    [{ phone: '13800138000', code: '12 456', pwd: PWD }, '验证码为6位数字'],
    [{ phone: '13800138000', code: '123456' }, '请输入新密码'],
    [{ phone: '13800138000', code: '123456', pwd: '' }, '请输入新密码'],
    [{ phone: '13800138000', code: '123456', pwd: 'onlyletters' }, LOGIN_PWD_RULE],
    [{ phone: '13800138000', code: '123456', pwd: '1234567890' }, LOGIN_PWD_RULE],
  ])('refuses %j with “%s”', async (body, msg) => {
    expect((await t.call('/api/Login/RestPwd', body)).body).toMatchObject({ code: 1001, msg });
  });

  it('answers a phone nobody registered like a registered one without a code', async () => {
    const { phone } = await registered();
    const unknown = await t.call('/api/Login/RestPwd', { phone: newPhone(), code: '123456', pwd: PWD });
    expect(unknown.body).toEqual((await t.call('/api/Login/RestPwd', { phone, code: '123456', pwd: PWD })).body);
    expect(unknown.body).toMatchObject({ code: 1, msg: '验证码已失效，请重新获取' });
  });

  it('a reset code works once', async () => {
    const { phone } = await registered();
    await t.ok('/api/Login/getSmsCode', { phone, type: 3 });
    const code = t.smsCode(phone);
    await t.ok('/api/Login/RestPwd', { phone, code, pwd: 'first2024' });
    expect((await t.call('/api/Login/RestPwd', { phone, code, pwd: 'second2024' })).body).toMatchObject({
      code: 1,
      msg: '验证码已失效，请重新获取',
    });
    expect((await t.call('/api/Login/LoginByPwd', { phone, pwd: 'first2024' })).body.code).toBe(0);
  });

  it('refuses a login code and a wrong code, keeping the password', async () => {
    const { phone } = await registered();
    await t.ok('/api/Login/getSmsCode', { phone, type: 2 });
    const loginCode = t.smsCode(phone);
    expect((await t.call('/api/Login/RestPwd', { phone, code: loginCode, pwd: 'other2024' })).body.msg).toBe('验证码已失效，请重新获取');
    await t.passSmsCooldown(phone);
    await t.ok('/api/Login/getSmsCode', { phone, type: 3 });
    const right = t.smsCode(phone);
    const wrong = right === '000000' ? '111111' : '000000';
    expect((await t.call('/api/Login/RestPwd', { phone, code: wrong, pwd: 'other2024' })).body.msg).toBe('验证码错误');
    expect((await t.call('/api/Login/LoginByPwd', { phone, pwd: PWD })).body.code).toBe(0);
  });
});

async function codeFor(phone: string): Promise<string> {
  await t.ok('/api/Login/getSmsCode', { phone, type: 1 });
  return t.smsCode(phone);
}
