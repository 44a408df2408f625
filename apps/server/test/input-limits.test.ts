// Hardening of what a request may carry (issue 12 items 5-7): body limits per endpoint, bad text refused naming the
// field, bounded validation answers, and no bind values in the log.
import { Writable } from 'node:stream';
import { SHOP_HEADER } from '@shop/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '@/app';
import { loadConfig } from '@/config';
import { shops } from '@/db/schema';
import { ENDPOINTS, formInput, makeApp, newPhone, type Person, type TestApp } from './helper';

let t: TestApp;
let owner: Person;
/** A second app on the same database whose log lines are kept. */
let logged: FastifyInstance;
const lines: string[] = [];

beforeAll(async () => {
  t = await makeApp();
  owner = await t.registerOwner('输入检查店');
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const config = { ...loadConfig({ SEED_DEMO: '0', LOG_LEVEL: 'info' }), dataDir: t.config.dataDir };
  ({ app: logged } = await buildApp({ config, database: t.database, realtime: false, logger: { level: 'info', stream } }));
  await logged.ready();
});
afterAll(async () => {
  await logged.close();
  await t.close();
});

const post = async (app: FastifyInstance, url: string, payload: unknown, token?: string) => {
  const res = await app.inject({ method: 'POST', url, payload: payload as object, headers: token ? { token } : {} });
  return { status: res.statusCode, raw: res.body, body: res.json() };
};

describe('body size', () => {
  it('refuses a 1 MB body to a public call before reading it, in the envelope', async () => {
    const r = await post(t.app, '/api/Login/LoginByPwd', { phone: newPhone(), pwd: 'x'.repeat(1024 * 1024) });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ code: 1001, msg: '请求数据过大' });
  });

  it('refuses 100 KB to an ordinary staff call, and a 20 KB body to a public one', async () => {
    const big = await post(t.app, '/Index/Home/SaveProfile', { name: '张三', pad: 'x'.repeat(100 * 1024) }, owner.token);
    expect(big.body).toMatchObject({ code: 1001, msg: '请求数据过大' });
    const pub = await post(t.app, '/api/Login/getSmsCode', { phone: newPhone(), type: 1, pad: 'x'.repeat(20 * 1024) });
    expect(pub.body).toMatchObject({ code: 1001, msg: '请求数据过大' });
  });

  it('still saves a goods with a rich-text description of realistic size (150,000 characters)', async () => {
    const paragraph = `<p>这款商品采用优质面料，做工精细，穿着舒适。<img src="/file/x/2025/01/a.png"></p>`;
    const description = paragraph.repeat(Math.ceil(150_000 / paragraph.length)).slice(0, 150_000);
    const saved = await t.ok(
      '/Goods/Goods/save',
      { title: '长详情商品', description, skus: [{ specValues: {}, price: 10, stock: 1 }] },
      owner.token,
    );
    const detail = await t.ok('/Goods/Goods/detail', { id: saved.id }, owner.token);
    expect(detail.description.length).toBeGreaterThan(100_000);
  });

  it('still saves a form designer payload of 50 fields with 30 options each', async () => {
    const fields = Array.from({ length: 50 }, (_, i) => ({
      id: `f${i}`,
      label: `字段${i}`,
      kind: 7,
      options: Array.from({ length: 30 }, (_, j) => `选项${i}-${j}：一段比较长的选项说明文字`),
    }));
    expect(Buffer.byteLength(JSON.stringify(fields))).toBeGreaterThan(64 * 1024);
    expect((await t.call('/FromRep/FormReposi/SaveFrom', formInput({ fields }), owner.token)).body.code).toBe(0);
  });
});

describe('bad text', () => {
  const MARK = 'MARK7391';
  const cases: [string, (bad: string) => Record<string, unknown>, string][] = [
    ['/Goods/Goods/save', (bad) => ({ title: `${MARK}${bad}`, skus: [{ specValues: {}, price: 1, stock: 1 }] }), '商品名称：包含无效字符'],
    ['/FromRep/FormReposi/SaveFrom', (bad) => formInput({ formName: `${MARK}${bad}` }), '表单名称：包含无效字符'],
    ['/Index/Home/SaveProfile', (bad) => ({ name: `${MARK}${bad}` }), '姓名：包含无效字符'],
    ['/Goods/Goods/list', (bad) => ({ keyword: `${MARK}${bad}` }), '关键字：包含无效字符'],
    [
      '/Goods/Goods/save',
      (bad) => ({ title: '好', skus: [{ specValues: {}, price: 1, stock: 1, code: `${MARK}${bad}` }] }),
      '规格编码：包含无效字符',
    ],
  ];

  it('refuses a NUL or a lone surrogate in any string at any depth, naming the field, and logs nothing of it', async () => {
    for (const bad of ['\u0000', '\ud800', '\udc00x']) {
      for (const [path, body, msg] of cases) {
        const r = await post(logged, path, body(bad), owner.token);
        expect(r.body, `${path} ${JSON.stringify(bad)}`).toMatchObject({ code: 1001, msg });
        expect(r.body.data.errors).toHaveLength(1);
      }
    }
    // A public call too: the customer's answers of a form.
    const r = await post(logged, '/Order/FromOrder/Create', {
      id: '00000000-0000-4000-8000-000000000000',
      visitor: 'visitor-123',
      answers: { name: `${MARK}\u0000` },
    });
    expect(r.body).toMatchObject({ code: 1001, data: { errors: [{ field: 'answers.name' }] } });
    expect(r.body.msg).toMatch(/：包含无效字符$/);
    expect(lines.join('')).not.toContain(MARK);
  });

  it('is refused by every endpoint of the contract before its handler runs', async () => {
    // Customer-side calls name the shop and carry a member's token (a staff token is no token there).
    const [shop] = await t.db.select().from(shops).where(eq(shops.renterId, owner.renterId)).limit(1);
    const phone = newPhone();
    await t.call('/h5/Member/SendCode', { phone }, undefined, { [SHOP_HEADER]: shop.id });
    const member = await t.call('/h5/Member/LoginBySms', { phone, code: t.smsCode(phone) }, undefined, { [SHOP_HEADER]: shop.id });
    const customer = { token: member.body.data.token, [SHOP_HEADER]: shop.id };
    for (const e of ENDPOINTS.values()) {
      const shape = (e.body as unknown as { shape?: Record<string, unknown> }).shape ?? {};
      const body = Object.fromEntries([...Object.keys(shape), 'probe'].map((k) => [k, `${MARK}\u0000`]));
      const res = await logged.inject({
        method: e.method,
        url: e.path,
        headers: e.actor ? customer : { token: owner.token },
        ...(e.method === 'GET' ? { query: body } : { payload: body }),
      });
      expect(res.json(), e.path).toMatchObject({ code: 1001 });
      expect(res.json().msg, e.path).toMatch(/包含无效字符$/);
    }
    expect(lines.join('')).not.toContain(MARK);
  });

  it('refuses bad text in a key too, and walks a deeply nested body without failing', async () => {
    const r = await post(t.app, '/Order/FromOrder/Create', {
      id: '00000000-0000-4000-8000-000000000000',
      visitor: 'visitor-123',
      answers: { 'name\u0000': '张三' },
    });
    expect(r.body).toMatchObject({ code: 1001, msg: '字段名称：包含无效字符', data: { errors: [{ field: 'answers' }] } });
    const deep = `{"keyword":${'['.repeat(5000)}"x\\u0000"${']'.repeat(5000)}}`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/Goods/Goods/list',
      payload: deep,
      headers: { token: owner.token, 'content-type': 'application/json' },
    });
    expect(res.json().code).toBe(1001);
  });

  it('keeps a well-formed pair (an emoji) as text', async () => {
    expect((await post(t.app, '/Index/Home/SaveProfile', { name: '张三😀' }, owner.token)).body.code).toBe(0);
  });

  it('never logs the values a failed query was bound with', async () => {
    const secret = 'BOUND-SECRET-4242';
    const err = await t.db.execute(sql`select ${secret}::text from no_such_table_here`).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    logged.log.error({ err }, 'request failed');
    const out = lines.join('');
    expect(out).toContain('no_such_table_here');
    expect(out).not.toContain(secret);
  });
});

describe('validation answers', () => {
  it('list at most 10 errors of bounded size, never echoing what was sent', async () => {
    const MARK = 'ECHO5150';
    const ids = Array.from({ length: 150 }, (_, i) => `${MARK}-${i}-${'y'.repeat(300)}`);
    const r = await post(t.app, '/UpFile/GetFileName', { ids }, owner.token);
    expect(r.body.code).toBe(1001);
    expect(r.body.data.errors.length).toBeLessThanOrEqual(10);
    for (const e of r.body.data.errors) expect(e.msg.length).toBeLessThanOrEqual(200);
    expect(r.raw.length).toBeLessThan(4096);
    expect(r.raw).not.toContain(MARK);
  });

  it('names unknown keys of a strict object without repeating them', async () => {
    const { z } = await import('zod');
    const { parseBody } = await import('@/core/validation');
    const r = parseBody(z.strictObject({ a: z.string() }), { a: 'x', ECHO_KEY_77: 1 });
    expect(r.success).toBe(false);
    expect(JSON.stringify(r)).not.toContain('ECHO_KEY_77');
  });
});
