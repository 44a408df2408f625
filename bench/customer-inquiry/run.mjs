// The customer query benchmark (客户查询 /customerInquiry, DESIGN §8: p95 under 50 ms with 20 concurrent clients at
// 1,000,000 members on PostgreSQL): per scenario — a filter, a sort, or both, as the console sends them — 20 clients
// calling POST /Client/ClientQuery/GetUserInfoList at a steady pace (the budget's run), then autocannon with 20
// connections back to back (the capacity at 100 % CPU). The sums line beside the list (GetFindTotalAdJust) is
// measured the same way and reported apart (it reads every matching row; the console asks it without holding the page
// back). Data: node bench/member-portrait/generate.mjs (1,000,000 members of 演示店铺 in bench_members).
//   node bench/customer-inquiry/run.mjs [--seconds 10] [--only name,name] [--paced-rate 5]
import os from 'node:os';
import path from 'node:path';

process.env.DATABASE_URL ||= 'postgres://postgres@127.0.0.1:5432/bench_members';
const { arg, benchRenterId, DATABASE_URL, login, pg, root, startServer } = await import('../goods-list/lib.mjs');
const { listRunner, machineOf, overOf, resultHead, saveResult } = await import('../goods-list/load.mjs');

const only = arg('only', '')?.split(',').filter(Boolean);
/** Seconds per scenario and paced calls per client per second (command line); DESIGN §8's p95 budget. */
const RUN = { seconds: Number(arg('seconds', 10)), rate: Number(arg('paced-rate', 5)), budgetMs: 50 };
const LIST = '/Client/ClientQuery/GetUserInfoList';
const SUMS = '/Client/ClientQuery/GetFindTotalAdJust';

const client = new pg.Client({ connectionString: DATABASE_URL });
await client.connect();
const renterId = await benchRenterId(client);
const one = async (q, ...params) => (await client.query(q, [renterId, ...params])).rows[0];
const memberCount = Number((await one('select count(*) n from members where renter_id = $1')).n);
if (memberCount < 1_000_000) console.warn(`only ${memberCount} members: run node bench/member-portrait/generate.mjs first`);
const level = (await one('select id from member_levels where renter_id = $1 and name = $2', '黄金会员')).id;
const tag = (await one('select id from member_tags where renter_id = $1 and name = $2', '高价值')).id;
const card = (await one('select id from vip_cards where renter_id = $1 and name = $2', '省钱年卡')).id;
const group = (await one('select id from member_groups where renter_id = $1 and name = $2', '高消费会员')).id;
// A member's phone (an exact phone search) and the last four digits of another (a tail search, as a cashier asks).
const phones = (
  await client.query('select phone from members where renter_id = $1 and kind = 1 order by created_at limit 2 offset 5000', [renterId])
).rows;
await client.end();

const day = (daysAgo) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
const base = { page_index: 1, page_size: 20, keyword: '', sorter: [] };
const sort = (field, order = 'descend') => ({ sorter: [{ field, order }] });
/** Each scenario: the filter and sort the console sends for it. */
const SCENARIOS = {
  page1: {},
  members: { kind: 1 },
  customers: { kind: 0 },
  keywordPhone: { keyword: phones[0].phone },
  keywordPhoneTail: { keyword: phones[1].phone.slice(-4) },
  keywordName: { keyword: '王芳' },
  keywordSurname: { keyword: '林' },
  // Two digits typed into the box (every phone has them) and a character no customer has.
  keywordDigits2: { keyword: '13' },
  keywordRareChar: { keyword: '鑫' },
  keywordNone: { keyword: '不存在的客户' },
  level: { levelIds: [level] },
  tag: { tagIds: [tag] },
  card: { cardIds: [card] },
  group: { groupId: group },
  sexSource: { sex: 2, source: 1 },
  registered30d: { createTime: { from: day(30), to: day(0) } },
  boughtLast7d: { lastOrderTime: { from: day(7), to: day(0) } },
  spendRange: { spend: { min: 100, max: 500 } },
  combined: { kind: 1, levelIds: [level], sex: 2, spend: { min: 1000 } },
  sortSpend: sort('spend'),
  sortOrderCount: sort('orderCount'),
  sortLastOrder: sort('lastOrderTime'),
  sortBalance: sort('balance'),
  sortPoints: sort('points'),
  sortGrowth: sort('growth'),
  sortMemberTime: sort('memberTime'),
  sortCreateAsc: sort('createTime', 'ascend'),
  levelSortSpend: { levelIds: [level], ...sort('spend') },
  tagSortLastOrder: { tagIds: [tag], ...sort('lastOrderTime') },
  registered30dSortPoints: { createTime: { from: day(30), to: day(0) }, ...sort('points') },
  // The deepest page the list reaches (rows 9,981–10,000).
  deepPage500: { page_index: 500 },
  deepPage500SortSpend: { page_index: 500, ...sort('spend') },
};
/** The sums line for some of the same filters (reported apart: see the head of this file). */
const SUM_SCENARIOS = ['page1', 'members', 'level', 'tag', 'registered30d', 'combined', 'keywordName'];

const names = Object.keys(SCENARIOS).filter((n) => !only?.length || only.includes(n));
const bodyOf = (n) => ({ ...base, ...SCENARIOS[n] });
const sumBodyOf = (n) => {
  const { page_index, page_size, sorter, ...f } = bodyOf(n);
  return f;
};

const loadAtStart = os.loadavg()[0];
const { url, measure, line, windowRefusal, listScenario, stop } = await listRunner({ startServer, pg, databaseUrl: DATABASE_URL, ...RUN });

const results = {};
const sums = {};
let deepRefusal;
try {
  const token = await login(url);
  deepRefusal = await windowRefusal(token, LIST, base);
  for (const n of names) results[n] = (await listScenario(token, LIST, n, SCENARIOS[n], bodyOf(n))).row;
  for (const n of SUM_SCENARIOS.filter((x) => names.includes(x))) {
    const { first, ...r } = await measure(token, SUMS, sumBodyOf(n));
    sums[n] = { body: sumBodyOf(n), count: first.count, ...r };
    line(`sums:${n}`, r, `count ${first.count}`);
  }
} finally {
  await stop();
}

const out = {
  ...resultHead(RUN),
  data: { members: memberCount, database: 'PostgreSQL', renter: '演示店铺 (bench_members)' },
  machine: machineOf(loadAtStart),

  window: deepRefusal,
  overBudget: overOf(results),
  cpu: 'serverCpuMsPerCall / pgCpuMsPerCall: CPU time of the server process and of its PostgreSQL backends per call (from /proc)',
  scenarios: results,
  sums: {
    note: 'GetFindTotalAdJust (人数, 累计消费, 储值余额, 积分 of the filter) beside the list: not under the list budget',
    scenarios: sums,
  },
};
const file = path.join(root, 'bench/results/customer-inquiry.json');
saveResult(file, out, { only, root, merge: (prev) => Object.assign(out.sums.scenarios, { ...prev.sums?.scenarios, ...sums }) });
