// Fills the bench database with 1,000,000 customers and members of one renter (演示店铺 of the demo owner) through
// the server's own generator (apps/server/src/demo/seed-members.ts generateMembers: set-based generate_series inserts
// with realistic names, sexes, birthdays, sources, register times over two years, orders, spend, balance, points,
// growth and levels, growth records, tags, cards, paid levels). Resumes where it stopped; never drops a database.
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_members node bench/member-portrait/generate.mjs
import { spawnSync } from 'node:child_process';
import path from 'node:path';

process.env.DATABASE_URL ||= 'postgres://postgres@127.0.0.1:5432/bench_members';
const { DATABASE_URL, ensureDatabase, root } = await import('../goods-list/lib.mjs');

await ensureDatabase();
const setup = spawnSync(path.join(root, 'node_modules/.bin/tsx'), [path.join(import.meta.dirname, 'setup.ts')], {
  cwd: root,
  env: { ...process.env, DATABASE_URL, TSX_TSCONFIG_PATH: 'apps/server/tsconfig.json' }, // the server's '@/…' paths
  stdio: 'inherit',
});
process.exit(setup.status ?? 1);
