import { contract, type Endpoint, type EndpointMap, type Envelope } from '@shop/contract';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { type Config, loadConfig } from '../src/config';
import type { Services } from '../src/core/context';
import type { Database, Db } from '../src/db/client';
import { roles, shops, smsCodes, staff, users } from '../src/db/schema';
import { DEMO, seedDemo } from '../src/demo/seed-demo';
import type { NullHub } from '../src/hub/hub';
import type { DevSmsProvider } from '../src/integrations/sms';
import { openTestDatabase } from './db';

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
  /** Calls an endpoint like the console does; a successful answer must match the contract's data schema. */
  call(path: string, body?: unknown, token?: string): Promise<CallResult>;
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
  /** A new user who joins the enterprise in a role granting only these menu keys, logged into it. */
  addMember(renterId: string, menuKeys: string[]): Promise<Person>;
  /** Moves the phone's codes of the last minute 61 s into the past, as if the cooldown had run out. */
  passSmsCooldown(phone: string): Promise<void>;
  /** Seeds the demo owner (13800138000 / demo1234) with 演示店铺 and 演示分店. */
  seedDemo(): Promise<typeof DEMO>;
  close(): Promise<void>;
}

/** Builds the app on a fresh database (or a given one) with quiet logs and, by default, no realtime. */
export async function makeApp(opts: MakeAppOptions = {}): Promise<TestApp> {
  const database = opts.database ?? (await openTestDatabase());
  const config: Config = { ...loadConfig({ SEED_DEMO: '0', LOG_LEVEL: 'silent' }), ...opts.config };
  const { app, services } = await buildApp({ config, database, realtime: opts.realtime ?? false, logger: false });
  await app.ready();

  async function call(path: string, body?: unknown, token?: string): Promise<CallResult> {
    const e = ENDPOINTS.get(path);
    const method = e?.method ?? 'POST';
    const res = await app.inject({
      method,
      url: path,
      headers: token ? { token } : {},
      ...(method === 'GET' ? { query: (body ?? {}) as Record<string, string> } : body === undefined ? {} : { payload: body as object }),
    });
    const json = res.json() as Envelope<AnyData>;
    if (e && res.statusCode === 200 && json.code === 0) {
      const checked = e.data.safeParse(json.data);
      if (!checked.success) throw new Error(`${path} answered data outside its contract: ${checked.error.message}`);
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
    async addMember(renterId, menuKeys) {
      const phone = newPhone();
      await registerUser(phone);
      const [user] = await database.db.select().from(users).where(eq(users.phone, phone));
      const [shop] = await database.db.select().from(shops).where(eq(shops.renterId, renterId)).limit(1);
      const [role] = await database.db
        .insert(roles)
        .values({ renterId, name: `岗位${phone.slice(-4)}`, menuKeys })
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
    async seedDemo() {
      await seedDemo(database.db, config.trialDays);
      return DEMO;
    },
    async close() {
      await app.close();
      if (!opts.database) await database.close();
    },
  };
}
