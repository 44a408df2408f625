import { randomUUID } from 'node:crypto';
import { contract, type EndpointMap } from '@shop/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_KEY_MSG, IDEMPOTENCY_REUSED_MSG, purgeIdempotencyKeys } from '@/core/idempotency';
import { forms, goods, idempotencyKeys, renterBuys, returnAddresses, roles } from '@/db/schema';
import { AREA, formInput, makeApp, type Person, type TestApp } from './helper';
import { raceIt } from './race';

// Issue 12 item 9: a double click on 发布商品 (no goods number given) made two goods. Creations the console may repeat
// take an Idempotency-Key: the first call with a key runs, a repeat (also a parallel one) gets the first answer.

let t: TestApp;
let owner: Person;
let other: Person;

beforeAll(async () => {
  t = await makeApp();
  [owner, other] = await Promise.all([t.registerOwner('幂等店'), t.registerOwner('隔壁幂等店')]);
});
afterAll(() => t.close());

async function post(path: string, body: unknown, who: Person, key?: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: path,
    payload: body as object,
    headers: { token: who.token, ...(key === undefined ? {} : { 'idempotency-key': key }) },
  });
  expect(res.statusCode).toBe(200);
  return res.json() as { code: number; msg: string; data: { id?: string } & Record<string, unknown> };
}

/** The same call sent n times at once, as a double click or a retry racing the first. */
const parallel = (n: number, path: string, body: unknown, who: Person, key?: string) =>
  Promise.all(Array.from({ length: n }, () => post(path, body, who, key)));

const goodsTitled = async (renterId: string, title: string) =>
  t.db
    .select()
    .from(goods)
    .where(and(eq(goods.renterId, renterId), eq(goods.title, title)));

describe('Idempotency-Key on goods creation', () => {
  raceIt('creates one goods for two parallel calls with one key, and answers both with it', async () => {
    const body = { title: '双击的商品', skus: [{ price: 9.9, stock: 5 }] };
    const key = randomUUID();
    const [a, b] = await parallel(2, '/Goods/Goods/save', body, owner, key);
    expect(a.code).toBe(0);
    expect(b).toEqual(a);
    expect(await goodsTitled(owner.renterId, '双击的商品')).toHaveLength(1);
    // A later repeat (the retry after a lost answer) too.
    expect(await post('/Goods/Goods/save', body, owner, key)).toEqual(a);
    expect(await goodsTitled(owner.renterId, '双击的商品')).toHaveLength(1);
  });

  raceIt('still runs 10 parallel repeats once', async () => {
    const body = { title: '连点十次', skus: [{ price: 1, stock: 1 }] };
    const answers = await parallel(10, '/Goods/Goods/save', body, owner, randomUUID());
    for (const a of answers) expect(a).toEqual(answers[0]);
    expect(await goodsTitled(owner.renterId, '连点十次')).toHaveLength(1);
  });

  it('creates one goods per key: a new action is a new key, and a call without one always runs', async () => {
    const body = { title: '两次发布', skus: [{ price: 1, stock: 1 }] };
    await post('/Goods/Goods/save', body, owner, randomUUID());
    await post('/Goods/Goods/save', body, owner, randomUUID());
    await post('/Goods/Goods/save', body, owner);
    expect(await goodsTitled(owner.renterId, '两次发布')).toHaveLength(3);
  });

  it('refuses a key reused for another body or endpoint, and a malformed key', async () => {
    const key = randomUUID();
    expect((await post('/Goods/Goods/save', { title: '第一件', skus: [{ price: 1, stock: 1 }] }, owner, key)).code).toBe(0);
    expect(await post('/Goods/Goods/save', { title: '第二件', skus: [{ price: 1, stock: 1 }] }, owner, key)).toMatchObject({
      code: 1001,
      msg: IDEMPOTENCY_REUSED_MSG,
    });
    expect(await post('/Goods/GoodUnit/save', { name: '箱' }, owner, key)).toMatchObject({ code: 1001, msg: IDEMPOTENCY_REUSED_MSG });
    expect(await goodsTitled(owner.renterId, '第二件')).toHaveLength(0);
    for (const bad of ['short', 'has space inside it', 'x'.repeat(101), '中文的幂等键中文的幂等键']) {
      expect(await post('/Goods/GoodUnit/save', { name: '盒' }, owner, bad)).toMatchObject({ code: 1001, msg: IDEMPOTENCY_KEY_MSG });
    }
  });

  it("keeps one user's key apart from another enterprise's", async () => {
    const key = randomUUID();
    const body = { title: '同一个键', skus: [{ price: 1, stock: 1 }] };
    await post('/Goods/Goods/save', body, owner, key);
    await post('/Goods/Goods/save', body, other, key);
    expect(await goodsTitled(owner.renterId, '同一个键')).toHaveLength(1);
    expect(await goodsTitled(other.renterId, '同一个键')).toHaveLength(1);
  });

  it('forgets a refused first call, so the same action can be tried again', async () => {
    const key = randomUUID();
    const body = { title: '稍后补库存', skus: [{ price: 1, stock: 1 }], goodsNo: 'IDEM-DUP-1' };
    expect((await post('/Goods/Goods/save', body, owner)).code).toBe(0);
    // The goods number is taken: refused, and the key is not kept.
    const refused = await post('/Goods/Goods/save', { ...body, title: '重复编号' }, owner, key);
    expect(refused.code).not.toBe(0);
    expect(await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))).toHaveLength(0);
  });

  it('runs a key again after 24 hours, and the timed purge forgets it', async () => {
    const key = randomUUID();
    const body = { title: '隔天再发', skus: [{ price: 1, stock: 1 }] };
    await post('/Goods/Goods/save', body, owner, key);
    await t.db.update(idempotencyKeys).set({ createdAt: sql`now() - interval '25 hours'` }).where(eq(idempotencyKeys.key, key));
    await post('/Goods/Goods/save', body, owner, key);
    expect(await goodsTitled(owner.renterId, '隔天再发')).toHaveLength(2);
    await t.db.update(idempotencyKeys).set({ createdAt: sql`now() - interval '25 hours'` }).where(eq(idempotencyKeys.key, key));
    expect(await purgeIdempotencyKeys(t.db)).toBeGreaterThanOrEqual(1);
    expect(await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))).toHaveLength(0);
  });
});

describe('the other creations the console may repeat', () => {
  raceIt('复制 copies once per key', async () => {
    const { data } = await post('/Goods/Goods/save', { title: '原件', skus: [{ price: 1, stock: 1 }] }, owner);
    const [a, b] = await parallel(2, '/Goods/Goods/copy', { id: data.id }, owner, randomUUID());
    expect(a.code).toBe(0);
    expect(b).toEqual(a);
    const all = await t.db.select().from(goods).where(eq(goods.renterId, owner.renterId));
    expect(all.filter((g) => g.title.startsWith('原件'))).toHaveLength(2);
  });

  raceIt('a role, a return address and a form are each created once', async () => {
    const role = await parallel(2, '/Sys/Role/SaveRole', { name: '双击岗位', remark: '', grants: ['form'] }, owner, randomUUID());
    expect(role[1]).toEqual(role[0]);
    expect(
      await t.db
        .select()
        .from(roles)
        .where(and(eq(roles.renterId, owner.renterId), eq(roles.name, '双击岗位'))),
    ).toHaveLength(1);

    const address = { name: '双击仓', phone: '13912345678', area: AREA, address: '双击路 1 号' };
    const addr = await parallel(2, '/Config/Shop/SaveReturnAddress', address, owner, randomUUID());
    expect(addr[0].code).toBe(0);
    expect(addr[1]).toEqual(addr[0]);
    expect(
      await t.db
        .select()
        .from(returnAddresses)
        .where(and(eq(returnAddresses.renterId, owner.renterId), eq(returnAddresses.name, '双击仓'))),
    ).toHaveLength(1);

    const form = await parallel(2, '/FromRep/FormReposi/SaveFrom', formInput({ formName: '双击表单' }), owner, randomUUID());
    expect(form[0].code).toBe(0);
    expect(form[1]).toEqual(form[0]);
    expect(
      await t.db
        .select()
        .from(forms)
        .where(and(eq(forms.renterId, owner.renterId), eq(forms.name, '双击表单'))),
    ).toHaveLength(1);
  });

  raceIt('RenterBuy opens one order and answers both clicks with its QR code', async () => {
    const product = await t.ok('/api/Login/GetBuyInfo', {}, other.token);
    const body = { ProductLineGUID: product.ProductLineGUID, CustomerGUID: other.renterId, MdOrNf: 2, BuyNS: 1, BuyYHS: 0 };
    const [a, b] = await parallel(2, '/api/Login/RenterBuy', body, other, randomUUID());
    expect(a.code).toBe(0);
    expect(b).toEqual(a);
    expect(await t.db.select().from(renterBuys).where(eq(renterBuys.renterId, other.renterId))).toHaveLength(1);
  });

  it('is documented at /docs as a header of the marked calls', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json() as {
      paths: Record<string, Record<string, { parameters?: { name: string; in: string }[] }>>;
    };
    expect(doc.paths['/Goods/Goods/save'].post.parameters).toEqual([expect.objectContaining({ name: 'Idempotency-Key', in: 'header' })]);
    expect(doc.paths['/Goods/Goods/updateState'].post.parameters).toBeUndefined();
  });

  it('is declared on logged-in POST creations only', () => {
    const marked = Object.values(contract).flatMap((m) => Object.values(m as EndpointMap).filter((e) => e.idempotent));
    expect(marked.map((e) => e.path)).toEqual(
      expect.arrayContaining([
        '/Goods/Goods/save',
        '/Goods/Goods/copy',
        '/FromRep/FormReposi/SaveFrom',
        '/Sys/Staff/RenterSave',
        '/Sys/Role/SaveRole',
        '/api/Login/RenterBuy',
        '/Config/Shop/SaveReturnAddress',
      ]),
    );
    for (const e of marked) {
      expect(e.method).toBe('POST');
      expect(e.permission).not.toBe('public');
      expect(e.blob).toBeFalsy();
    }
  });
});
