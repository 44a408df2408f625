import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseTrustProxy } from '@/config';
import { authCounters, smsCodes } from '@/db/schema';
import { purgeAuthCounters } from '@/modules/login';
import { makeApp, newPhone, PWD, systemCtx, type TestApp } from './helper';

const LOCKED = '密码错误次数过多，账号已锁定，请15分钟后再试或通过短信找回密码，或使用短信验证码登录';

/** Registers users (the helper's app: no per-address limits). */
let base: TestApp;
/** Locks after 3 wrong passwords per address and 5 per account. */
let t: TestApp;
/** 3 SMS codes and 4 failed logins per address. */
let limited: TestApp;
beforeAll(async () => {
  base = await makeApp();
  t = await makeApp({ database: base.database, config: { loginMaxFailures: 3, loginAccountMaxFailures: 5 } });
  limited = await makeApp({ database: base.database, config: { smsIpMax: 3, loginIpMax: 4 } });
});
afterAll(async () => {
  await limited.close();
  await t.close();
  await base.close();
});

/** Calls an endpoint from a given client address (the TCP peer), optionally with headers. */
async function from(app: TestApp, ip: string, url: string, payload: object, headers: Record<string, string> = {}) {
  const res = await app.app.inject({ method: 'POST', url, payload, remoteAddress: ip, headers });
  return res.json() as { code: number; msg: string; data: unknown };
}

/** A registered phone whose SMS cooldown has run out. */
async function registered() {
  const phone = newPhone();
  await base.registerUser(phone);
  await base.passSmsCooldown(phone);
  return phone;
}

describe('password lock per account and address', () => {
  it('a lock from one address leaves the owner at another address free', async () => {
    const phone = await registered();
    for (let i = 0; i < 3; i++) await from(t, '198.51.100.1', '/api/Login/LoginByPwd', { phone, pwd: 'wrong1234' });
    expect(await from(t, '198.51.100.1', '/api/Login/LoginByPwd', { phone, pwd: PWD })).toEqual({
      code: 1,
      msg: LOCKED,
      data: { locked: true },
    });
    expect((await from(t, '198.51.100.2', '/api/Login/LoginByPwd', { phone, pwd: PWD })).code).toBe(0);
  });

  it('wrong passwords from several addresses together lock the account everywhere, but not its SMS login', async () => {
    const phone = await registered();
    for (let i = 0; i < 3; i++) await from(t, '198.51.100.11', '/api/Login/LoginByPwd', { phone, pwd: 'wrong1234' });
    expect((await from(t, '198.51.100.12', '/api/Login/LoginByPwd', { phone, pwd: 'wrong1234' })).msg).toBe(
      '手机号或密码错误，还可尝试2次',
    );
    // The fifth wrong password of the account: the account-wide ceiling.
    expect((await from(t, '198.51.100.12', '/api/Login/LoginByPwd', { phone, pwd: 'wrong1234' })).msg).toBe(LOCKED);
    expect((await from(t, '198.51.100.13', '/api/Login/LoginByPwd', { phone, pwd: PWD })).msg).toBe(LOCKED);
    await from(t, '198.51.100.13', '/api/Login/getSmsCode', { phone, type: 2 });
    expect((await from(t, '198.51.100.13', '/api/Login/smsLogin', { phone, code: t.smsCode(phone) })).code).toBe(0);
    expect((await from(t, '198.51.100.13', '/api/Login/LoginByPwd', { phone, pwd: PWD })).code).toBe(0);
  });

  it('logging in by SMS code lifts the lock of that address', async () => {
    const phone = await registered();
    for (let i = 0; i < 3; i++) await from(t, '198.51.100.21', '/api/Login/LoginByPwd', { phone, pwd: 'wrong1234' });
    expect((await from(t, '198.51.100.21', '/api/Login/LoginByPwd', { phone, pwd: PWD })).msg).toBe(LOCKED);
    await from(t, '198.51.100.21', '/api/Login/getSmsCode', { phone, type: 2 });
    expect((await from(t, '198.51.100.21', '/api/Login/smsLogin', { phone, code: t.smsCode(phone) })).code).toBe(0);
    expect((await from(t, '198.51.100.21', '/api/Login/LoginByPwd', { phone, pwd: PWD })).code).toBe(0);
  });
});

describe('per-address limits', () => {
  it('refuses a fourth SMS code asked from one address, for any phone, and not from another address', async () => {
    for (let i = 0; i < 3; i++)
      expect((await from(limited, '198.51.100.31', '/api/Login/getSmsCode', { phone: newPhone(), type: 1 })).code).toBe(0);
    const phone = newPhone();
    expect(await from(limited, '198.51.100.31', '/api/Login/getSmsCode', { phone, type: 1 })).toEqual({
      code: 1,
      msg: '获取验证码过于频繁，请60分钟后再试',
      data: null,
    });
    expect(limited.sms.sent.filter((s) => s.phone === phone)).toHaveLength(0);
    expect((await from(limited, '198.51.100.32', '/api/Login/getSmsCode', { phone, type: 1 })).code).toBe(0);
  });

  it('refuses login attempts past the limit of an address; successful logins do not count', async () => {
    const phone = await registered();
    for (let i = 0; i < 5; i++) expect((await from(limited, '198.51.100.41', '/api/Login/LoginByPwd', { phone, pwd: PWD })).code).toBe(0);
    for (let i = 0; i < 4; i++) {
      expect((await from(limited, '198.51.100.41', '/api/Login/LoginByPwd', { phone: newPhone(), pwd: PWD })).msg).toMatch(
        /^手机号或密码错误/,
      );
    }
    expect(await from(limited, '198.51.100.41', '/api/Login/LoginByPwd', { phone, pwd: PWD })).toEqual({
      code: 1,
      msg: '登录尝试过于频繁，请15分钟后再试',
      data: null,
    });
    expect((await from(limited, '198.51.100.41', '/api/Login/smsLogin', { phone, code: '123456' })).msg).toBe(
      '登录尝试过于频繁，请15分钟后再试',
    );
    expect((await from(limited, '198.51.100.42', '/api/Login/LoginByPwd', { phone, pwd: PWD })).code).toBe(0);
  });
});

describe('TRUST_PROXY', () => {
  it('reads a hop count, a list of addresses or ranges, true, or nothing', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('')).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('true')).toBe(true);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('10.0.0.1, 172.16.0.0/12,loopback')).toEqual(['10.0.0.1', '172.16.0.0/12', 'loopback']);
  });

  it('by default a forged X-Forwarded-For does not change the address the limits count', async () => {
    const ip = '198.51.100.51';
    const phones = [newPhone(), newPhone(), newPhone(), newPhone()];
    const answers = [];
    for (const [i, phone] of phones.entries()) {
      answers.push(await from(limited, ip, '/api/Login/getSmsCode', { phone, type: 1 }, { 'x-forwarded-for': `203.0.113.${i + 1}` }));
    }
    expect(answers.map((a) => a.code)).toEqual([0, 0, 0, 1]);
    expect(answers[3].msg).toBe('获取验证码过于频繁，请60分钟后再试');
    const [row] = await limited.db.select().from(smsCodes).where(eq(smsCodes.phone, phones[0]));
    expect(row.ip).toBe(ip);
  });

  it('believes X-Forwarded-For from a configured proxy', async () => {
    const behind = await makeApp({ database: base.database, config: { smsIpMax: 3, trustProxy: ['198.51.100.60'] } });
    try {
      for (let i = 0; i < 4; i++) {
        const phone = newPhone();
        const r = await from(
          behind,
          '198.51.100.60',
          '/api/Login/getSmsCode',
          { phone, type: 1 },
          { 'x-forwarded-for': `203.0.113.${100 + i}` },
        );
        expect(r.code).toBe(0);
        const [row] = await behind.db.select().from(smsCodes).where(eq(smsCodes.phone, phone));
        expect(row.ip).toBe(`203.0.113.${100 + i}`);
      }
      // A peer that is not the proxy is counted by its own address again.
      const direct = [];
      for (let i = 0; i < 4; i++) {
        direct.push(
          await from(
            behind,
            '198.51.100.61',
            '/api/Login/getSmsCode',
            { phone: newPhone(), type: 1 },
            { 'x-forwarded-for': `203.0.113.${110 + i}` },
          ),
        );
      }
      expect(direct.map((a) => a.code)).toEqual([0, 0, 0, 1]);
    } finally {
      await behind.close();
    }
  });
});

describe('purging counters', () => {
  it('deletes counters idle for a day and keeps the others', async () => {
    await base.db.insert(authCounters).values([
      { key: 'ip:sms:purge-old', count: 3, windowStart: sql`now() - interval '25 hours'` },
      { key: 'ip:sms:purge-new', count: 3 },
      { key: 'pwd:purge-locked', count: 0, windowStart: sql`now() - interval '25 hours'`, lockedUntil: sql`now() + interval '1 hour'` },
    ]);
    await purgeAuthCounters(systemCtx(base));
    const left = await base.db
      .select({ key: authCounters.key })
      .from(authCounters)
      .where(inArray(authCounters.key, ['ip:sms:purge-old', 'ip:sms:purge-new', 'pwd:purge-locked']));
    expect(left.map((r) => r.key).sort()).toEqual(['ip:sms:purge-new', 'pwd:purge-locked']);
  });
});
