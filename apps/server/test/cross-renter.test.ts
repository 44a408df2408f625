/**
 * Every endpoint of the contract that takes an id, called by renter A's owner with a real id of renter B, answers
 * exactly what it answers for an id that does not exist — and that answer is the endpoint's not-found refusal of that
 * very field (NOT_FOUND in cross-renter-answers.ts: '收货地址不存在' for an address id, not a refusal of some other field
 * that came first) — and leaves B's rows as they were (issue 13 §4). The rest of each body is A's own valid rows
 * (BODIES, OWN_ID), so the id under test is the only reason left to refuse. A filter field (a list's category, a
 * count's tag) answers an empty result for a missing id, and some id of A's own answers otherwise. The customer
 * side's shop calls (`/h5/…`, `shop: true`) are called instead by A's member and by a visitor on A's shop, and with
 * A's member token on B's shop (last describe).
 *
 * Nothing here lists the endpoints: they come from the contract, their id fields from their zod schemas (keys named
 * id, ids, *Id, *Ids, *ID, *GUID, at any depth). What a field may name comes from ID_SOURCES, its answer from
 * NOT_FOUND; a field missing from either fails the test, so a new endpoint cannot escape it. The rest of each body is
 * made up from its schema (SAMPLES where a made-up value would not pass it).
 */
import { randomUUID } from 'node:crypto';
import { contract, EXPIRED_MSG, type Endpoint, type EndpointMap, SHOP_HEADER, VISITOR_HEADER } from '@shop/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE } from '@/core/errors';
import { goods, roles, staff } from '@/db/schema';
import { buyerOf, h5, paidOrder } from './after-sales-fixtures';
import { FILTERED, NOT_FOUND } from './cross-renter-answers';
import { ALL, BODIES, ID_SOURCES, NOT_TENANT_IDS, OWN_ID, type Own } from './cross-renter-cases';
import { type Answer, getAt, idPaths, makeUp, send, setAt } from './cross-renter-walk';
import { ADDRESS, makeGoods, openEveryMethod } from './goods-orders-fixtures';
import { makeApp, newPhone, type Person, type TestApp } from './helper';
import { idsOf, snapshotOf, twoRenters } from './tenant-fixtures';

// ---- The test ----

let t: TestApp;
let a: Person;
let b: Person;
/** B's ids, and A's, by table. */
const idsB = new Map<string, string[]>();
const idsA = new Map<string, string[]>();
let own: Own;

beforeAll(async () => {
  t = await makeApp();
  [a, b] = await twoRenters(t);
  for (const table of ALL) {
    idsB.set(table, await idsOf(t.db, table, b.renterId));
    idsA.set(table, await idsOf(t.db, table, a.renterId));
  }
  // Users are not a tenant table: B's are its staff.
  idsB.set('users', [b.userId]);
  idsA.set('users', [a.userId]);
  // A's member with a cart line, an address and two paid orders (one with a 退货退款 request), every method on.
  await openEveryMethod(t, a.renterId);
  const member = await buyerOf(t, a.renterId);
  const g = await makeGoods(t, a.renterId, { stock: 50 });
  const cart = await h5(t, member, '/h5/Cart/Add', { skuId: g.skuId, qty: 1 });
  const address = await h5(t, member, '/h5/Address/Save', ADDRESS);
  const paid = await paidOrder(t, a.renterId, member);
  const other = await paidOrder(t, a.renterId, member);
  const parcel = { companyCode: 'SF', trackingNo: 'SF2000001', items: [] };
  await t.ok('/Order/GoodsOrder/AddLogistics', { id: other.id, parcels: [parcel] }, a.token);
  const sale = await h5(t, member, '/h5/AfterSale/Apply', {
    orderId: other.id,
    type: 2,
    items: [{ lineId: other.lineIds[0], qty: 1 }],
    reason: '不想要了',
  });
  const [clerk] = await t.db
    .select()
    .from(roles)
    .where(and(eq(roles.renterId, a.renterId), eq(roles.isOwner, false)));
  const [clerkStaff] = await t.db.select().from(staff).where(eq(staff.roleId, clerk.id));
  const receiverPhone = newPhone();
  await t.registerUser(receiverPhone);
  own = {
    ids: idsA,
    member,
    cartId: cart.body.data.id,
    addressId: address.body.data.id,
    skuId: g.skuId,
    paidOrder: paid.id,
    returnSale: sale.body.data.id,
    clerkRole: clerk.id,
    clerkStaff: clerkStaff.id,
    receiverPhone,
    ownerPhone: a.phone,
    ownerToken: a.token,
  };
}, 120_000);
afterAll(() => t.close());

const ENDPOINTS = Object.values(contract).flatMap((m) => Object.values(m as EndpointMap));
const fieldKey = (path: string) => path.split('.').at(-1) ?? path;
/** The customer-side calls of one shop (`shop-id` header): walked as renter A's member and visitor below. */
const SHOP_SIDE = ENDPOINTS.filter((e) => e.actor !== undefined && 'shop' in e && e.shop === true);
/** Everything else, walked as renter A's owner. */
const STAFF_SIDE = ENDPOINTS.filter((e) => !SHOP_SIDE.includes(e));
/** The id fields walked of an endpoint. */
const walked = (e: Endpoint) =>
  NOT_TENANT_IDS.has(`${e.path} *`) ? [] : idPaths(e.body).filter((p) => !NOT_TENANT_IDS.has(`${e.path} ${p}`));

type Body = Record<string, unknown>;
/**
 * The bodies of a case, by the id at the field under test: made up from the schema, the other id fields A's own rows
 * (OWN_ID, else the field's first ID_SOURCES table), BODIES' values over that; a customer's body gets a phone of its
 * own (a code sent to one phone must not hold the next call back).
 */
async function bodiesOf(e: Endpoint, field: string, customer: boolean): Promise<(value: string) => Body> {
  const extra = { ...(await BODIES[e.path]?.(own, t)), ...(await BODIES[`${e.path} ${field}`]?.(own, t)) };
  return (value) => {
    const body = makeUp(e.body, '', '', (path, key) => {
      if (path === field) return value;
      const table = OWN_ID[`${e.path} ${path}`] ?? (key === 'id' || key === 'ids' ? OWN_ID[e.path] : ID_SOURCES[key]?.[0]);
      return table ? idsA.get(table)?.[0] : undefined;
    }) as Body;
    const atField = getAt(body, field);
    for (const [k, v] of Object.entries(structuredClone(extra)))
      if (v === undefined) delete body[k];
      else body[k] = v;
    setAt(body, field, atField);
    if (customer && 'phone' in body) body.phone = newPhone();
    // A request key of its own: a call that went through would answer every later one with its order.
    if ('requestKey' in body) body.requestKey = `cross-renter-${randomUUID()}`;
    return body;
  };
}

/**
 * One case: the missing id answers the field's NOT_FOUND answer (for a filter: some id of A's own answers
 * otherwise), each kind of B's ids answers exactly the same, and B's rows stay as they were.
 */
async function walk(e: Endpoint, field: string, bodyWith: (value: string) => Body, call: (body: Body) => Promise<Answer>) {
  const expected = NOT_FOUND[`${e.path} ${field}`];
  expect(expected, `add '${e.path} ${field}' to NOT_FOUND in test/cross-renter-answers.ts`).toBeDefined();
  const parsed = e.body.safeParse(bodyWith(randomUUID()));
  expect(
    parsed.success,
    `the made-up body of ${e.path} does not pass its schema: add SAMPLES for ${JSON.stringify(parsed.error?.issues.map((i) => i.path.join('.')))}`,
  ).toBe(true);
  const tables = ID_SOURCES[fieldKey(field)] ?? [];
  const before = await snapshotOf(t.db, b.renterId);
  const missing = await call(bodyWith(randomUUID()));
  if (expected === FILTERED) {
    // The first of A's own ids of the field that the filter finds (a generic `ids`: the table OWN_ID names).
    const generic = ['id', 'ids'].includes(fieldKey(field)) ? OWN_ID[e.path] : undefined;
    let found = false;
    for (const table of generic ? [generic] : tables)
      for (const id of table === 'users' ? [a.userId] : await idsOf(t.db, table, a.renterId, 50))
        if (!found) found = JSON.stringify(await call(bodyWith(id))) !== JSON.stringify(missing);
    expect(found, `one of A's own ${tables.join('/')} ids should answer otherwise than a missing one`).toBe(true);
  } else {
    const answer = typeof expected === 'string' ? { code: CODE.notFound, msg: expected } : expected;
    expect(missing).toEqual({ status: 200, type: 'application/json', ...answer });
  }
  const wrong: string[] = [];
  for (const table of tables)
    for (const id of (idsB.get(table) ?? []).slice(0, 1)) {
      const foreign = await call(bodyWith(id));
      if (JSON.stringify(foreign) !== JSON.stringify(missing))
        wrong.push(`B's ${table} ${id}: ${JSON.stringify(foreign).slice(0, 300)} ≠ missing ${JSON.stringify(missing).slice(0, 300)}`);
    }
  expect(wrong).toEqual([]);
  expect(await snapshotOf(t.db, b.renterId)).toEqual(before);
}

describe('another renter’s id gets what a missing id gets: the not-found of that id', () => {
  it('has a row of every tenant table for renter B', () => {
    for (const [table, ids] of idsB) expect(ids.length, `add a row of ${table} to tenantRows (test/tenant-fixtures.ts)`).toBeGreaterThan(0);
  });

  it('knows what every id field of the contract names, and what a missing one answers', () => {
    const unknown = ENDPOINTS.flatMap((e) =>
      idPaths(e.body)
        .filter((p) => !NOT_TENANT_IDS.has(`${e.path} *`) && !NOT_TENANT_IDS.has(`${e.path} ${p}`) && !(fieldKey(p) in ID_SOURCES))
        .map(
          (p) =>
            `${e.path} ${p}: add a resolver to ID_SOURCES in test/cross-renter-cases.ts (or, if it is not a tenant's id, to NOT_TENANT_IDS with why)`,
        ),
    );
    expect(unknown).toEqual([]);
    const cases = ENDPOINTS.flatMap((e) => walked(e).map((p) => `${e.path} ${p}`)).sort();
    expect(Object.keys(NOT_FOUND).sort(), 'NOT_FOUND (test/cross-renter-answers.ts) lists every id field walked, and no other').toEqual(
      cases,
    );
  });

  const cases = STAFF_SIDE.flatMap((e) => walked(e).map((field) => ({ e, field })));
  it.each(cases.map((c) => [`${c.e.path} ${c.field}`, c] as const))('%s', async (_name, { e, field }) => {
    await walk(e, field, await bodiesOf(e, field, false), (body) => send(t, e, body, a.token));
  });
});

/**
 * The customer side (`/h5/…`, actor member | visitor, the shop in the `shop-id` header). Renter A's member (and a
 * visitor) on A's shop calling with B's ids gets the not-found of that id, as for a missing id, and B's rows stay as
 * they were. On B's shop, A's member token is nobody: a member call answers as to an unknown token (401), a visitor
 * call answers exactly what a visitor without a token gets (B's public data, which anyone may see; B's member rows are
 * never reached). Every endpoint marked `shop: true` is walked; customer calls without a shop name no renter's row
 * (NOT_TENANT_IDS).
 */
describe('the customer side: another renter’s ids and shop', () => {
  let shopA: string;
  let shopB: string;
  let visitorA: string;

  beforeAll(async () => {
    shopA = own.member.shop;
    [shopB] = idsB.get('shops') ?? [];
    // B's goods the walk names is on the shelf: a customer of any shop could see it if the renter were not checked.
    await t.db
      .update(goods)
      .set({ status: 1 })
      .where(eq(goods.id, idsB.get('goods')?.[0] ?? ''));
    visitorA = (await t.ok('/h5/Visitor/Issue', {})).visitor;
  });

  it('walks the shop calls of the contract (the list is not empty by mistake)', () => {
    const paths = SHOP_SIDE.map((e) => e.path);
    expect(paths).toEqual(expect.arrayContaining(['/h5/Member/GetProfile', '/h5/Goods/GetList', '/h5/Goods/GetDetail']));
    expect(paths.every((p) => p.startsWith('/h5/'))).toBe(true);
  });

  const callers = [
    ['member', () => ({ token: own.member.token, headers: {} })],
    ['visitor', () => ({ token: '', headers: { [VISITOR_HEADER]: visitorA } })],
  ] as const;
  const idCases = SHOP_SIDE.flatMap((e) =>
    walked(e).flatMap((field) =>
      callers.filter(([who]) => who === 'member' || e.actor === 'visitor').map(([who, as]) => ({ e, field, who, as })),
    ),
  );

  it.each(idCases.map((c) => [`${c.e.path} ${c.field} as A’s ${c.who}`, c] as const))('%s', async (_name, { e, field, as }) => {
    const { token, headers } = as();
    await walk(e, field, await bodiesOf(e, field, true), (body) => send(t, e, body, token, { ...headers, [SHOP_HEADER]: shopA }));
  });

  it.each(SHOP_SIDE.map((e) => [e.path, e] as const))('%s with A’s member token on B’s shop', async (_path, e) => {
    const made = () => makeUp(e.body, '', '', (_p, key) => (ID_SOURCES[key] ? idsB.get(ID_SOURCES[key][0])?.[0] : undefined)) as Body;
    const body = () => {
      const x = made();
      return 'phone' in x ? { ...x, phone: newPhone() } : x;
    };
    const onB = { [SHOP_HEADER]: shopB };
    const before = await snapshotOf(t.db, b.renterId);
    const asMemberA = await send(t, e, body(), own.member.token, onB);
    if (e.actor === 'member') {
      // Refused like a token nobody issued; nothing of B's changed.
      expect(asMemberA).toEqual(await send(t, e, body(), randomUUID(), onB));
      expect(asMemberA).toMatchObject({ status: 401, code: 401, msg: EXPIRED_MSG });
      expect(await snapshotOf(t.db, b.renterId)).toEqual(before);
    } else {
      // What a visitor without a token gets of B: its public data, no more.
      expect(asMemberA).toEqual(await send(t, e, body(), '', onB));
    }
  });
});
