/**
 * Row-level security (core/README.md "Row-level security"): the database handle of one renter's work. Its every
 * statement runs as the application role `shop_app` with `app.renter_id` set to the renter, both transaction-local,
 * so the policies of migration 0020 show and take only that renter's rows and a pooled connection never carries
 * either to its next use.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { PgSession } from 'drizzle-orm/pg-core';

/** The role renter-bound work runs as (created by migration 0020; owns nothing, so policies always apply to it). */
export const APP_ROLE = 'shop_app';

/**
 * Tables with a renter_id but no renter policy: each is found by something else than its renter on purpose, and its
 * rows may have no renter (migration 0020 leaves them out by the same names).
 */
export const RLS_EXEMPT: ReadonlyMap<string, string> = new Map([
  ['sessions', 'a login token finds its session (and so its renter) by its hash; a session has no renter before the enterprise is chosen'],
  ['login_logs', 'written at login, before a renter is known (renter_id may be null)'],
  ['outbox_events', 'the dispatcher (a job of the system) finds events of every renter; an event may have no renter'],
]);

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A uuid's text (a renter's, a shop's id): what may name a renter's handle. */
export const isUuid = (v: unknown): v is string => typeof v === 'string' && UUID_RE.test(v);

/** The statement a renter's transaction opens with (after `begin`): one round trip for the role and the renter. */
function preambleOf(renterId: string | null): SQL {
  if (renterId !== null && !isUuid(renterId)) throw new Error('renter id is not a uuid');
  return sql`select set_config('role', ${APP_ROLE}, true), set_config('app.renter_id', ${renterId ?? ''}, true)`;
}

// Typed loosely on purpose: db/client imports this file, so its Db type cannot be imported here (no cycles).
type Db = object;
type AnySession = PgSession & {
  prepareQuery(...args: unknown[]): {
    execute(...a: unknown[]): Promise<unknown>;
    all(...a: unknown[]): Promise<unknown>;
    joinsNotNullableMap?: unknown;
  };
  transaction<T>(fn: (tx: Db) => Promise<T>, config?: unknown): Promise<T>;
};

/**
 * `base` seen as `shop_app` within `renterId` (null: within no renter, which sees no tenant row). A transaction opens
 * with the preamble; a statement outside one runs in a short transaction of its own (begin, preamble, statement,
 * commit). Drizzle's builders take the session from the database object, so only the session is replaced.
 */
export function scopedDb<D extends Db>(base: D, renterId: string | null): D {
  const preamble = preambleOf(renterId);
  const session = (base as unknown as { session: AnySession }).session;
  const transaction = <T>(fn: (tx: Db) => Promise<T>, config?: unknown) =>
    session.transaction(async (tx) => {
      await (tx as { execute(q: SQL): Promise<unknown> }).execute(preamble);
      return fn(tx);
    }, config);
  return routedDb(base, appOf.get(base) ?? base, {
    transaction,
    statement: (run) => transaction((tx) => run((tx as unknown as { session: AnySession }).session)),
  });
}

/** Where a routed handle sends its statements (each given a session to run on) and its transactions. */
interface Route {
  statement<T>(run: (s: AnySession) => Promise<T>): Promise<T>;
  transaction<T>(fn: (tx: Db) => Promise<T>, config?: unknown): Promise<T>;
}

/**
 * `base` with its session replaced, so that every builder, `execute` and `transaction` of drizzle (which take the
 * session from the database object) goes through `route`. `owner` is the database it belongs to (renterDb of it).
 */
function routedDb<D extends Db>(base: D, owner: Db, route: Route): D {
  const session = (base as unknown as { session: AnySession }).session;
  const routed = new Proxy(session, {
    get(target, prop, receiver) {
      if (prop === 'transaction') return route.transaction;
      if (prop === 'prepareQuery') {
        return (...args: unknown[]) => {
          const outer = target.prepareQuery(...args);
          const run =
            (method: 'execute' | 'all') =>
            (...a: unknown[]) =>
              route.statement((s) => {
                const q = s.prepareQuery(...args);
                q.joinsNotNullableMap = outer.joinsNotNullableMap;
                return q[method](...a);
              });
          outer.execute = run('execute');
          outer.all = run('all');
          return outer;
        };
      }
      return Reflect.get(target, prop, receiver);
    },
  });
  const db = new Proxy(base, {
    get(target, prop, receiver) {
      if (prop === 'session') return routed;
      return Reflect.get(target, prop, receiver);
    },
  });
  appOf.set(db, owner);
  return db;
}

/** The database a scoped handle (or the system handle it came from) belongs to. */
const appOf = new WeakMap<Db, Db>();

/**
 * Registers `appBase` as the handle renter-bound work of `system` runs on (openDatabase: the same handle on PGlite
 * and a single-role PostgreSQL, the application's pool when DATABASE_URL differs from the owner's).
 */
export function registerAppDb(system: Db, appBase: Db, enforced = true): void {
  appOf.set(system, appBase);
  if (!enforced) unenforced.add(system);
}

/** System handles opened with rowLevelSecurity false (the bench's comparison): renterDb answers them as they are. */
const unenforced = new WeakSet<Db>();

/**
 * The handle of `renterId`'s work on the database of `db` (the system handle or another renter-bound one): what a
 * request with a renter, or background work for one, runs on (core/register, core/background).
 */
export function renterDb<D extends Db>(db: D, renterId: string | null): D {
  if (unenforced.has(db)) return db;
  const appBase = appOf.get(db);
  if (!appBase) throw new Error('renterDb: not a handle of openDatabase');
  return scopedDb(appBase as D, renterId);
}

/** What openDatabase gives a PostgreSQL system handle for leases: the lease pool's connections. */
export interface LeasePool<C = LeaseClient> {
  connect(): Promise<C>;
}
export interface LeaseClient {
  query(text: string, values?: unknown[]): Promise<unknown>;
  release(err?: Error | boolean): void;
}

const leasePools = new WeakMap<Db, LeasePool>();
/** The renter each lease connection was last set to: a lease for the same renter sets nothing. */
const connectionRenter = new WeakMap<object, string>();

/** Registers the pool whose connections leases hold (openDatabase, PostgreSQL only). */
export function registerLeasePool<C extends LeaseClient>(system: Db, pool: LeasePool<C>): void {
  leasePools.set(system, pool as unknown as LeasePool);
}

/** One call's renter-bound handle (core/register): `db` for the call, `release` once the call has answered. */
export interface RenterLease<D> {
  db: D;
  release(): Promise<void>;
}

/** A fault of the connection, not of a statement (which PostgreSQL names with a five-character SQLSTATE). */
const brokeConnection = (err: unknown) => {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return false;
    e = (e as { cause?: unknown }).cause;
  }
  return true;
};

/**
 * `renterId`'s handle for one call on PostgreSQL: the call holds one connection of the lease pool from its first
 * statement to its end, with the role and the renter set on that connection once (session-level; a connection of this
 * pool serves renter work only and every lease sets its renter, so nothing carries over to another renter), and its
 * statements run as they are, without the per-statement transaction of `renterDb`: that one costs three round trips
 * more per statement, this one at most one per call. Statements of the call run one at a time on the connection, a
 * transaction holding it for its whole length (as PGlite's single connection does). After `release`, and on PGlite,
 * the handle is `renterDb`'s.
 */
export function leaseRenterDb<D extends Db>(system: D, renterId: string | null): RenterLease<D> {
  const fallback = renterDb(system, renterId);
  const pool = leasePools.get(system);
  // renterDb has refused an id that is not a uuid.
  if (!pool || fallback === system) return { db: fallback, release: async () => {} };
  const want = renterId ?? '';
  let client: LeaseClient | null = null;
  let inner: Promise<AnySession> | null = null;
  let released = false;
  let broken: unknown = null;
  let queue: Promise<unknown> = Promise.resolve();

  const sessionOf = () =>
    (inner ??= (async () => {
      const c = (await pool.connect()) as LeaseClient;
      try {
        if (connectionRenter.get(c) !== want) {
          connectionRenter.delete(c);
          await c.query(`select set_config('role', $1, false), set_config('app.renter_id', $2, false)`, [APP_ROLE, want]);
          connectionRenter.set(c, want);
        }
      } catch (err) {
        c.release(err as Error);
        inner = null;
        throw err;
      }
      client = c;
      // A session of the same driver over that one connection, as drizzle's own transaction on a pool makes one.
      const s = session as AnySession & { dialect: unknown; schema: unknown; options: unknown };
      const Session = Object.getPrototypeOf(s).constructor as new (...a: unknown[]) => AnySession;
      return new Session(c, s.dialect, s.schema, s.options);
    })());
  /** Runs fn when the statements before it have ended (a failed one does not stop the next). */
  const exclusive = <T>(fn: (s: AnySession) => Promise<T>): Promise<T> => {
    const run = queue.then(async () => {
      try {
        return await fn(await sessionOf());
      } catch (err) {
        if (brokeConnection(err)) broken = err;
        throw err;
      }
    });
    queue = run.catch(() => {});
    return run;
  };
  const fallbackSession = (fallback as unknown as { session: AnySession }).session;
  const base = (appOf.get(system) ?? system) as D;
  const session = (base as unknown as { session: AnySession }).session;
  const db = routedDb(base, appOf.get(system) ?? system, {
    statement: (run) => (released ? run(fallbackSession) : exclusive(run)),
    transaction: (fn, config) => (released ? fallbackSession.transaction(fn, config) : exclusive((s) => s.transaction(fn, config))),
  });
  return {
    db,
    async release() {
      if (released) return;
      released = true;
      await queue;
      const c = client as LeaseClient | null;
      if (!c) return;
      if (broken) connectionRenter.delete(c);
      c.release(broken ? (broken as Error) : undefined);
    },
  };
}
