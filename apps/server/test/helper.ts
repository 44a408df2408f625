import { createHash, randomUUID } from 'node:crypto';
import { contract, type Endpoint, type EndpointMap, type Envelope, grantKey, OPS, VISITOR_HEADER } from '@shop/contract';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '@/app';
import { type Config, loadConfig } from '@/config';
import { type Ctx, inTx, type Services } from '@/core/context';
import { type RefundRef, requestRefund, runRefund } from '@/integrations/payment';
import type { Database, Db } from '@/db/client';
import { roles, shops, smsCodes, staff, users } from '@/db/schema';
import { DEMO, seedDemo } from '@/demo/seed-demo';
import { seedDemoOrders } from '@/demo/seed-orders';
import type { NullHub } from '@/hub/hub';
import type { DevSmsProvider } from '@/integrations/sms';
import { issueVisitor } from '@/modules/members';
import { openTestDatabase } from './db';
import { undeclaredFields } from './strict-data';

/** A password that passes the login rule (8-16 letters and digits). */
export const PWD = 'abc12345';
/** A password that passes the change-password rule. */
export const STRONG_PWD = 'Abc12345!x';
/** 广东省 / 深圳市 / 南山区 */
export const AREA = ['44', '4403', '440305'];
export { DEMO };

/** Every endpoint of the contract by its path. */
export const ENDPOINTS: ReadonlyMap<string, Endpoint> = new Map(
  Object.values(contract).flatMap((m) => Object.values(m as EndpointMap).map((e) => [e.path, e] as const)),
);

// biome-ignore lint/suspicious/noExplicitAny: answers are read field by field and checked against the contract in call()
export type AnyData = any;

export interface CallResult {
  status: number;
  body: Envelope<AnyData>;
}

/**
 * The visitor id of the test's visitor named `name`: a well-formed id derived from the name (an id stays as it is), so
 * a test may name its visitors and still find them in the rows (submissions, orders, files store this id).
 */
export function testVisitorId(name: string): string {
  return /^v[A-Za-z0-9_-]{22}$/.test(name) ? name : `v${createHash('sha256').update(name).digest('base64url').slice(0, 22)}`;
}

let phoneSeq = 0;
const phoneBase = Math.floor(Math.random() * 900_000);
/** A valid phone number nobody in this file has used yet. */
export function newPhone(): string {
  phoneSeq += 1;
  return `15${String((phoneBase * 1000 + phoneSeq) % 1_000_000_000).padStart(9, '0')}`;
}

export interface Person {
  phone: string;
  token: string;
  userId: string;
  renterId: string;
}

export interface MakeAppOptions {
  /** Share a database with another app (two instances, or other settings on the same data). */
  database?: Database;
  config?: Partial<Config>;
  realtime?: boolean;
}

export interface TestApp {
  app: FastifyInstance;
  services: Services;
  /** The NullHub of an app built without realtime: what would have been pushed. */
  hub: NullHub;
  sms: DevSmsProvider;
  db: Db;
  database: Database;
  config: Config;
  /**
   * Calls an endpoint like the console does; a successful answer must match the contract's data schema. On a visitor
   * endpoint a body field `visitor` names the test's visitor: it goes as that visitor's server-signed id in the
   * visitor header (testVisitorId), as the fill page sends it. headers go as they are (a forged visitor id, a shop).
   */
  call(path: string, body?: unknown, token?: string, headers?: Record<string, string>): Promise<CallResult>;
  /** The signed visitor id (the visitor header) of the test's visitor of this name. */
  visitorToken(name: string): string;
  /** Calls and expects code 0; answers data. */
  ok(path: string, body?: unknown, token?: string): Promise<AnyData>;
  login(phone: string, pwd: string): Promise<string>;
  /** The last SMS code the dev provider sent to the phone. */
  smsCode(phone: string): string;
  /** Registers a user through getSmsCode (type 1) and RegUser; answers the token (no enterprise yet). */
  registerUser(phone: string, pwd?: string): Promise<string>;
  /** Creates an enterprise through RegistCustomer; answers the new token (the old one ends). */
  createEnterprise(token: string, name: string): Promise<string>;
  /** A new user who owns a new enterprise, logged into it. */
  registerOwner(enterprise: string): Promise<Person>;
  /**
   * A new user who joins the enterprise in a role granting these menu entries with every operation on them
   * (查看/编辑/删除/导出), logged into it. `exact: true` stores the grants as given (`Goodlist`, `Goodlist:delete`, …).
   */
  addMember(renterId: string, menuKeys: string[], opts?: { exact?: boolean }): Promise<Person>;
  /** Moves the phone's codes of the last minute 61 s into the past, as if the cooldown had run out. */
  passSmsCooldown(phone: string): Promise<void>;
  /** Seeds the demo owner (13800138000 / demo1234) with 演示店铺 and 演示分店. */
  /** The demo enterprise; with `orders` also its orders (demo/seed-orders.ts: a few seconds). */
  seedDemo(opts?: { orders?: boolean }): Promise<typeof DEMO>;
  close(): Promise<void>;
}

/** Builds the app on a fresh database (or a given one) with quiet logs and, by default, no realtime. */
export async function makeApp(opts: MakeAppOptions = {}): Promise<TestApp> {
  const database = opts.database ?? (await openTestDatabase());
  // Every test file calls from one address (app.inject's 127.0.0.1): the per-address limits are set out of reach here
  // and tested with their own values (auth-races.test.ts, auth-limits.test.ts).
  const env = { SEED_DEMO: '0', LOG_LEVEL: 'silent', SMS_IP_MAX: '1000000', LOGIN_IP_MAX: '1000000' };
  const config: Config = { ...loadConfig(env), ...opts.config };
  const { app, services } = await buildApp({ config, database, realtime: opts.realtime ?? false, logger: false });
  await app.ready();

  const visitorToken = (name: string) => issueVisitor(config, testVisitorId(name)).token;

  async function call(path: string, body?: unknown, token?: string, extra?: Record<string, string>): Promise<CallResult> {
    const e = ENDPOINTS.get(path);
    const method = e?.method ?? 'POST';
    const headers: Record<string, string> = { ...(token ? { token } : {}), ...extra };
    const named = e?.actor === 'visitor' && body && typeof body === 'object' ? (body as { visitor?: unknown }).visitor : undefined;
    if (typeof named === 'string') {
      const { visitor: _, ...rest } = body as Record<string, unknown>;
      body = rest;
      headers[VISITOR_HEADER] = visitorToken(named);
    }
    const res = await app.inject({
      method,
      url: path,
      headers,
      ...(method === 'GET' ? { query: (body ?? {}) as Record<string, string> } : body === undefined ? {} : { payload: body as object }),
    });
    const json = res.json() as Envelope<AnyData>;
    if (e && res.statusCode === 200 && json.code === 0) {
      const checked = e.data.safeParse(json.data);
      if (!checked.success) throw new Error(`${path} answered data outside its contract: ${checked.error.message}`);
      const extra = undeclaredFields(e.data, json.data);
      if (extra.length > 0) throw new Error(`${path} answered fields its contract does not declare: ${extra.join(', ')}`);
    }
    return { status: res.statusCode, body: json };
  }

  async function ok(path: string, body?: unknown, token?: string) {
    const r = await call(path, body, token);
    if (r.status !== 200 || r.body.code !== 0) throw new Error(`${path} failed: ${r.status} ${r.body.code} ${r.body.msg}`);
    return r.body.data;
  }

  const sms = services.sms as DevSmsProvider;
  function smsCode(phone: string): string {
    const code = sms.lastCode(phone);
    if (!code) throw new Error(`no SMS was sent to ${phone}`);
    return code;
  }

  async function registerUser(phone: string, pwd = PWD): Promise<string> {
    await ok('/api/Login/getSmsCode', { phone, type: 1 });
    return (await ok('/api/Login/RegUser', { phone, code: smsCode(phone), pwd })).token;
  }

  return {
    app,
    services,
    hub: services.hub as NullHub,
    sms,
    db: database.db,
    database,
    config,
    call,
    ok,
    visitorToken,
    smsCode,
    async login(phone, pwd) {
      return (await ok('/api/Login/LoginByPwd', { phone, pwd })).token;
    },
    registerUser,
    async createEnterprise(token, name) {
      return (await ok('/api/Login/RegistCustomer', { name, industry: '1', area: AREA }, token)).token;
    },
    async registerOwner(enterprise) {
      const phone = newPhone();
      const token = await registerUser(phone);
      const d = await ok('/api/Login/RegistCustomer', { name: enterprise, industry: '1', area: AREA }, token);
      return { phone, token: d.token, userId: d.self.id, renterId: d.self.renterID };
    },
    async addMember(renterId, menuKeys, opts) {
      const phone = newPhone();
      const grants = opts?.exact ? menuKeys : menuKeys.flatMap((k) => OPS.map((op) => grantKey({ menu: k, op })));
      await registerUser(phone);
      const [user] = await database.db.select().from(users).where(eq(users.phone, phone));
      const [shop] = await database.db.select().from(shops).where(eq(shops.renterId, renterId)).limit(1);
      const [role] = await database.db
        .insert(roles)
        .values({ renterId, name: `岗位${phone.slice(-4)}`, menuKeys: grants })
        .returning();
      await database.db.insert(staff).values({ renterId, userId: user.id, shopId: shop.id, roleId: role.id, name: user.name });
      const d = await ok('/api/Login/LoginByPwd', { phone, pwd: PWD });
      if (d.self.renterID !== renterId) throw new Error('the member did not land in the enterprise');
      return { phone, token: d.token, userId: user.id, renterId };
    },
    async passSmsCooldown(phone) {
      await database.db
        .update(smsCodes)
        .set({ createdAt: sql`${smsCodes.createdAt} - interval '61 seconds'` })
        .where(and(eq(smsCodes.phone, phone), gt(smsCodes.createdAt, sql`now() - interval '61 seconds'`)));
    },
    async seedDemo(o) {
      const created = await seedDemo(database.db, config.trialDays);
      if (created && o?.orders) await seedDemoOrders({ db: database.db, services, log: app.log }, DEMO.enterprise);
      return DEMO;
    },
    async close() {
      await app.close();
      if (!opts.database) await database.close();
    },
  };
}

/**
 * A refund as a business flow makes one — requested in a transaction (which sends its `payments.refund` job) — and that
 * job's work run at once (`runRefund`): answers like the job, throws REFUND_PENDING_MSG / REFUND_FAILED_MSG likewise.
 */
export async function refundNow(
  t: TestApp,
  payOrderId: string,
  amountFen: number,
  reason: string,
  intentKey: string,
  ref: RefundRef = { type: 'test-refund', id: randomUUID() },
  ctx: Ctx = systemCtx(t),
) {
  const refund = await inTx(ctx, (tx) => requestRefund(tx, { payOrderId, amountFen, reason, intentKey, ref }));
  return runRefund(ctx, refund.renterId, refund.id);
}

/**
 * Runs the refund jobs sent so far (the money steps business flows decided), as the workers would; a job waiting for
 * its retry (the provider's answer was unknown) is made due first instead of waiting out its backoff.
 */
export async function runRefundJobs(t: TestApp): Promise<number> {
  await t.db.execute(
    sql`update pgboss.job set start_after = now() - interval '1 second' where name = 'payments.refund' and state in ('created', 'retry')`,
  );
  return t.services.jobs.runDue(['payments.refund']);
}

// ---- Forms (forms*.test.ts, form-orders*.test.ts) ----

/** The context of system work (jobs, payment notifies): no session. */
export function systemCtx(t: TestApp): Ctx {
  return { db: t.db, reqId: 'test', ip: '127.0.0.1', userAgent: 'vitest', log: t.app.log, services: t.services, session: null };
}

/** The context a workflow calling a module directly would pass: the person's enterprise, as its owner. */
export function ownerCtx(t: TestApp, p: Person): Ctx {
  return {
    ...systemCtx(t),
    session: {
      sessionId: 's',
      userId: p.userId,
      renterId: p.renterId,
      shopId: 'shop',
      staffId: 'staff',
      roleId: 'role',
      isOwner: true,
      grants: new Set(),
    },
  };
}

/** Fields of a typical sign-up form: one of each kind the detail dialog tells apart (spec 000 §2.4). */
export const FORM_FIELDS = [
  { id: 'name', label: '姓名', kind: 1, required: true },
  { id: 'phone', label: '手机号', kind: 3, required: true },
  { id: 'age', label: '年龄', kind: 0, decimals: 1 },
  { id: 'day', label: '到店日期', kind: 4 },
  { id: 'at', label: '预约时间', kind: 5 },
  { id: 'sex', label: '性别', kind: 6, options: ['男', '女'] },
  { id: 'hobby', label: '爱好', kind: 7, options: ['读书', '跑步', '游泳'] },
];

/** A SaveFrom body for a new free form, open now (生效), without limits. */
export function formInput(over: Record<string, unknown> = {}): Record<string, unknown> {
  return { formName: '春季活动报名', description: '报名说明', fields: FORM_FIELDS, state: 1, ...over };
}

/** Saves a new form through SaveFrom; answers its id. */
export async function createForm(t: TestApp, token: string, over: Record<string, unknown> = {}): Promise<string> {
  return (await t.ok('/FromRep/FormReposi/SaveFrom', formInput(over), token)).formID;
}

/** A customer's answers to FORM_FIELDS. */
export function answersOf(name = '张三', over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name,
    phone: '13912345678',
    age: '18.5',
    day: '2025-03-01',
    at: '2025-03-01 09:30',
    sex: '女',
    hobby: ['跑步', '读书'],
    ...over,
  };
}

/** Pays a payment the way a payer does: the sandbox page's 确认支付, which sends the signed notify through the real route. */
export async function payBySandbox(t: TestApp, qrCode: string): Promise<void> {
  const url = new URL(qrCode);
  if (!url.pathname.startsWith('/pay/sandbox/')) throw new Error(`not a sandbox QR: ${qrCode}`);
  // The QR code's own link, token and all: the confirm is the page's form action.
  const res = await t.app.inject({ method: 'POST', url: `${url.pathname}/confirm${url.search}` });
  if (res.statusCode !== 303) throw new Error(`sandbox confirm answered ${res.statusCode}: ${res.body}`);
}
