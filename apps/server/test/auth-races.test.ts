import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { loginLogs } from '@/db/schema';
import { makeApp, newPhone, PWD, type TestApp } from './helper';
import { raceIt } from './race';

/**
 * 200 attempts at once against each attempt counter: exactly the allowed number is evaluated, however many arrive
 * together. These race for real on PostgreSQL (TEST_DATABASE_URL); PGlite serialises them.
 */
const N = 200;
const TOO_MANY_CODES = '验证码错误次数过多，请重新获取';

let t: TestApp;
beforeAll(async () => {
  // Per-address limits out of the way: these tests look at the per-code and per-account counters.
  t = await makeApp({ config: { smsIpMax: 1_000_000, loginIpMax: 1_000_000 } });
});
afterAll(() => t.close());

/** N six-digit codes, none of them the right one. */
function wrongCodes(right: string): string[] {
  const out: string[] = [];
  for (let i = 0; out.length < N; i++) {
    const c = String(i).padStart(6, '0');
    if (c !== right) out.push(c);
  }
  return out;
}

describe.each([
  ['smsLogin', '/api/Login/smsLogin', 2, true],
  ['RegUser', '/api/Login/RegUser', 1, false],
  ['RestPwd', '/api/Login/RestPwd', 3, true],
  ['chkCode', '/api/Login/chkCode', 2, true],
] as const)('%s: 200 wrong codes at once', (_name, path, type, registered) => {
  raceIt('evaluates exactly 5 of them, and the right code is refused afterwards', { timeout: 120_000 }, async () => {
    const phone = newPhone();
    if (registered) {
      await t.registerUser(phone);
      await t.passSmsCooldown(phone);
    }
    await t.ok('/api/Login/getSmsCode', { phone, type });
    const right = t.smsCode(phone);
    const body = (code: string) => ({ phone, code, type, pwd: 'other2024' });
    const answers = await Promise.all(wrongCodes(right).map((code) => t.call(path, body(code))));
    const msgs = answers.map((a) => a.body.msg);
    expect(msgs.filter((m) => m === '验证码错误')).toHaveLength(5);
    expect(msgs.filter((m) => m === TOO_MANY_CODES)).toHaveLength(N - 5);
    expect((await t.call(path, body(right))).body).toMatchObject({ code: 1, msg: TOO_MANY_CODES });
  });
});

describe('password lockout: 200 wrong passwords at once from one address', () => {
  raceIt('verifies exactly LOGIN_MAX_FAILURES of them, and the right one is refused afterwards', { timeout: 180_000 }, async () => {
    const phone = newPhone();
    await t.registerUser(phone);
    const answers = await Promise.all(Array.from({ length: N }, (_, i) => t.call('/api/Login/LoginByPwd', { phone, pwd: `wrong${i}x` })));
    const [{ n }] = await t.db
      .select({ n: count() })
      .from(loginLogs)
      .where(and(eq(loginLogs.phone, phone), eq(loginLogs.reason, '密码错误')));
    expect(Number(n)).toBe(t.config.loginMaxFailures);
    const left = answers.map((a) => a.body.msg).filter((m) => /还可尝试/.test(m));
    expect(left.sort()).toEqual([
      '手机号或密码错误，还可尝试1次',
      '手机号或密码错误，还可尝试2次',
      '手机号或密码错误，还可尝试3次',
      '手机号或密码错误，还可尝试4次',
    ]);
    const after = await t.call('/api/Login/LoginByPwd', { phone, pwd: PWD });
    expect(after.body.code).toBe(1);
    expect(after.body.msg).toMatch(/^密码错误次数过多，账号已锁定/);
  });
});

describe('per-address limits: 200 requests at once from one address', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await makeApp({ database: t.database, config: { smsIpMax: 10, loginIpMax: 30 } });
  });
  afterAll(() => limited.close());

  raceIt('sends codes to exactly 10 phones', { timeout: 120_000 }, async () => {
    const phones = Array.from({ length: N }, () => newPhone());
    const answers = await Promise.all(
      phones.map((phone) =>
        limited.app.inject({ method: 'POST', url: '/api/Login/getSmsCode', payload: { phone, type: 1 }, remoteAddress: '203.0.113.7' }),
      ),
    );
    const bodies = answers.map((a) => a.json());
    expect(bodies.filter((b) => b.code === 0)).toHaveLength(10);
    expect(bodies.filter((b) => b.code !== 0).every((b) => /^获取验证码过于频繁，请\d+分钟后再试$/.test(b.msg))).toBe(true);
    const sent = new Set(phones);
    expect(limited.sms.sent.filter((s) => sent.has(s.phone))).toHaveLength(10);
  });

  raceIt('evaluates exactly 30 login attempts', { timeout: 180_000 }, async () => {
    const phones = Array.from({ length: N }, () => newPhone());
    const answers = await Promise.all(
      phones.map((phone) =>
        limited.app.inject({ method: 'POST', url: '/api/Login/LoginByPwd', payload: { phone, pwd: PWD }, remoteAddress: '203.0.113.8' }),
      ),
    );
    const bodies = answers.map((a) => a.json());
    expect(bodies.filter((b) => /^手机号或密码错误/.test(b.msg))).toHaveLength(30);
    expect(bodies.filter((b) => /^登录尝试过于频繁，请\d+分钟后再试$/.test(b.msg))).toHaveLength(N - 30);
  });
});
