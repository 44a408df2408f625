import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, openDatabase } from '@/db/client';
import { seedCatalogues } from '@/seed';

/** A PostgreSQL connection to the server of TEST_DATABASE_URL that may create databases. */
async function adminClient(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    return client;
  } catch (e) {
    // The named database may not exist yet: any database of that server will do for CREATE DATABASE.
    if ((e as { code?: string }).code !== '3D000') throw e;
    const fallback = new URL(url);
    fallback.pathname = '/postgres';
    const other = new pg.Client({ connectionString: fallback.toString() });
    await other.connect();
    return other;
  }
}

/**
 * A fresh database with the migrations and catalogues: a copy of the template PGlite, or,
 * when TEST_DATABASE_URL is set, a new PostgreSQL database that is dropped on close.
 */
export async function openTestDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const name = `t_${randomBytes(6).toString('hex')}`;
    const admin = await adminClient(url);
    await admin.query(`create database ${name}`);
    const target = new URL(url);
    target.pathname = `/${name}`;
    let database: Database;
    try {
      // Tests fire bursts of calls at a pool of 5 on a busy machine: a wait for a connection is not an outage here.
      database = await openDatabase({ url: target.toString(), poolSize: 5, connectTimeoutMs: 30_000 });
      await seedCatalogues(database.db);
    } catch (e) {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
      throw e;
    }
    return {
      ...database,
      async close() {
        await database.close();
        // The pool's connections say goodbye asynchronously; FORCE would make them report an error if still open.
        for (let i = 0; i < 50; i++) {
          const { rows } = await admin.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
          if (rows[0].n === 0) break;
          await new Promise((r) => setTimeout(r, 20));
        }
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      },
    };
  }
  const dump = inject('pgliteDump');
  if (!dump) throw new Error('global setup did not build the template database');
  return openDatabase({ loadDataDir: new Blob([fs.readFileSync(dump)]) });
}
