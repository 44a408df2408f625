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
  const inTransaction = <T>(fn: (tx: Db) => Promise<T>, config?: unknown) =>
    session.transaction(async (tx) => {
      await (tx as { execute(q: SQL): Promise<unknown> }).execute(preamble);
      return fn(tx);
    }, config);
  const scoped = new Proxy(session, {
    get(target, prop, receiver) {
      if (prop === 'transaction') return inTransaction;
      if (prop === 'prepareQuery') {
        return (...args: unknown[]) => {
          const outer = target.prepareQuery(...args);
          const run =
            (method: 'execute' | 'all') =>
            (...a: unknown[]) =>
              inTransaction((tx) => {
                const inner = (tx as unknown as { session: AnySession }).session.prepareQuery(...args);
                inner.joinsNotNullableMap = outer.joinsNotNullableMap;
                return inner[method](...a);
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
      if (prop === 'session') return scoped;
      return Reflect.get(target, prop, receiver);
    },
  });
  appOf.set(db, appOf.get(base) ?? base);
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
