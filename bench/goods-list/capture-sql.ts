// Prints, as JSON, the SQL statements (text and parameters) that goodsRepo.page() sends for each scenario of
// scenarios.json, so run.mjs can time exactly those statements directly on PostgreSQL. Run through tsx.
import fs from 'node:fs';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { seedTenant } from '../../apps/server/src/core/tenant';
import type { Db } from '../../apps/server/src/db/client';
import * as schema from '../../apps/server/src/db/schema';
import { type GoodsListQuery, goodsRepo } from '../../apps/server/src/modules/goods/goods/goods.repository';

const [renterId, file] = process.argv.slice(2);
const scenarios: Record<string, GoodsListQuery> = JSON.parse(fs.readFileSync(file, 'utf8'));
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 2 });
let log: { text: string; params: unknown[] }[] = [];
const db = drizzle(pool, {
  schema,
  logger: { logQuery: (text, params) => void log.push({ text, params }) },
}) as unknown as Db;
const out: Record<string, { text: string; params: unknown[] }[]> = {};
for (const [name, q] of Object.entries(scenarios)) {
  log = [];
  await goodsRepo.page(seedTenant(db, renterId), q);
  out[name] = log;
}
await pool.end();
process.stdout.write(JSON.stringify(out));
