import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { EXPIRED_MSG, SHOP_HEADER } from '@shop/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, shops, staff } from '@/db/schema';
import { ENDPOINTS, makeApp, newPhone, type TestApp } from './helper';

let t: TestApp;
beforeAll(async () => {
  t = await makeApp();
});
afterAll(() => t.close());

/** Console calls: a staff session unless public. Customer-side calls have their own rules (members.test.ts). */
const guarded = [...ENDPOINTS.values()].filter((e) => !e.actor && e.permission !== 'public');
const open = [...ENDPOINTS.values()].filter((e) => !e.actor && e.permission === 'public');
const memberCalls = [...ENDPOINTS.values()].filter((e) => e.actor === 'member');
let shopId: string | undefined;
/** A shop to name in customer-side calls. */
async function aShop(): Promise<string> {
  if (!shopId) {
    const owner = await t.registerOwner('会员令牌测试店');
    shopId = (await t.db.select().from(shops).where(eq(shops.renterId, owner.renterId)))[0].id;
  }
  return shopId;
}

describe('tokens', () => {
  it.each(guarded.map((e) => [e.path]))('%s without a token answers 401 with the expiry message', async (path) => {
    const r = await t.call(path, {});
    expect(r.status).toBe(401);
    expect(r.body).toEqual({ code: 401, msg: EXPIRED_MSG, data: null });
  });

  it.each(open.map((e) => [e.path]))('%s answers without a token', async (path) => {
    const r = await t.call(path, path.endsWith('getSmsCode') ? { phone: newPhone(), type: 1 } : {});
    expect(r.status).toBe(200);
    expect(r.body.code).not.toBe(401);
  });

  it.each(memberCalls.map((e) => [e.path]))('%s without a member token answers 401 with the expiry message', async (path) => {
    const r = await t.call(path, {}, undefined, { [SHOP_HEADER]: await aShop() });
    expect(r.status).toBe(401);
    expect(r.body).toEqual({ code: 401, msg: EXPIRED_MSG, data: null });
  });

  it('an unknown token is refused like a missing one', async () => {
    const r = await t.call('/Sys/Staff/GetUserInfo', {}, 'not-a-real-token');
    expect(r.status).toBe(401);
    expect(r.body.msg).toBe(EXPIRED_MSG);
  });

  it('an expired token is refused', async () => {
    const token = await t.createEnterprise(await t.registerUser(newPhone()), '过期测试店');
    expect((await t.call('/Sys/Staff/GetUserInfo', {}, token)).body.code).toBe(0);
    await t.db.update(sessions).set({ expiresAt: sql`now() - interval '1 minute'` });
    const r = await t.call('/Sys/Staff/GetUserInfo', {}, token);
    expect(r.status).toBe(401);
    expect(r.body.msg).toBe(EXPIRED_MSG);
  });

  it('a login token lives as many days as configured', async () => {
    const data = await t.ok('/api/Login/LoginByPwd', { phone: (await registered()).phone, pwd: 'abc12345' });
    expect(data.expires_in).toBe(t.config.tokenDays * 86_400);
  });

  it('a member disabled in the enterprise loses the session at once', async () => {
    const { token, userId } = await registeredWithEnterprise('停用测试店');
    expect((await t.call('/api/Login/GetCustomer', {}, token)).body.code).toBe(0);
    await t.db.update(staff).set({ status: 0 }).where(eq(staff.userId, userId));
    expect((await t.call('/api/Login/GetCustomer', {}, token)).status).toBe(401);
  });

  it('a public endpoint ignores a stale token', async () => {
    const r = await t.call('/api/Login/GetIndustry', {}, 'stale-token');
    expect(r.status).toBe(200);
    expect(r.body.code).toBe(0);
  });

  it('the OpenAPI document at /docs/json lists every endpoint with its method', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json() as { paths: Record<string, Record<string, unknown>> };
    for (const e of ENDPOINTS.values()) expect(doc.paths[e.path]?.[e.method.toLowerCase()], e.path).toBeDefined();
  });

  it('an unknown API path answers 404 in the envelope', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/Login/NoSuchCall', payload: {} });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 404, msg: '接口不存在', data: null });
  });
});

describe('the console beside the API', () => {
  it('serves the console for its routes but never for an API path, whatever the method', async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'admin-dist-'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>商家后台</title>');
    const shopDist = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-dist-'));
    const c = await makeApp({ config: { adminDist: dist, shopDist } });
    try {
      const page = await c.app.inject({ method: 'GET', url: '/dashboard' });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('商家后台');
      const api = await c.app.inject({ method: 'GET', url: '/api/Login/LoginByPwd' });
      expect(api.statusCode).toBe(404);
      expect(api.json()).toEqual({ code: 404, msg: '接口不存在', data: null });
      expect((await c.app.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
      // The customer's pages are their own light app (apps/shop), under /h5/.
      fs.writeFileSync(path.join(shopDist, 'index.html'), '<!doctype html><title>填写表单</title>');
      const fill = await c.app.inject({ method: 'GET', url: '/h5/form/5f0e7c0a-1c2b-4c3d-8e9f-0a1b2c3d4e5f' });
      expect(fill.body).toContain('填写表单');
      expect((await c.app.inject({ method: 'GET', url: '/dashboard' })).body).toContain('商家后台');
    } finally {
      await c.close();
      fs.rmSync(dist, { recursive: true, force: true });
      fs.rmSync(shopDist, { recursive: true, force: true });
    }
  });
});

describe('the envelope', () => {
  it.each([
    ['a body that is not JSON', '{"phone":', 'application/json'],
    ['an empty JSON body', '', 'application/json'],
    ['a form-encoded body', 'phone=13800138000&pwd=x', 'application/x-www-form-urlencoded'],
  ])('answers %s with HTTP 200 and a Chinese refusal', async (_what, payload, type) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/Login/LoginByPwd', payload, headers: { 'content-type': type } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 1001, msg: '请求数据格式不正确', data: null });
  });

  it('answers a missing body with the messages of the missing fields', async () => {
    const r = await t.call('/api/Login/LoginByPwd', null);
    expect(r.body.code).toBe(1001);
    expect(r.body.data.errors).toEqual([
      { field: 'phone', msg: '请输入手机号' },
      { field: 'pwd', msg: '请输入密码' },
    ]);
  });
});

async function registered() {
  const phone = newPhone();
  const token = await t.registerUser(phone);
  return { phone, token };
}

async function registeredWithEnterprise(name: string) {
  const { phone, token } = await registered();
  const next = await t.createEnterprise(token, name);
  const info = await t.ok('/Sys/Staff/GetUserInfo', {}, next);
  return { phone, token: next, userId: info.user.id as string };
}
