// The member portrait benchmark (会员概况 / 会员画像, budget: each call under 1 s at 1,000,000 members on PostgreSQL):
// starts the server on the bench database (generate.mjs first), logs in as the demo owner and times each
// /Client/Customer/ figure call over HTTP, one at a time (after a warm-up call), ROUNDS times; then the 会员概况 and
// 会员画像 pages' calls all at once, as the console sends them. Writes bench/results/member-portrait.json.
//   node bench/member-portrait/generate.mjs && node bench/member-portrait/run.mjs [--rounds 5]
import fs from 'node:fs';
import path from 'node:path';

process.env.DATABASE_URL ||= 'postgres://postgres@127.0.0.1:5432/bench_members';
const { arg, benchRenterId, DATABASE_URL, login, pg, root, startServer } = await import('../goods-list/lib.mjs');

const ROUNDS = Number(arg('rounds', 5));
const BUDGET_MS = 1000;

const client = new pg.Client({ connectionString: DATABASE_URL });
await client.connect();
const renterId = await benchRenterId(client);
const members = Number((await client.query('select count(*) n from members where renter_id = $1', [renterId])).rows[0].n);
const tag = (await client.query('select id from member_tags where renter_id = $1 and name = $2', [renterId, '高价值'])).rows[0]?.id;
await client.end();
if (members < 1_000_000) console.warn(`only ${members} members: run generate.mjs first`);

const CALLS = [
  ['GetSumCount', {}],
  ['GetMebCount', { days: 7 }],
  ['GetMebCount', { days: 30 }],
  ['GetMebCount', { days: 90 }],
  ['GetMebSurvey', {}],
  ['GetMarketCount', {}],
  [
    'GetSetMarket',
    {
      rule: {
        op: 'and',
        items: [
          { field: 'spend', min: 500 },
          { field: 'sex', in: [2] },
        ],
      },
    },
  ],
  ['GetSetMarket', { rule: { op: 'and', items: [{ field: 'tags', match: 'any', ids: [tag] }] } }],
  ['GetRedMebDefault', {}],
  ['GetRedMeb', { days: 90 }],
  ['GetMebSex', {}],
  ['GetMebBirYear', {}],
  ['GetMebBirMonth', {}],
  ['GetMebLv', {}],
  ['GetMebCard', {}],
  ['GetMebTag', {}],
];
const PAGES = {
  mebprofile: ['GetSumCount', 'GetMebSurvey', 'GetMarketCount', 'GetRedMebDefault', 'GetRedMeb', 'GetMebCount'],
  Portraitanalysis: ['GetMebSex', 'GetMebBirYear', 'GetMebBirMonth', 'GetMebLv', 'GetMebCard', 'GetMebTag'],
};
const bodyOf = (name) => CALLS.find(([n]) => n === name)[1];

const server = await startServer();
try {
  const token = await login(server.url);
  const call = async (name, body) => {
    const t0 = performance.now();
    const r = await fetch(`${server.url}/Client/Customer/${name}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', token },
      body: JSON.stringify(body),
    });
    const b = await r.json();
    const ms = performance.now() - t0;
    if (b.code !== 0) throw new Error(`${name}: ${JSON.stringify(b)}`);
    return { ms, data: b.data };
  };
  const calls = [];
  for (const [name, body] of CALLS) {
    await call(name, body);
    const times = [];
    let data;
    for (let i = 0; i < ROUNDS; i++) {
      const r = await call(name, body);
      times.push(r.ms);
      data = r.data;
    }
    times.sort((x, y) => x - y);
    const row = {
      call: name,
      body,
      medianMs: Math.round(times[Math.floor(times.length / 2)]),
      maxMs: Math.round(times.at(-1)),
      ratio: Number((times.at(-1) / BUDGET_MS).toFixed(2)),
      sample: JSON.stringify(data).slice(0, 160),
    };
    calls.push(row);
    console.log(`${name.padEnd(18)} ${JSON.stringify(body).slice(0, 40).padEnd(40)} median ${row.medianMs} ms, max ${row.maxMs} ms`);
  }
  const pages = {};
  for (const [page, names] of Object.entries(PAGES)) {
    const times = [];
    for (let i = 0; i < ROUNDS; i++) {
      const t0 = performance.now();
      await Promise.all(names.map((n) => call(n, bodyOf(n))));
      times.push(performance.now() - t0);
    }
    times.sort((x, y) => x - y);
    pages[page] = { calls: names, medianMs: Math.round(times[Math.floor(times.length / 2)]), maxMs: Math.round(times.at(-1)) };
    console.log(`page /${page}: all calls at once, median ${pages[page].medianMs} ms, max ${pages[page].maxMs} ms`);
  }
  const worst = Math.max(...calls.map((c) => c.maxMs));
  const out = {
    when: new Date().toISOString(),
    members,
    rounds: ROUNDS,
    budgetMs: BUDGET_MS,
    worstMs: worst,
    ratio: Number((worst / BUDGET_MS).toFixed(2)),
    loadAverage: (await import('node:os')).default.loadavg().map((x) => Number(x.toFixed(1))),
    calls,
    pages,
  };
  fs.writeFileSync(path.join(root, 'bench/results/member-portrait.json'), `${JSON.stringify(out, null, 2)}\n`);
  console.log(`worst call ${worst} ms (budget ${BUDGET_MS} ms): bench/results/member-portrait.json`);
  if (worst > BUDGET_MS) process.exitCode = 1;
} finally {
  await server.stop();
}
