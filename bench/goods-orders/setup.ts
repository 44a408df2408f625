// Opens the bench database the way the server does (committed migrations), creates the demo owner with 演示店铺 (and
// its 3,000 demo members), then adds generated members to 演示店铺 with the server's own generator (generateMembers,
// as bench/member-portrait does at 1,000,000) until it holds BENCH_ORDER_MEMBERS: the buyers of the generated orders.
// Run by generate.mjs through tsx.
import { eq, sql } from 'drizzle-orm';
import { seedTenant } from '../../apps/server/src/core/tenant';
import { openDatabase } from '../../apps/server/src/db/client';
import { renters } from '../../apps/server/src/db/schema';
import { seedDemo } from '../../apps/server/src/demo/seed-demo';
import { generateMembers, refreshDemoCounts } from '../../apps/server/src/demo/seed-members';
import { members } from '../../apps/server/src/modules/members/members.tables';
import { seedCatalogues } from '../../apps/server/src/seed';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL is required');
const target = Number(process.env.BENCH_ORDER_MEMBERS || 103_000);
const BATCH = 100_000;
const database = await openDatabase({ url, poolSize: 2 });
const db = database.db;
await seedCatalogues(db);
await seedDemo(db, 3650);
const [renter] = await db.select({ id: renters.id }).from(renters).where(eq(renters.name, '演示店铺')).limit(1);
const countNow = async () =>
  Number((await db.select({ n: sql<string>`count(*)` }).from(members).where(eq(members.renterId, renter.id)))[0].n);
let have = await countNow();
let made = 0;
// Row numbers offset by 10,000 + k × BATCH: disjoint from the demo's (1–3,000) and from each other.
for (let k = Math.floor(have / BATCH); have < target; k++) {
  const count = Math.min(BATCH, target - have);
  const t0 = performance.now();
  made += await db.transaction(async (tx) =>
    generateMembers(seedTenant(tx as never, renter.id), { count, offset: 10_000 + k * BATCH, days: 730, customerShare: 0.15 }),
  );
  have = await countNow();
  console.log(`members: +${count} in ${Math.round(performance.now() - t0)} ms (${have} in all)`);
}
if (made) {
  await refreshDemoCounts(seedTenant(db, renter.id));
  await db.execute(sql.raw('vacuum analyze members'));
}
await database.close();
