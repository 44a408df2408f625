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
import * as schema from './schema';
import { acquireDirLock } from './dir-lock';
import { SERVER_DIR } from '../paths';

export type Schema = typeof schema;
/** One type for both drivers: PGlite and node-postgres. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction has the same surface as the database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

const migrationsFolder = path.join(SERVER_DIR, 'migrations');

export interface OpenOptions {
  /** postgres://… ; empty uses PGlite. */
  url?: string;
  /** PGlite data directory; empty means in memory. */
  dataDir?: string;
  /** A PGlite data dir dump to start from (tests). */
  loadDataDir?: Blob | File;
  poolSize?: number;
}

/** Opens the database and applies the committed migrations. */
export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.url) {
    const pool = new pg.Pool({ connectionString: opts.url, max: opts.poolSize ?? 20 });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    await migratePg(db as never, { migrationsFolder });
    return { db, kind: 'postgres', close: () => pool.end() };
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
    const db = drizzlePglite(client, { schema }) as unknown as Db;
    await migratePglite(db as never, { migrationsFolder });
    return {
      db,
      kind: 'pglite',
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
