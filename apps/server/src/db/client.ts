import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { acquireDirLock } from './dir-lock';
import { SERVER_DIR } from '@/paths';
import { registerAppDb, registerLeasePool } from './rls';

/**
 * One type for both drivers: PGlite and node-postgres. The handle carries no schema, so it has no `db.query.<table>`:
 * a module reaches only the tables it imports, which test/borders.test.ts holds to their owner.
 */
export type Db = PgDatabase<PgQueryResultHKT>;
/** A transaction has the same surface as the database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Where the database reports what goes wrong outside any request (a dropped idle connection). */
export interface DbLog {
  warn(obj: object, msg: string): void;
}

export interface Database {
  /**
   * The system handle: the owner's connection, which row-level security does not hold (migrations, core's lookups
   * before a renter is known, jobs, sweeps across renters, tests' fixtures). Renter-bound work runs on
   * `renterDb(db, renterId)` (db/rls.ts), which core/register and core/background give modules as ctx.db.
   */
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** Sends the pool's connection errors to this log (the server's, once it exists); stderr before. */
  setLog(log: DbLog): void;
}

/** Before the server's log exists: one JSON line on stderr, like the server's own lines. */
const stderrLog: DbLog = {
  warn(obj, msg) {
    const err = (obj as { err?: { message?: string; code?: string } }).err;
    process.stderr.write(`${JSON.stringify({ level: 40, time: Date.now(), msg, err: err && { message: err.message, code: err.code } })}\n`);
  },
};

/** What answers a call made while PostgreSQL cannot be reached (code 1, HTTP 200, like any refusal). */
export const DB_UNAVAILABLE_MSG = '数据库暂时不可用，请稍后再试';

const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  '57P01', // admin_shutdown: the server is stopping (pg_ctl stop)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or shutting down
  '53300', // too_many_connections
]);
// node-postgres says these in words only (no code).
const CONNECTION_WORDS =
  /Connection terminated|timeout exceeded when trying to connect|not queryable|Client was closed|Cannot use a pool after calling end/i;

/**
 * Whether an error means PostgreSQL cannot be reached right now (refused, dropped, shutting down, no free connection
 * in time) rather than a fault of the statement: looks through drizzle's wrapping (cause) and Node's AggregateError.
 */
export function isConnectionError(err: unknown): boolean {
  let e: unknown = err;
  for (let depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (CONNECTION_CODES.has(code) || code.startsWith('08'))) return true;
    if (e instanceof Error && CONNECTION_WORDS.test(e.message)) return true;
    if (e instanceof AggregateError && e.errors.some(isConnectionError)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

const migrationsFolder = path.join(SERVER_DIR, 'migrations');

export interface OpenOptions {
  /** postgres://… ; empty uses PGlite. The server's connection (renter-bound work becomes shop_app on it). */
  url?: string;
  /**
   * postgres://… of the owner of the tables (DATABASE_OWNER_URL): migrations and the system handle. Defaults to
   * `url`; its role must bypass row-level security (a superuser, or BYPASSRLS) for the system's work across renters.
   */
  ownerUrl?: string;
  /** false: renter-bound work on the system handle, no policies (config ROW_LEVEL_SECURITY=off, the bench's comparison). */
  rowLevelSecurity?: boolean;
  /** PGlite data directory; empty means in memory. */
  dataDir?: string;
  /** A PGlite data dir dump to start from (tests). */
  loadDataDir?: Blob | File;
  poolSize?: number;
  /** How long a call waits for a PostgreSQL connection (a free one in the pool, or a new one) before it fails. */
  connectTimeoutMs?: number;
}

/** Opens the database and applies the committed migrations. */
export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.url) {
    let log = stderrLog;
    const poolOf = (connectionString: string) => {
      const pool = new pg.Pool({
        connectionString,
        max: opts.poolSize ?? 20,
        // Never wait forever for a connection: while PostgreSQL is away a call fails after this and answers the
        // envelope; once it is back, the next calls open new connections.
        connectionTimeoutMillis: opts.connectTimeoutMs ?? 5000,
        keepAlive: true,
      });
      // A connection PostgreSQL drops (restart, failover) emits 'error'; with no listener that would end the process.
      // Every connection gets one for its whole life: an idle one is then removed by the pool (which re-emits the
      // error on the pool, hence the listener there too); a checked-out one (inside a transaction, between two
      // statements) fails its next statement and is discarded on release.
      pool.on('connect', (client) => client.on('error', (err) => log.warn({ err }, 'PostgreSQL connection lost')));
      pool.on('error', () => {}); // already logged by the connection's own listener
      return pool;
    };
    const ownerPool = poolOf(opts.ownerUrl || opts.url);
    const appPool = opts.ownerUrl && opts.ownerUrl !== opts.url ? poolOf(opts.url) : ownerPool;
    const db = drizzlePg(ownerPool) as unknown as Db;
    registerAppDb(db, appPool === ownerPool ? db : (drizzlePg(appPool) as unknown as Db), opts.rowLevelSecurity ?? true);
    // The connections a call holds for its length (db/rls.ts leaseRenterDb): renter work only, role and renter set once.
    const leasePool = poolOf(opts.url);
    registerLeasePool(db, { connect: () => leasePool.connect() });
    const end = () => Promise.all([ownerPool.end(), appPool !== ownerPool && appPool.end(), leasePool.end()]);
    try {
      await migratePg(db as never, { migrationsFolder });
    } catch (e) {
      await end();
      throw e;
    }
    void vacuumRewritten(ownerPool, () => log);
    return {
      db,
      kind: 'postgres',
      close: async () => {
        await end();
      },
      setLog(l) {
        log = l;
      },
    };
  }
  let release = async () => {};
  if (opts.dataDir) {
    fs.mkdirSync(opts.dataDir, { recursive: true });
    release = acquireDirLock(opts.dataDir);
  }
  try {
    const client = await PGlite.create({
      dataDir: opts.dataDir ? path.join(opts.dataDir, 'pg') : undefined,
      loadDataDir: opts.loadDataDir,
      // Trigram indexes for keyword search (migration 0006 creates the extension).
      extensions: { pg_trgm },
    });
    const db = drizzlePglite(client) as unknown as Db;
    // One embedded database with one superuser: renter-bound work becomes shop_app per transaction on the same client.
    registerAppDb(db, db, opts.rowLevelSecurity ?? true);
    await migratePglite(db as never, { migrationsFolder });
    return {
      db,
      kind: 'pglite',
      setLog() {},
      async close() {
        await client.close();
        await release();
      },
    };
  } catch (e) {
    await release();
    throw e;
  }
}

/**
 * A migration that rewrites a big table (a stored column added: 0027's members.search_text) leaves it without a
 * visibility map until the next vacuum, which may be weeks away: meanwhile every index-only scan reads the rows
 * (客户查询's deep pages: 58 ms instead of 2). After the migrations, such tables are vacuumed in the background.
 */
async function vacuumRewritten(pool: pg.Pool, logOf: () => DbLog): Promise<void> {
  try {
    const { rows } = await pool.query<{ name: string }>(
      `select c.oid::regclass::text as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind = 'r' and c.relpages > 10000 and c.relallvisible < c.relpages / 2`,
    );
    for (const r of rows) {
      await pool.query(`vacuum (analyze) ${r.name}`);
    }
  } catch (err) {
    logOf().warn({ err }, 'vacuum after the migrations failed');
  }
}
