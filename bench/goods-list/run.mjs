// The goods-list benchmark (DESIGN §8: p95 under 50 ms with 20 concurrent clients): per scenario, 20 clients calling
// POST /Goods/Goods/list of the generated catalogue at a steady pace (the budget's run), then autocannon with 20
// connections back to back (the capacity at 100 % CPU), beside the same SQL statements (captured from goodsRepo.page)
// run directly with 20 concurrent PostgreSQL clients. Writes bench/results/goods-list.json.
//   node bench/goods-list/generate.mjs && node bench/goods-list/run.mjs [--seconds 10] [--only name,name] [--out file]
// (ROW_LEVEL_SECURITY=off in the environment runs the server without row-level security: rls-compare.mjs.)
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { arg, benchRenterId, DATABASE_URL, login, pg, root, startServer } from './lib.mjs';
import { CONNECTIONS, machineOf, measureEndpoint, resultHead, pct, round, watchBackends } from './load.mjs';

const SECONDS = Number(arg('seconds', 10));
const only = arg('only', '')?.split(',').filter(Boolean);
const BUDGET_P95_MS = 50;
const LIST = '/Goods/Goods/list';
// Paced run: 20 clients each sending PACED_RATE calls a second (100 calls/s in all: a busy team of 20 paging and
// searching at ten times a person's pace), beside the saturated run where each connection sends its next call the
// moment the answer arrives (then latency is queueing on the 2 cores, shared with autocannon itself).
const PACED_RATE = Number(arg('paced-rate', 5));

const client = new pg.Client({ connectionString: DATABASE_URL });
await client.connect();
const renterId = await benchRenterId(client);
const goodsCount = Number((await client.query('select count(*) n from goods where renter_id = $1', [renterId])).rows[0].n);
const skuCount = Number((await client.query('select count(*) n from goods_skus where renter_id = $1', [renterId])).rows[0].n);
if (goodsCount < 100_000) throw new Error(`only ${goodsCount} goods: run node bench/goods-list/generate.mjs first`);
const top = (await client.query(`select id, path from goods_types where renter_id = $1 and name = '休闲零食（压测）'`, [renterId])).rows[0];
const leaf = (await client.query(`select id, path from goods_types where renter_id = $1 and name = '饼干（压测）'`, [renterId])).rows[0];
await client.end();

// Each scenario: the list body the console sends, and the same query as the repository receives it.
const base = { page_index: 1, page_size: 20, keyword: '', sorter: [], status: 'all' };
const SCENARIOS = {
  page1: {},
  onSaleTab: { status: 'on_sale' },
  keyword3: { keyword: '巧克力' },
  keyword2: { keyword: '饼干' },
  keyword1: { keyword: '茶' },
  keywordRare: { keyword: '西湖龙井' },
  barcode: { keyword: '6900000012325' },
  categoryTop: { categoryId: top.id, _path: top.path },
  categoryLeaf: { categoryId: leaf.id, _path: leaf.path },
  sortPriceAsc: { sorter: [{ field: 'price', order: 'ascend' }] },
  sortPriceDesc: { sorter: [{ field: 'price', order: 'descend' }] },
  sortStockAsc: { sorter: [{ field: 'stock', order: 'ascend' }] },
  sortStockDesc: { sorter: [{ field: 'stock', order: 'descend' }] },
  // The deepest page a list reaches (LIST_WINDOW: rows 9,981-10,000); page 501 is refused, checked below.
  deepPage500: { page_index: 500 },
  categorySortPrice: { categoryId: top.id, _path: top.path, sorter: [{ field: 'price', order: 'descend' }] },
};
const names = Object.keys(SCENARIOS).filter((n) => !only?.length || only.includes(n));
const bodies = {};
const repoQueries = {};
for (const n of names) {
  const { _path, ...over } = SCENARIOS[n];
  const b = { ...base, ...over };
  bodies[n] = b;
  repoQueries[n] = {
    keyword: b.keyword,
    categoryPath: _path,
    status: b.status,
    sorter: b.sorter,
    offset: (b.page_index - 1) * b.page_size,
    limit: b.page_size,
  };
}

// The statements goodsRepo.page sends for each scenario.
const tmp = path.join(os.tmpdir(), `bench-goods-scenarios-${process.pid}.json`);
fs.writeFileSync(tmp, JSON.stringify(repoQueries));
const cap = spawnSync(path.join(root, 'node_modules/.bin/tsx'), [path.join(import.meta.dirname, 'capture-sql.ts'), renterId, tmp], {
  cwd: root,
  env: { ...process.env, DATABASE_URL, TSX_TSCONFIG_PATH: 'apps/server/tsconfig.json' }, // the server's '@/…' paths
  encoding: 'utf8',
  maxBuffer: 64 << 20,
});
fs.rmSync(tmp, { force: true });
if (cap.status !== 0) throw new Error(`capturing the SQL failed: ${cap.stderr}`);
const statements = JSON.parse(cap.stdout);

// --explain: the plans of each scenario's statements (EXPLAIN ANALYZE, BUFFERS), no load.
if (process.argv.includes('--explain')) {
  const c = new pg.Client({ connectionString: DATABASE_URL });
  await c.connect();
  // As the server runs them: within the renter as shop_app (row-level security), unless ROW_LEVEL_SECURITY=off.
  const rls = process.env.ROW_LEVEL_SECURITY !== 'off';
  for (const n of names) {
    for (const st of statements[n].filter((x) => !x.text.startsWith('explain'))) {
      if (rls) await c.query('begin');
      if (rls) await c.query("select set_config('role', 'shop_app', true), set_config('app.renter_id', $1, true)", [renterId]);
      const { rows } = await c.query(`explain (analyze, buffers) ${st.text}`, st.params);
      if (rls) await c.query('commit');
      console.log(`\n== ${n}: ${st.text.slice(0, 160)}\n${rows.map((r) => r['QUERY PLAN']).join('\n')}`);
    }
  }
  await c.end();
  process.exit(0);
}

/** The scenario's statements, each request running them together (as paged() does), 20 requests at a time. */
async function sqlRun(stmts, seconds) {
  const pool = new pg.Pool({ connectionString: DATABASE_URL, max: CONNECTIONS * stmts.length });
  const once = () => Promise.all(stmts.map((s) => pool.query(s.text, s.params)));
  for (let i = 0; i < 3; i++) await once();
  const lat = [];
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < end) {
        const t = performance.now();
        await once();
        lat.push(performance.now() - t);
      }
    }),
  );
  await pool.end();
  lat.sort((a, b) => a - b);
  return { p50: round(pct(lat, 50)), p95: round(pct(lat, 95)), p99: round(pct(lat, 99)), rps: round(lat.length / seconds) };
}

const loadAtStart = os.loadavg()[0];
const server = await startServer();
const watch = await watchBackends(pg, DATABASE_URL);
const backends = watch.pids;
const results = {};
let deepRefusal;
try {
  const token = await login(server.url);
  const call = async (body) =>
    (
      await fetch(`${server.url}/Goods/Goods/list`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', token },
        body: JSON.stringify(body),
      })
    ).json();
  // Pages reach the first 10,000 rows (LIST_WINDOW): page 501 of 20 must be refused, not walked to.
  const refused = await call({ ...base, page_index: 501 });
  if (refused.code === 0) throw new Error('page 501 was answered: the list window is not enforced');
  deepRefusal = { page_index: 501, page_size: 20, code: refused.code, msg: refused.msg };
  for (const n of names) {
    // One call first: the answer must be a real page (code 0) and tells the total the console would show.
    const first = await call(bodies[n]);
    if (first.code !== 0) throw new Error(`${n}: ${JSON.stringify(first).slice(0, 300)}`);
    const m = await measureEndpoint({
      url: server.url,
      route: LIST,
      token,
      body: bodies[n],
      seconds: SECONDS,
      rate: PACED_RATE,
      budgetMs: BUDGET_P95_MS,
      serverPid: server.pid,
      backends,
    });
    const s = await sqlRun(statements[n], SECONDS);
    results[n] = {
      body: bodies[n],
      rows: first.data.rows.length,
      total_count: first.data.total_count,
      ...(first.data.total_estimated ? { total_estimated: true } : {}),
      ...m,
      sqlP50: s.p50,
      sqlP95: s.p95,
      sqlP99: s.p99,
      sqlRps: s.rps,
      ratio: +(m.saturatedP95 / Math.max(0.1, s.p95)).toFixed(2),
      statements: statements[n].length,
    };
    const r = results[n];
    console.log(
      `${n.padEnd(18)} ${r.rps} req/s p50 ${r.p50} p95 ${r.p95} p99 ${r.p99} ms ${r.withinBudget ? 'ok' : 'OVER'} | saturated ${r.capacityRps} req/s p95 ${r.saturatedP95} ms | sql p95 ${r.sqlP95} ms | ratio ${r.ratio} | cpu ${r.serverCpuMsPerCall}+${r.pgCpuMsPerCall} ms | total ${r.total_count}${r.total_estimated ? '~' : ''}`,
    );
  }
} finally {
  await watch.end();
  await server.stop();
}

const out = {
  ...resultHead({ budgetMs: BUDGET_P95_MS, seconds: SECONDS, rate: PACED_RATE }),
  data: { goods: goodsCount, skus: skuCount, database: 'PostgreSQL' },
  machine: machineOf(loadAtStart),

  rowLevelSecurity: process.env.ROW_LEVEL_SECURITY !== 'off',
  ratio: 'saturated p95 of the HTTP call / p95 of its SQL statements run directly with the same concurrency',
  window: deepRefusal,
  cpu: 'serverCpuMsPerCall / pgCpuMsPerCall: CPU time of the server process and of its PostgreSQL backends per call (from /proc), steadier than latency on a shared machine',
  scenarios: results,
};
const file = path.resolve(root, arg('out', 'bench/results/goods-list.json'));
// With --only, keep the other scenarios of an earlier full run.
if (only?.length && fs.existsSync(file)) {
  const prev = JSON.parse(fs.readFileSync(file, 'utf8'));
  out.scenarios = { ...prev.scenarios, ...results };
}
fs.writeFileSync(file, `${JSON.stringify(out, null, 2)}\n`);
console.log(`written ${path.relative(root, file)}`);
