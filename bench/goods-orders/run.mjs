// The goods-order benchmark (商品订单, issue 15; DESIGN §8: p95 under 50 ms with 20 concurrent clients at 1,000,000
// orders on PostgreSQL): per scenario — a tab, a filter, a sort, or some together, as the console sends them — 20
// clients calling POST /Order/GoodsOrder/orderList at a steady pace (the budget's run), then autocannon with 20
// connections back to back (the capacity at 100 % CPU); then the detail page (orderDetail) and the 发货 dialog
// (GetOrderDetail) of a random order on every call. Every list call also answers the seven tabs' bounded counts.
// The load side is shared with the goods list and the customer query (bench/goods-list/load.mjs).
// Data: node bench/goods-orders/generate.mjs (1,000,000 goods orders of 演示店铺 in bench_orders).
//   node bench/goods-orders/run.mjs [--seconds 10] [--only name,name] [--paced-rate 5]
import os from 'node:os';
import path from 'node:path';

process.env.DATABASE_URL ||= 'postgres://postgres@127.0.0.1:5432/bench_orders';
const { arg, benchRenterId, DATABASE_URL, login, pg, root, startServer } = await import('../goods-list/lib.mjs');
const { listRunner, machineOf, overOf, resultHead, saveResult } = await import('../goods-list/load.mjs');

const only = arg('only', '')?.split(',').filter(Boolean);
/** Seconds per scenario and paced calls per client per second (command line); DESIGN §8's p95 budget. */
const RUN = { seconds: Number(arg('seconds', 10)), rate: Number(arg('paced-rate', 5)), budgetMs: 50 };
const LIST = '/Order/GoodsOrder/orderList';
const DETAIL = '/Order/GoodsOrder/orderDetail';
const SHIP_INFO = '/Order/GoodsOrder/GetOrderDetail';

const client = new pg.Client({ connectionString: DATABASE_URL });
await client.connect();
const renterId = await benchRenterId(client);
const rows = async (q, ...params) => (await client.query(q, [renterId, ...params])).rows;
const orderCount = Number((await rows('select count(*) n from goods_orders where renter_id = $1'))[0].n);
if (orderCount < 1_000_000) console.warn(`only ${orderCount} goods orders: run node bench/goods-orders/generate.mjs first`);
// An order number; the phone of a frequent buyer; a goods title bought a few times only; random orders for the detail.
const [sample] = await rows('select order_no from goods_orders where renter_id = $1 order by created_at desc offset 5000 limit 1');
const [buyer] = await rows(
  'select member_phone, count(*) n from goods_orders where renter_id = $1 group by member_phone order by count(*) desc limit 1',
);
const [rare] = await rows(
  `select g.title, (select count(*) from goods_order_lines l where l.renter_id = $1 and l.goods_id = g.id) n
     from goods g where g.renter_id = $1 and g.goods_no like 'BO%' order by g.goods_no desc limit 1`,
);
const ids = (await rows('select id from goods_orders tablesample system (1) where renter_id = $1 limit 2000')).map((r) => r.id);
await client.end();

const day = (daysAgo) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
const base = { page_index: 1, page_size: 20, keyword: '', sorter: [] };
const sort = (field, order = 'descend') => ({ sorter: [{ field, order }] });
/** Each scenario: the tab, filter and sort the console sends for it. */
const SCENARIOS = {
  all: { tab: -1 },
  unpaid: { tab: 0 },
  toShip: { tab: 1 },
  shipped: { tab: 2 },
  done: { tab: 3 },
  closed: { tab: 4 },
  afterSale: { tab: 5 },
  orderNo: { orderNo: sample.order_no },
  memberPhone: { memberPhone: buyer.member_phone },
  // Words of goods titles: a brand on ~1 in 12 lines, a product on ~1 in 32 (a popular one), a title bought rarely.
  titleCommon: { goodsTitle: '三只松鼠' },
  titleProduct: { goodsTitle: '牛奶' },
  titleRare: { goodsTitle: rare.title },
  titleNone: { goodsTitle: '不存在的商品' },
  keywordOrderNo: { keyword: sample.order_no },
  created7d: { timeType: 'create', stime: `${day(7)} 00:00:00`, endtime: `${day(0)} 23:59:59` },
  paid30d: { timeType: 'pay', stime: `${day(30)} 00:00:00`, endtime: `${day(0)} 23:59:59` },
  createdYearAgoMonth: { timeType: 'create', stime: `${day(395)} 00:00:00`, endtime: `${day(365)} 23:59:59` },
  pickup: { deliveryMethod: 2 },
  local: { deliveryMethod: 3 },
  alipay: { payMethod: 'alipay' },
  sandboxPay: { payMethod: 'sandbox' },
  combined: {
    tab: 3,
    deliveryMethod: 1,
    payMethod: 'wechat',
    timeType: 'pay',
    stime: `${day(90)} 00:00:00`,
    endtime: `${day(0)} 23:59:59`,
  },
  toShipPickup: { tab: 1, deliveryMethod: 2 },
  sortCreateAsc: sort('createTime', 'ascend'),
  sortPayDesc: sort('payTime'),
  sortPayAsc: sort('payTime', 'ascend'),
  sortAmountDesc: sort('payAmount'),
  sortAmountAsc: sort('payAmount', 'ascend'),
  doneSortAmount: { tab: 3, ...sort('payAmount') },
  // Page 200 (rows 3,981–4,000) of the whole list and of a tab, newest first.
  deepPage200: { page_index: 200 },
  deepPage200Done: { tab: 3, page_index: 200 },
  deepPage200SortAmount: { page_index: 200, ...sort('payAmount') },
};
const pick = () => ids[Math.floor(Math.random() * ids.length)];
const OTHER = { orderDetail: DETAIL, shipInfo: SHIP_INFO };

const names = Object.keys(SCENARIOS).filter((n) => !only?.length || only.includes(n));
const others = Object.keys(OTHER).filter((n) => !only?.length || only.includes(n));
const bodyOf = (n) => ({ ...base, ...SCENARIOS[n] });

const loadAtStart = os.loadavg()[0];
const { url, measure, line, windowRefusal, listScenario, stop } = await listRunner({ startServer, pg, databaseUrl: DATABASE_URL, ...RUN });

const results = {};
let deepRefusal;
let tabs;
try {
  const token = await login(url);
  deepRefusal = await windowRefusal(token, LIST, base);
  for (const n of names) {
    const { first, row } = await listScenario(token, LIST, n, SCENARIOS[n], bodyOf(n));
    tabs ??= first.tabs;
    results[n] = row;
  }
  for (const n of others) {
    const { first, ...r } = await measure(token, OTHER[n], () => ({ id: pick() }));
    results[n] = { body: '{id} of a random order (2,000 drawn)', ...r };
    line(n, r, `e.g. ${first.orderNo}`);
  }
} finally {
  await stop();
}

const out = {
  ...resultHead(RUN),
  data: { goodsOrders: orderCount, database: 'PostgreSQL', renter: '演示店铺 (bench_orders)', tabs },
  machine: machineOf(loadAtStart),
  window: deepRefusal,
  overBudget: overOf(results),
  cpu: 'serverCpuMsPerCall / pgCpuMsPerCall: CPU time of the server process and of its PostgreSQL backends per call (from /proc)',
  scenarios: results,
};
const file = path.join(root, 'bench/results/goods-orders.json');
saveResult(file, out, { only, root });
