import {
  BODY_TOO_LARGE_MSG,
  EXPIRED_MSG,
  PUBLIC_BODY_LIMIT,
  SHOP_HEADER,
  SHOP_MISSING_MSG,
  VISITOR_HEADER,
  VISITOR_INVALID_MSG,
} from '@shop/contract';
import { seedTenant } from '@/core/tenant';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberTokens, members, operLogs, shops } from '@/db/schema';
import { memberRepo } from '@/modules/members/members.repository';
import { visitorIdIn } from '@/modules/members';
import { makeApp, newPhone, type Person, PWD, type TestApp } from './helper';
import { raceIt } from './race';

const SEND = '/h5/Member/SendCode';
const SMS_LOGIN = '/h5/Member/LoginBySms';
const PWD_LOGIN = '/h5/Member/LoginByPwd';
const SET_PWD = '/h5/Member/SetPwd';
const LOGOUT = '/h5/Member/Logout';
const PROFILE = '/h5/Member/GetProfile';
const UPDATE = '/h5/Member/UpdateProfile';
const SHOP_INFO = '/h5/Shop/GetInfo';
const GOODS = '/h5/Goods/GetList';
const GOODS_DETAIL = '/h5/Goods/GetDetail';
const ISSUE = '/h5/Visitor/Issue';

let t: TestApp;
let ownerA: Person;
let ownerB: Person;
let shopA: string;
let shopB: string;

const shopOf = async (renterId: string) => (await t.db.select().from(shops).where(eq(shops.renterId, renterId)).limit(1))[0].id;

/** A customer-side call on a shop, with a member token or a visitor id. */
function h5(path: string, body: unknown, opts: { shop?: string; token?: string; visitor?: string } = {}) {
  const headers: Record<string, string> = {};
  if (opts.shop) headers[SHOP_HEADER] = opts.shop;
  if (opts.visitor) headers[VISITOR_HEADER] = opts.visitor;
  return t.call(path, body, opts.token, headers);
}
async function h5ok(path: string, body: unknown, opts: { shop?: string; token?: string; visitor?: string } = {}) {
  const r = await h5(path, body, opts);
  if (r.status !== 200 || r.body.code !== 0) throw new Error(`${path}: ${r.status} ${r.body.code} ${r.body.msg}`);
  return r.body.data;
}

/** Logs a phone in on a shop by SMS code (the first time creates the member). */
async function smsLogin(phone: string, shop: string) {
  await t.passSmsCooldown(phone);
  await h5ok(SEND, { phone }, { shop });
  return h5ok(SMS_LOGIN, { phone, code: t.smsCode(phone) }, { shop });
}

const memberRows = async (renterId: string, phone: string) =>
  Number(
    (
      await t.db
        .select({ n: count() })
        .from(members)
        .where(and(eq(members.renterId, renterId), eq(members.phone, phone)))
    )[0].n,
  );

beforeAll(async () => {
  t = await makeApp();
  ownerA = await t.registerOwner('会员测试店甲');
  ownerB = await t.registerOwner('会员测试店乙');
  shopA = await shopOf(ownerA.renterId);
  shopB = await shopOf(ownerB.renterId);
});
afterAll(() => t.close());

describe('member login by SMS code', () => {
  it('creates the member on the first login only, in the shop’s renter', async () => {
    const phone = newPhone();
    const first = await smsLogin(phone, shopA);
    expect(first).toMatchObject({ created: true, member: { phone, nickname: `用户${phone.slice(-4)}`, hasPwd: false } });
    expect(first.expires_in).toBe(t.config.memberTokenDays * 86_400);
    const again = await smsLogin(phone, shopA);
    expect(again).toMatchObject({ created: false, member: { id: first.member.id } });
    expect(await memberRows(ownerA.renterId, phone)).toBe(1);
    // The same phone on another renter's shop is another member.
    const elsewhere = await smsLogin(phone, shopB);
    expect(elsewhere.created).toBe(true);
    expect(elsewhere.member.id).not.toBe(first.member.id);
    expect(await h5ok(PROFILE, {}, { shop: shopA, token: first.token })).toMatchObject({ id: first.member.id, phone });
  });

  it('takes a code only on the renter it was sent for, and not a console login code', async () => {
    const phone = newPhone();
    await h5ok(SEND, { phone }, { shop: shopA });
    const code = t.smsCode(phone);
    expect((await h5(SMS_LOGIN, { phone, code }, { shop: shopB })).body).toMatchObject({ code: 1, msg: '验证码已失效，请重新获取' });
    // A console code (type 2) of the same phone does not log a member in either.
    await t.passSmsCooldown(phone);
    await t.ok('/api/Login/getSmsCode', { phone, type: 2 });
    expect((await h5(SMS_LOGIN, { phone, code }, { shop: shopA })).body.code).toBe(0);
    expect(await memberRows(ownerB.renterId, phone)).toBe(0);
  });

  it('keeps the login module’s cooldown, and answers an unknown phone like any other', async () => {
    const phone = newPhone();
    expect(await h5ok(SEND, { phone }, { shop: shopA })).toEqual({ cooldown: 60 });
    expect((await h5(SEND, { phone }, { shop: shopA })).body.msg).toMatch(/^验证码发送太频繁，请\d+秒后再试$/);
  });

  it('counts wrong codes: after 5 even the right one is refused', async () => {
    const phone = newPhone();
    await h5ok(SEND, { phone }, { shop: shopA });
    const right = t.smsCode(phone);
    const wrong = right === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) expect((await h5(SMS_LOGIN, { phone, code: wrong }, { shop: shopA })).body.msg).toBe('验证码错误');
    expect((await h5(SMS_LOGIN, { phone, code: right }, { shop: shopA })).body.msg).toBe('验证码错误次数过多，请重新获取');
    expect(await memberRows(ownerA.renterId, phone)).toBe(0);
  });

  it('makes no member of a staff user by accident: the owner’s phone is a member only after logging in on the shop', async () => {
    expect(await memberRows(ownerA.renterId, ownerA.phone)).toBe(0);
    // The staff token is no member token.
    expect((await h5(PROFILE, {}, { shop: shopA, token: ownerA.token })).status).toBe(401);
    const m = await smsLogin(ownerA.phone, shopA);
    expect(m.created).toBe(true);
    // ...and the member token gives no staff rights.
    expect((await t.call('/Sys/Staff/GetUserInfo', {}, m.token)).status).toBe(401);
  });
});

describe('member password', () => {
  it('logs in by password only once the member set one; a wrong one counts down', async () => {
    const phone = newPhone();
    expect((await h5(PWD_LOGIN, { phone, pwd: PWD }, { shop: shopA })).body.msg).toBe('手机号或密码错误，还可尝试4次');
    expect((await h5(PWD_LOGIN, { phone, pwd: PWD }, { shop: shopA })).body.msg).toBe('手机号或密码错误，还可尝试3次');
    // Logging in by SMS code forgets the wrong passwords (as for console users); still no password set.
    const { token } = await smsLogin(phone, shopA);
    expect((await h5(PWD_LOGIN, { phone, pwd: PWD }, { shop: shopA })).body.msg).toBe('手机号或密码错误，还可尝试4次');
    expect((await h5(SET_PWD, { pwd: '12345678' }, { shop: shopA, token })).body.msg).toBe(
      '密码须为8-16位字母和数字组合，不能全为数字或全为字母',
    );
    expect((await h5(SET_PWD, { pwd: PWD }, { shop: shopA, token })).body).toMatchObject({ code: 0, msg: '密码设置成功' });
    const d = await h5ok(PWD_LOGIN, { phone, pwd: PWD }, { shop: shopA });
    expect(d).toMatchObject({ created: false, member: { phone, hasPwd: true } });
    // The password is the member's of this renter, not of the same phone elsewhere.
    expect((await h5(PWD_LOGIN, { phone, pwd: PWD }, { shop: shopB })).body.code).toBe(1);
    const [row] = await t.db
      .select()
      .from(members)
      .where(and(eq(members.renterId, ownerA.renterId), eq(members.phone, phone)));
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    // The audit row names the member as its writer.
    const [log] = await t.db
      .select()
      .from(operLogs)
      .where(and(eq(operLogs.renterId, ownerA.renterId), eq(operLogs.recordId, row.id)));
    expect(log).toMatchObject({ actor: 'member', userId: row.id, action: '设置登录密码' });
    // 操作日志 names the customer (nickname, else the masked phone), never a blank 操作人 or the full number.
    const masked = `${phone.slice(0, 3)}****${phone.slice(7)}`;
    const who = row.nickname ? `会员 ${row.nickname}` : `会员 ${masked}`;
    const listed = await t.ok('/Sys/Staff/GetOperlogList', { page: 1, page_size: 50, keyword: '设置登录密码' }, ownerA.token);
    expect(listed.rows.find((r: { id: string }) => r.id === log.id)).toMatchObject({ userName: who, phone: masked });
    expect(await t.ok('/Sys/Staff/GetOperlogDetail', { id: log.id }, ownerA.token)).toMatchObject({ userName: who, phone: masked });
  });
});

describe('member tokens', () => {
  it('ends at logout', async () => {
    const { token } = await smsLogin(newPhone(), shopA);
    expect((await h5(PROFILE, {}, { shop: shopA, token })).body.code).toBe(0);
    expect((await h5(LOGOUT, {}, { shop: shopA, token })).body).toMatchObject({ code: 0, msg: '已退出登录' });
    expect((await h5(PROFILE, {}, { shop: shopA, token })).body).toEqual({ code: 401, msg: EXPIRED_MSG, data: null });
  });

  it('is refused once expired', async () => {
    const { token, member } = await smsLogin(newPhone(), shopA);
    await t.db.update(memberTokens).set({ expiresAt: sql`now() - interval '1 minute'` }).where(eq(memberTokens.memberId, member.id));
    expect((await h5(PROFILE, {}, { shop: shopA, token })).status).toBe(401);
  });

  it('is refused by every staff endpoint, and a staff token by every member endpoint, like an unknown token', async () => {
    const { token } = await smsLogin(newPhone(), shopA);
    for (const path of ['/Sys/Staff/GetUserInfo', '/api/Login/GetCustomer', '/Goods/Goods/list']) {
      const r = await t.call(path, {}, token);
      expect(r.status, path).toBe(401);
      expect(r.body).toEqual({ code: 401, msg: EXPIRED_MSG, data: null });
    }
    for (const path of [PROFILE, UPDATE, SET_PWD, LOGOUT]) {
      const r = await h5(path, {}, { shop: shopA, token: ownerA.token });
      expect(r.status, path).toBe(401);
      expect(r.body).toEqual({ code: 401, msg: EXPIRED_MSG, data: null });
    }
  });

  it('is refused on another renter’s shop', async () => {
    const { token } = await smsLogin(newPhone(), shopA);
    expect((await h5(PROFILE, {}, { shop: shopB, token })).body).toEqual({ code: 401, msg: EXPIRED_MSG, data: null });
    expect((await h5(PROFILE, {}, { shop: shopA, token })).body.code).toBe(0);
  });

  it('needs a shop that exists', async () => {
    const { token } = await smsLogin(newPhone(), shopA);
    for (const shop of [undefined, 'not-a-shop', '00000000-0000-4000-8000-000000000000']) {
      expect((await h5(PROFILE, {}, { shop, token })).body).toMatchObject({ code: 1004, msg: SHOP_MISSING_MSG });
    }
  });
});

describe('my profile', () => {
  it('changes nickname and avatar, and refuses an unsafe avatar', async () => {
    const { token } = await smsLogin(newPhone(), shopA);
    const d = await h5ok(UPDATE, { nickname: ' 小王 ', avatar: '/file/a/b.png' }, { shop: shopA, token });
    expect(d).toMatchObject({ nickname: '小王', avatar: '/file/a/b.png' });
    expect(await h5ok(PROFILE, {}, { shop: shopA, token })).toMatchObject({ nickname: '小王', avatar: '/file/a/b.png' });
    expect((await h5(UPDATE, { avatar: 'javascript:alert(1)' }, { shop: shopA, token })).body).toMatchObject({
      code: 1001,
      msg: '头像地址不正确',
    });
    expect((await h5(UPDATE, { nickname: '' }, { shop: shopA, token })).body).toMatchObject({ code: 1001, msg: '请输入昵称' });
  });

  it('holds /h5 calls to the public body limit', async () => {
    const { token } = await smsLogin(newPhone(), shopA);
    const r = await h5(UPDATE, { nickname: 'x'.repeat(PUBLIC_BODY_LIMIT + 10) }, { shop: shopA, token });
    expect(r.body).toMatchObject({ code: 1001, msg: BODY_TOO_LARGE_MSG });
  });
});

describe('the shop and its goods', () => {
  const save = async (token: string, title: string, status: 0 | 1, over: Record<string, unknown> = {}) => {
    const { id } = await t.ok('/Goods/Goods/save', { title, skus: [{ specValues: {}, price: 12.5, stock: 3, cost: 4 }], ...over }, token);
    if (status === 1) await t.ok('/Goods/Goods/updateState', { ids: [id], status: 1 }, token);
    return id as string;
  };
  let onSale: string;
  let offShelf: string;
  let foreign: string;

  beforeAll(async () => {
    onSale = await save(ownerA.token, '会员可见苹果', 1);
    offShelf = await save(ownerA.token, '会员不可见梨', 0);
    await save(ownerA.token, '会员可见香蕉', 1);
    foreign = await save(ownerB.token, '乙店的苹果', 1);
  });

  it('tells a visitor the shop’s public info', async () => {
    await t.db.update(shops).set({ name: '甲店门店', logo: '/file/logo.png' }).where(eq(shops.id, shopA));
    const info = await h5ok(SHOP_INFO, {}, { shop: shopA });
    expect(info).toEqual({ shopId: shopA, name: '甲店门店', logo: '/file/logo.png', servicePhone: expect.any(String) });
  });

  it('lists only the renter’s on-shelf goods, by keyword, with no cost', async () => {
    const all = await h5ok(GOODS, { page_size: 50 }, { shop: shopA });
    const titles = all.rows.map((r: { title: string }) => r.title).sort();
    expect(titles).toEqual(['会员可见苹果', '会员可见香蕉']);
    expect(all.total_count).toBe(2);
    const apples = await h5ok(GOODS, { keyword: '苹果' }, { shop: shopA });
    expect(apples.rows.map((r: { id: string }) => r.id)).toEqual([onSale]);
    expect(apples.rows[0]).toEqual({
      id: onSale,
      title: '会员可见苹果',
      mainImage: '',
      categoryId: null,
      minPrice: 12.5,
      maxPrice: 12.5,
      totalStock: 3,
    });
    const paged = await h5ok(GOODS, { page_size: 1, page_index: 2 }, { shop: shopA });
    expect(paged.rows).toHaveLength(1);
    expect(paged.total_count).toBe(2);
  });

  it('shows an on-shelf goods; an off-shelf or another renter’s one answers like a missing one', async () => {
    const d = await h5ok(GOODS_DETAIL, { id: onSale }, { shop: shopA });
    expect(d).toMatchObject({ id: onSale, title: '会员可见苹果', skus: [{ price: 12.5, stock: 3 }] });
    expect(d.skus[0]).not.toHaveProperty('cost');
    const missing = (await h5(GOODS_DETAIL, { id: '00000000-0000-4000-8000-000000000000' }, { shop: shopA })).body;
    expect(missing).toMatchObject({ code: 1004, msg: '商品不存在' });
    for (const id of [offShelf, foreign]) expect((await h5(GOODS_DETAIL, { id }, { shop: shopA })).body).toEqual(missing);
    // A member sees the same.
    const { token } = await smsLogin(newPhone(), shopA);
    expect((await h5(GOODS_DETAIL, { id: offShelf }, { shop: shopA, token })).body).toEqual(missing);
  });
});

describe('visitor ids', () => {
  it('are issued by the server, renewed with the same id, and a forged one is refused', async () => {
    const first = await h5ok(ISSUE, {});
    expect(first.expires_in).toBe(t.config.visitorDays * 86_400);
    const id = visitorIdIn(t.config, first.visitor);
    expect(id).toMatch(/^v[A-Za-z0-9_-]{22}$/);
    const renewed = await h5ok(ISSUE, {}, { visitor: first.visitor });
    expect(visitorIdIn(t.config, renewed.visitor)).toBe(id);
    const other = await h5ok(ISSUE, {});
    expect(visitorIdIn(t.config, other.visitor)).not.toBe(id);
    const [, exp, mac] = first.visitor.split('.');
    const forgedId = `v${'B'.repeat(22)}.${exp}.${mac}`;
    const longer = `${id}.${Number(exp) + 1_000_000}.${mac}`;
    for (const visitor of ['made-up-by-the-browser', forgedId, longer]) {
      for (const path of [ISSUE, SHOP_INFO]) {
        const r = await h5(path, {}, { visitor, shop: shopA });
        expect(r.status, `${path} ${visitor}`).toBe(401);
        expect(r.body).toEqual({ code: 401, msg: VISITOR_INVALID_MSG, data: null });
      }
    }
  });

  it('are refused once run out', async () => {
    const old = await makeApp({ database: t.database, config: { visitorSecret: t.config.visitorSecret, visitorDays: -1 } });
    try {
      const stale = (await old.ok(ISSUE, {})).visitor;
      expect((await h5(SHOP_INFO, {}, { visitor: stale, shop: shopA })).body.msg).toBe(VISITOR_INVALID_MSG);
    } finally {
      await old.close();
    }
  });
});

describe('first logins at once', () => {
  raceIt('of one phone with one code: one login, one member', async () => {
    const phone = newPhone();
    await h5ok(SEND, { phone }, { shop: shopA });
    const code = t.smsCode(phone);
    const answers = await Promise.all(Array.from({ length: 20 }, () => h5(SMS_LOGIN, { phone, code }, { shop: shopA })));
    expect(answers.filter((a) => a.body.code === 0)).toHaveLength(1);
    expect(await memberRows(ownerA.renterId, phone)).toBe(1);
  });

  raceIt('creating the member of one phone 20 times at once: exactly one row, one creation', async () => {
    const phone = newPhone();
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        memberRepo.upsertByPhone(seedTenant(t.db, ownerA.renterId), { phone, shopId: shopA, nickname: 'x' }),
      ),
    );
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(new Set(results.map((r) => r.member.id)).size).toBe(1);
    expect(await memberRows(ownerA.renterId, phone)).toBe(1);
  });
});
