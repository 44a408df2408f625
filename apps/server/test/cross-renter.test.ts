/**
 * Every endpoint of the contract that takes an id, called by renter A's owner with a real id of renter B, answers
 * exactly what it answers for an id that does not exist, and leaves B's rows as they were (issue 13 §4). The customer
 * side's shop calls (`/h5/…`, `shop: true`) are called instead by A's member and by a visitor on A's shop, and with
 * A's member token on B's shop (last describe).
 *
 * Nothing here lists the endpoints: they come from the contract, their id fields from their zod schemas (keys named
 * id, ids, *Id, *Ids, *ID, *GUID, at any depth). What a field may name comes from ID_SOURCES, in one place; a field it
 * does not know fails the test, so a new endpoint cannot escape it. The rest of each body is made up from its schema
 * (SAMPLES where a made-up value would not pass it).
 */
import { randomUUID } from 'node:crypto';
import { contract, EXPIRED_MSG, type Endpoint, type EndpointMap, SHOP_HEADER, VISITOR_HEADER } from '@shop/contract';
import { eq } from 'drizzle-orm';
import { goods } from '@/db/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePng, multipart } from '@/modules/files/files.fixtures';
import { AREA, FORM_FIELDS, makeApp, newPhone, type Person, type TestApp } from './helper';
import { ID_TABLES, idsOf, snapshotOf, twoRenters } from './tenant-fixtures';

// ---- Which fields are ids, and what they may name ----

const ID_KEY = /^(id|ids)$|(Id|Ids|ID|IDs|GUID)$/;

/**
 * What an id field may name: the tenant tables whose ids to try. `id` and `ids` are generic (a goods, a role, a
 * directory… depending on the endpoint): every kind of B's ids is tried, so the right one always is.
 */
const ALL = [...ID_TABLES.keys(), 'renters'];
const ID_SOURCES: Record<string, string[]> = {
  id: ALL,
  ids: ALL,
  excludeId: ['goods_types'],
  excludeIds: ['goods'],
  parentId: ['goods_types', 'file_dirs'],
  dirId: ['file_dirs'],
  categoryId: ['goods_types'],
  unitId: ['goods_units'],
  goodsId: ['goods'],
  skuId: ['goods_skus'],
  activityId: ['goods_activities'],
  roleId: ['roles'],
  shopId: ['shops'],
  userId: ['users'],
  // 核销记录's staff filter (a user id: another renter's staff filters to nothing, like a missing one).
  staffUserId: ['users'],
  formId: ['forms'],
  formID: ['forms'],
  orderId: ['form_orders', 'goods_orders'],
  levelId: ['member_levels'],
  OrderGUID: ['renter_buys'],
  CustomerGUID: ['renters'],
  levelIds: ['member_levels'],
  tagIds: ['member_tags'],
  cardIds: ['vip_cards'],
  groupId: ['member_groups'],
  cardId: ['vip_cards'],
  memberIds: ['members'],
  memberId: ['members'],
  tagId: ['member_tags'],
  // Goods orders, customer side (H5). Pick-up points are the delivery module's table (none on this branch yet).
  cartIds: ['carts'],
  addressId: ['member_addresses', 'return_addresses'],
  pickupPointId: ['pickup_points'],
  staffIds: ['staff'],
  freightTemplateId: ['freight_templates'],
  // Level and rights-card orders' filter: the paid level or card bought.
  itemId: ['member_levels', 'vip_cards'],
  // goods orders: the console (H4) — a parcel's lines
  lineId: ['goods_order_lines'],
};

/**
 * Id fields that do not name a tenant's row, or endpoints that serve any renter by design. `path field` or `path *`.
 */
const NOT_TENANT_IDS = new Set([
  // The public form pages (anyone with the link, no session): the form id is the link itself.
  '/Order/FromOrder/GetFromInfo *',
  '/Order/FromOrder/GetSubmitNum *',
  '/Order/FromOrder/Create *',
  '/Order/FromOrder/UpLoad *',
  // The customer's own order, proven by the visitor id beside it (form-orders.test.ts).
  '/Order/FromOrder/GetSubmitCode *',
  // A form's field keys, chosen by the form's author.
  '/FromRep/FormReposi/SaveFrom fields.[].id',
  // A product or app of the shared catalogue.
  '/api/Login/RenterBuy ProductLineGUID',
  '/api/Login/GetBuyInfo ProductLineGUID',
  // A waybill package of the shared catalogue.
  '/LesseePick/LesseePick/Charge packageId',
  // The WeChat Pay merchant number, typed by the merchant.
  '/Config/Shop/SavePayMethod wxMchId',
]);

/** The `id` of an endpoint whose other id field is under test: A's own row of this table, so the call gets that far. */
const OWN_ID: Record<string, string> = {
  '/Goods/Goods/editprice': 'goods',
  '/Goods/GoodsActivity/actGoodsSkuList': 'goods_activities',
  '/Sys/Staff/UpdateStaff': 'staff',
  '/Goods/Goods/BatchEditGoodsStock': 'goods',
  '/Goods/Goods/BatchEditGoodsLogistics': 'goods',
  '/UpFile/Material/MoveFiles': 'files',
  '/Client/ClientQuery/AddToGroup': 'members',
  '/Config/Tags/CreateTgas': 'members',
  '/Config/Tags/DeleteTgs': 'members',
  // A's member, so that the paid level under test is what is looked up.
  '/Client/ClientQuery/MemberOper': 'members',
  // A rule's tag ids (rule.items.[].ids) get A's own tag.
  '/Config/Tags/save': 'member_tags',
  '/Config/Tags/getScoreUIDS': 'member_tags',
  '/Client/Customer/SaveGroup': 'member_tags',
  // goods orders: the console (H4) — A's order, so the parcel's line id under test is what is looked at
  '/Order/GoodsOrder/AddLogistics': 'goods_orders',
  // After-sales: A's request, so the 退货地址 id under test is what is looked up.
  '/Order/Service/CheckService': 'after_sales',
};

/** Values a made-up body needs where '测试' or 1 does not pass the schema, by key. */
const SAMPLES: Record<string, unknown> = {
  phone: '13912345678',
  area: AREA,
  pwd: 'abc12345',
  code: '123456',
  name: '测试名称',
  title: '测试标题',
  formName: '测试表单',
  url: 'https://img.example.com/a.png',
  urls: ['https://img.example.com/a.png'],
  data: `data:image/png;base64,${makePng().toString('base64')}`,
  fields: FORM_FIELDS,
  ownerCode: '123456',
  receiverCode: '123456',
  ProductLineGUID: 'social-pro',
  MdOrNf: 2,
  BuyNS: 1,
  pointsTimes: 10,
  bgColor: '#000000',
  textColor: '#ffffff',
  mapping: { phone: 0 },
  requestKey: 'cross-renter-tap',
  days: [1, 2],
  hours: [{ start: '09:00', end: '18:00' }],
  areas: ['44'],
  noDelivery: ['65'],
  companyCode: 'SF',
  trackingNo: 'SF123456',
};

// ---- Made-up bodies from zod schemas ----

// biome-ignore lint/suspicious/noExplicitAny: zod's internal definitions are walked generically
type Def = any;
const defOf = (s: unknown): Def => (s as { _zod?: { def: Def } })?._zod?.def;
const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional']);

/** Every id field's path in a schema: `id`, `list.[].id`. */
function idPaths(s: unknown, prefix = '', out: string[] = []): string[] {
  const d = defOf(s);
  if (!d) return out;
  if (d.type === 'object')
    for (const [k, v] of Object.entries(d.shape)) {
      if (ID_KEY.test(k)) out.push(`${prefix}${k}`);
      else idPaths(v, `${prefix}${k}.`, out);
    }
  else if (WRAPPERS.has(d.type)) idPaths(d.innerType, prefix, out);
  else if (d.type === 'pipe') idPaths(d.in, prefix, out);
  else if (d.type === 'array') idPaths(d.element, `${prefix}[].`, out);
  else if (d.type === 'union') for (const o of d.options) idPaths(o, prefix, out);
  else if (d.type === 'intersection') {
    idPaths(d.left, prefix, out);
    idPaths(d.right, prefix, out);
  }
  return [...new Set(out)];
}

const isOptional = (s: unknown): boolean => {
  const d = defOf(s);
  return d?.type === 'optional' || d?.type === 'default' || d?.type === 'prefault';
};

/**
 * A value of the schema: `given(path)` for the id fields, SAMPLES by key, else the simplest value of the type.
 * Optional keys other than ids are left out.
 */
function makeUp(s: unknown, path: string, key: string, given: (path: string, key: string) => unknown): unknown {
  const d = defOf(s);
  if (ID_KEY.test(key)) {
    const v = given(path, key) ?? SAMPLES[key];
    const array = unwrap(s)?.type === 'array';
    return array && !Array.isArray(v) && v !== undefined ? [v] : v;
  }
  if (key in SAMPLES) return SAMPLES[key];
  if (!d) return undefined;
  switch (d.type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(d.shape)) {
        const p = path ? `${path}.${k}` : k;
        if (isOptional(v) && !ID_KEY.test(k) && !idPaths(v).length) continue;
        const value = makeUp(v, p, k, given);
        if (value !== undefined) out[k] = value;
      }
      return out;
    }
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return makeUp(d.innerType, path, key, given);
    case 'pipe':
      // z.preprocess: the value is read by the schema after the transform.
      return makeUp(defOf(d.in)?.type === 'transform' ? d.out : d.in, path, key, given);
    case 'array':
      return [makeUp(d.element, `${path}.[]`, '', given)];
    case 'union':
      return makeUp(d.options[0], path, key, given);
    case 'string':
      return d.format === 'uuid' ? randomUUID() : '测试';
    case 'number':
    case 'int':
      return 1;
    case 'boolean':
      return false;
    case 'enum':
      return Object.values(d.entries)[0];
    case 'literal':
      return d.values[0];
    case 'record':
      return {};
    default:
      return null;
  }
}

function unwrap(s: unknown): Def {
  let d = defOf(s);
  while (d && (WRAPPERS.has(d.type) || d.type === 'pipe')) d = defOf(d.type === 'pipe' ? d.in : d.innerType);
  return d;
}

// ---- Calling ----

interface Answer {
  status: number;
  type: string;
  code?: number;
  msg?: string;
  data?: unknown;
}

async function send(
  t: TestApp,
  e: Endpoint,
  body: Record<string, unknown>,
  token: string,
  extra: Record<string, string> = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...(token ? { token } : {}), ...extra };
  let res: Awaited<ReturnType<TestApp['app']['inject']>>;
  if (e.multipart) {
    const parts = Object.entries(body).map(([name, v]) => ({ name, value: String(v) }));
    const m = multipart([...parts, { name: 'file', filename: 'a.png', type: 'image/png', data: makePng() }]);
    res = await t.app.inject({ method: 'POST', url: e.path, headers: { ...headers, ...m.headers }, payload: m.payload });
  } else if (e.method === 'GET') {
    res = await t.app.inject({ method: 'GET', url: e.path, headers, query: body as Record<string, string> });
  } else {
    res = await t.app.inject({ method: 'POST', url: e.path, headers, payload: body });
  }
  const type = String(res.headers['content-type'] ?? '').split(';')[0];
  if (type !== 'application/json') return { status: res.statusCode, type };
  const json = res.json();
  return { status: res.statusCode, type, code: json.code, msg: json.msg, ...(json.code === 0 ? { data: json.data } : {}) };
}

// ---- The test ----

let t: TestApp;
let a: Person;
let b: Person;
/** B's ids, and A's, by table. */
const idsB = new Map<string, string[]>();
const idsA = new Map<string, string[]>();

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
}, 60_000);
afterAll(() => t.close());

const ENDPOINTS = Object.values(contract).flatMap((m) => Object.values(m as EndpointMap));
const fieldKey = (path: string) => path.split('.').at(-1) ?? path;
/** The customer-side calls of one shop (`shop-id` header): walked as renter A's member and visitor below. */
const SHOP_SIDE = ENDPOINTS.filter((e) => e.actor !== undefined && 'shop' in e && e.shop === true);
/** Everything else, walked as renter A's owner. */
const STAFF_SIDE = ENDPOINTS.filter((e) => !SHOP_SIDE.includes(e));

describe('another renter’s id gets what a missing id gets', () => {
  it('has a row of every tenant table for renter B', () => {
    for (const [table, ids] of idsB) expect(ids.length, `add a row of ${table} to tenantRows (test/tenant-fixtures.ts)`).toBeGreaterThan(0);
  });

  it('knows what every id field of the contract names', () => {
    const unknown = ENDPOINTS.flatMap((e) =>
      idPaths(e.body)
        .filter((p) => !NOT_TENANT_IDS.has(`${e.path} *`) && !NOT_TENANT_IDS.has(`${e.path} ${p}`) && !(fieldKey(p) in ID_SOURCES))
        .map(
          (p) =>
            `${e.path} ${p}: add a resolver to ID_SOURCES in test/cross-renter.test.ts (or, if it is not a tenant's id, to NOT_TENANT_IDS with why)`,
        ),
    );
    expect(unknown).toEqual([]);
  });

  const cases = STAFF_SIDE.flatMap((e) =>
    NOT_TENANT_IDS.has(`${e.path} *`)
      ? []
      : idPaths(e.body)
          .filter((p) => !NOT_TENANT_IDS.has(`${e.path} ${p}`))
          .map((p) => ({ e, field: p })),
  );

  it.each(cases.map((c) => [`${c.e.path} ${c.field}`, c] as const))('%s', async (_name, { e, field }) => {
    const tables = ID_SOURCES[fieldKey(field)] ?? [];
    /** The body with `value` at the field under test and A's own rows (or nothing) at the other id fields. */
    const bodyWith = (value: string): Record<string, unknown> =>
      makeUp(e.body, '', '', (path, key) => {
        if (path === field) return value;
        const own = key === 'id' || key === 'ids' ? OWN_ID[e.path] : ID_SOURCES[key]?.[0];
        return own ? idsA.get(own)?.[0] : undefined;
      }) as Record<string, unknown>;

    const sample = bodyWith(randomUUID());
    const parsed = e.body.safeParse(sample);
    expect(
      parsed.success,
      `the made-up body of ${e.path} does not pass its schema: add SAMPLES for ${JSON.stringify(parsed.error?.issues.map((i) => i.path.join('.')))}`,
    ).toBe(true);

    const before = await snapshotOf(t.db, b.renterId);
    const missing = JSON.stringify(await send(t, e, bodyWith(randomUUID()), a.token));
    require('node:fs').appendFileSync(
      '/tmp/cr-dump.txt',
      `STAFF\t${e.path} ${field}\t${missing}\t${JSON.stringify(bodyWith('X')).slice(0, 400)}\n`,
    );
    const wrong: string[] = [];
    for (const table of tables)
      for (const id of (idsB.get(table) ?? []).slice(0, 1)) {
        const foreign = JSON.stringify(await send(t, e, bodyWith(id), a.token));
        if (foreign !== missing) wrong.push(`B's ${table} ${id}: ${foreign.slice(0, 300)} ≠ missing ${missing.slice(0, 300)}`);
      }
    expect(wrong).toEqual([]);
    expect(await snapshotOf(t.db, b.renterId)).toEqual(before);
  });
});

/**
 * The customer side (`/h5/…`, actor member | visitor, the shop in the `shop-id` header). Renter A's member (and a
 * visitor) on A's shop calling with B's ids gets what a missing id gets, and B's rows stay as they were. On B's shop,
 * A's member token is nobody: a member call answers as to an unknown token (401), a visitor call answers exactly what
 * a visitor without a token gets (B's public data, which anyone may see; B's member rows are never reached). Every
 * endpoint marked `shop: true` is walked; customer calls without a shop name no renter's row (NOT_TENANT_IDS).
 */
describe('the customer side: another renter’s ids and shop', () => {
  let shopA: string;
  let shopB: string;
  let memberA: string;
  let visitorA: string;

  /** A made-up body, with a phone of its own (a code sent to one phone must not hold the next call back). */
  const customerBody = (e: Endpoint, given: (path: string, key: string) => unknown): Record<string, unknown> => {
    const body = makeUp(e.body, '', '', given) as Record<string, unknown>;
    return 'phone' in body ? { ...body, phone: newPhone() } : body;
  };

  beforeAll(async () => {
    [shopA] = idsA.get('shops') ?? [];
    [shopB] = idsB.get('shops') ?? [];
    // B's goods the walk names is on the shelf: a customer of any shop could see it if the renter were not checked.
    await t.db
      .update(goods)
      .set({ status: 1 })
      .where(eq(goods.id, idsB.get('goods')?.[0] ?? ''));
    const phone = newPhone();
    const sent = await t.call('/h5/Member/SendCode', { phone }, undefined, { [SHOP_HEADER]: shopA });
    expect(sent.body.code).toBe(0);
    const login = await t.call('/h5/Member/LoginBySms', { phone, code: t.smsCode(phone) }, undefined, { [SHOP_HEADER]: shopA });
    expect(login.body.code).toBe(0);
    memberA = login.body.data.token;
    visitorA = (await t.ok('/h5/Visitor/Issue', {})).visitor;
  });

  it('walks the shop calls of the contract (the list is not empty by mistake)', () => {
    const paths = SHOP_SIDE.map((e) => e.path);
    expect(paths).toEqual(expect.arrayContaining(['/h5/Member/GetProfile', '/h5/Goods/GetList', '/h5/Goods/GetDetail']));
    expect(paths.every((p) => p.startsWith('/h5/'))).toBe(true);
  });

  const callers = [
    ['member', () => ({ token: memberA, headers: {} })],
    ['visitor', () => ({ token: '', headers: { [VISITOR_HEADER]: visitorA } })],
  ] as const;
  const idCases = SHOP_SIDE.flatMap((e) =>
    idPaths(e.body)
      .filter((p) => !NOT_TENANT_IDS.has(`${e.path} ${p}`))
      .flatMap((field) => callers.filter(([who]) => who === 'member' || e.actor === 'visitor').map(([who, as]) => ({ e, field, who, as }))),
  );

  it.each(idCases.map((c) => [`${c.e.path} ${c.field} as A’s ${c.who}`, c] as const))('%s', async (_name, { e, field, as }) => {
    const tables = ID_SOURCES[fieldKey(field)] ?? [];
    const bodyWith = (value: string) =>
      customerBody(e, (path, key) => (path === field ? value : ID_SOURCES[key] ? idsA.get(ID_SOURCES[key][0])?.[0] : undefined));
    const { token, headers } = as();
    const onA = { ...headers, [SHOP_HEADER]: shopA };
    const before = await snapshotOf(t.db, b.renterId);
    const missing = JSON.stringify(await send(t, e, bodyWith(randomUUID()), token, onA));
    require('node:fs').appendFileSync(
      '/tmp/cr-dump.txt',
      `SHOP\t${e.path} ${field} ${_name}\t${missing}\t${JSON.stringify(bodyWith('X')).slice(0, 400)}\n`,
    );
    const wrong: string[] = [];
    for (const table of tables)
      for (const id of (idsB.get(table) ?? []).slice(0, 1)) {
        const foreign = JSON.stringify(await send(t, e, bodyWith(id), token, onA));
        if (foreign !== missing) wrong.push(`B's ${table} ${id}: ${foreign.slice(0, 300)} ≠ missing ${missing.slice(0, 300)}`);
      }
    expect(wrong).toEqual([]);
    expect(await snapshotOf(t.db, b.renterId)).toEqual(before);
  });

  it.each(SHOP_SIDE.map((e) => [e.path, e] as const))('%s with A’s member token on B’s shop', async (_path, e) => {
    const body = () => customerBody(e, (_p, key) => (ID_SOURCES[key] ? idsB.get(ID_SOURCES[key][0])?.[0] : undefined));
    const onB = { [SHOP_HEADER]: shopB };
    const before = await snapshotOf(t.db, b.renterId);
    const asMemberA = await send(t, e, body(), memberA, onB);
    if (e.actor === 'member') {
      // Refused like a token nobody issued; nothing of B's changed.
      expect(asMemberA).toEqual(await send(t, e, body(), randomUUID(), onB));
      expect(asMemberA).toMatchObject({ status: 401, code: 401, msg: EXPIRED_MSG });
      expect(await snapshotOf(t.db, b.renterId)).toEqual(before);
    } else {
      // What a visitor without a token sees of B: its public data, no more.
      expect(asMemberA).toEqual(await send(t, e, body(), '', onB));
    }
  });
});
