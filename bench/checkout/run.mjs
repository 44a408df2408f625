// Checkout throughput with stock contention on one hot SKU (issue 15): members of 演示店铺 submit orders
// (POST /h5/Order/Submit, 立即购买 of one SKU, 快递 to their saved address) as the H5 shop does, all for the same SKU.
//   Phase 1 (throughput): --buyers (100) members, each submitting again as soon as its answer arrives, for --seconds
//   (20), against a big stock (100,000, set through the console's BatchEditGoodsStock): orders/s, p50/p95/p99.
//   Phase 2 (sell-out): the stock set to --small-stock (100), then --rush (300) other members submit once, all at once:
//   exactly that many orders placed, every other answer '商品「…」库存不足' (lost the race for the last units) or
//   '商品「…」已售罄' (read the stock at 0 before queueing for it: the pricing's early refusal).
// After each phase it checks on PostgreSQL that nothing was oversold or lost: starting stock − units in the phase's
// orders = the SKU's stock now; the stock ledger (goods_stock_moves) has one move per order summing to −units, never
// below 0, its lowest stock_after = the stock now; and the orders the server answered are exactly the orders stored.
// Members log in by the real flow: /h5/Member/SendCode, the code read from the dev SMS provider's log line
// ('[dev-sms] phone=… code=…', server started with LOG_LEVEL=info and SMS_IP_MAX raised for the bench's address),
// /h5/Member/LoginBySms (the first login creates the member), then /h5/Address/Save. The measured phases run on a
// second start of the server at LOG_LEVEL=warn (the tokens are rows of the database, so they stay valid).
// Database: bench_checkout on 127.0.0.1:5432, dropped and made again on every run (migrations, demo seed).
//   node bench/checkout/run.mjs [--buyers 100] [--seconds 20] [--small-stock 100] [--rush 300]
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

process.env.DATABASE_URL ||= 'postgres://postgres@127.0.0.1:5432/bench_checkout';
const { arg, benchRenterId, DATABASE_URL, ensureDatabase, login, pg, root, startServer } = await import('../goods-list/lib.mjs');
const { machineOf, pct, round } = await import('../goods-list/load.mjs');

const BUYERS = Number(arg('buyers', 100));
const SECONDS = Number(arg('seconds', 20));
const SMALL_STOCK = Number(arg('small-stock', 100));
const RUSH = Number(arg('rush', 300));
const BIG_STOCK = 100_000;
const PORT = Number(process.env.BENCH_PORT || 3976);
const loadAtStart = os.loadavg()[0];
const phoneOf = (n) => `1770000${String(n).padStart(4, '0')}`;

// A fresh database: the same starting point every run.
{
  const url = new URL(DATABASE_URL);
  const name = decodeURIComponent(url.pathname.slice(1));
  url.pathname = '/postgres';
  const c = new pg.Client({ connectionString: url.toString() });
  await c.connect();
  await c.query(`drop database if exists "${name.replaceAll('"', '""')}" with (force)`);
  await c.end();
  await ensureDatabase();
}

const post = async (base, route, body, headers = {}) => {
  const r = await fetch(`${base}${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return r.json();
};
const ok = (route, b) => {
  if (b.code !== 0) throw new Error(`${route}: ${b.code} ${b.msg}`);
  return b.data;
};
/** Runs fn over items, `width` at a time. */
async function pool(items, width, fn) {
  const out = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i], i);
      }
    }),
  );
  return out;
}

// The first start: migrations, the demo enterprise (and its demo orders); members log in and save an address.
const codes = new Map();
const waiters = new Map();
const onLine = (l) => {
  const m = /\[dev-sms\] phone=(\d+) code=(\d+)/.exec(l);
  if (!m) return;
  codes.set(m[1], m[2]);
  waiters.get(m[1])?.();
};
const codeOf = (phone) =>
  codes.get(phone) ??
  new Promise((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`no dev SMS for ${phone}`)), 10_000);
    waiters.set(phone, () => {
      clearTimeout(t);
      resolve(codes.get(phone));
    });
  });
const t0 = performance.now();
const log = (s) => console.log(`${((performance.now() - t0) / 1000).toFixed(1).padStart(6)} s  ${s}`);
let server = await startServer(PORT, { env: { LOG_LEVEL: 'info', SMS_IP_MAX: '100000' }, onLine });
// Whatever fails, the server started here does not outlive the bench.
process.on('exit', () => {
  try {
    process.kill(server.pid);
  } catch {}
});
log('server started (migrations, demo)');
const db = new pg.Client({ connectionString: DATABASE_URL });
await db.connect();
const renterId = await benchRenterId(db);
const one = async (q, ...params) => (await db.query(q, params)).rows[0];
const shopId = (await one('select id from shops where renter_id = $1 order by created_at limit 1', renterId)).id;
// The hot SKU: a goods on sale with one SKU, sent by 快递, no purchase limit (the demo's catalogue).
const hot = await one(
  `select s.id sku_id, g.title from goods g join goods_skus s on s.renter_id = g.renter_id and s.goods_id = g.id
    where g.renter_id = $1 and g.status = 1 and g.purchase_limit = 0 and g.delivery ? 'express'
      and (select count(*) from goods_skus x where x.goods_id = g.id) = 1
    order by s.price_fen, g.goods_no limit 1`,
  renterId,
);
if (!hot) throw new Error('no single-SKU 快递 goods on sale in 演示店铺');
const shopHeaders = { 'shop-id': shopId };
const members = await pool(
  Array.from({ length: BUYERS + RUSH }, (_, i) => phoneOf(i + 1)),
  10,
  async (phone) => {
    ok('SendCode', await post(server.url, '/h5/Member/SendCode', { phone }, shopHeaders));
    const code = await codeOf(phone);
    const { token } = ok('LoginBySms', await post(server.url, '/h5/Member/LoginBySms', { phone, code }, shopHeaders));
    const headers = { ...shopHeaders, token };
    ok(
      'Address/Save',
      await post(
        server.url,
        '/h5/Address/Save',
        { name: '压测买家', phone, area: ['33', '3301', '330106'], address: '文三路90号' },
        headers,
      ),
    );
    return { phone, headers };
  },
);
log(`${members.length} members logged in (dev SMS code) with an address`);
await server.stop();
server = await startServer(PORT);
const owner = await login(server.url);
log(`server restarted at LOG_LEVEL=warn; hot SKU: ${hot.title}`);

async function setStock(stock) {
  ok(
    'BatchEditGoodsStock',
    await post(server.url, '/Goods/Goods/BatchEditGoodsStock', { items: [{ skuId: hot.sku_id, stock }] }, { token: owner }),
  );
}
/** One submit: {ok, ms, orderId} or {ok: false, msg}. */
async function submit(m) {
  const s = performance.now();
  const b = await post(
    server.url,
    '/h5/Order/Submit',
    { skuId: hot.sku_id, qty: 1, deliveryMethod: 1, requestKey: randomUUID() },
    m.headers,
  );
  const ms = performance.now() - s;
  return b.code === 0 ? { ok: true, ms, orderId: b.data.orderId } : { ok: false, ms, msg: b.msg };
}
/** What the database says of the phase that started at `since` with `start` units of stock. */
async function audit(since, start, answered) {
  const orders = await one(
    `select count(distinct o.id)::int n, coalesce(sum(l.qty), 0)::int units, array_agg(o.id::text) ids
       from goods_orders o join goods_order_lines l on l.renter_id = o.renter_id and l.order_id = o.id
      where o.renter_id = $1 and l.sku_id = $2 and o.created_at >= $3`,
    renterId,
    hot.sku_id,
    since,
  );
  const stock = (await one('select stock from goods_skus where renter_id = $1 and id = $2', renterId, hot.sku_id)).stock;
  const ledger = await one(
    `select count(*)::int n, coalesce(sum(delta), 0)::int delta, min(stock_after) low from goods_stock_moves
      where renter_id = $1 and sku_id = $2 and reason = 'order' and created_at >= $3`,
    renterId,
    hot.sku_id,
    since,
  );
  const stored = new Set(orders.ids ?? []);
  const checks = {
    stockAddsUp: start - orders.units === stock,
    ledgerOneMovePerOrder: ledger.n === orders.n,
    ledgerSumsToUnits: ledger.delta === -orders.units,
    ledgerNeverBelowZero: ledger.n === 0 || (ledger.low >= 0 && ledger.low === stock),
    answeredAreStored: answered.length === orders.n && answered.every((id) => stored.has(id)),
  };
  return {
    startStock: start,
    stockNow: stock,
    ordersStored: orders.n,
    unitsSold: orders.units,
    ledger: { moves: ledger.n, delta: ledger.delta, lowestStockAfter: ledger.low },
    checks,
    consistent: Object.values(checks).every(Boolean),
  };
}
const since = async () => (await one('select now() t')).t;

// Phase 1: throughput.
await setStock(BIG_STOCK);
const warm = await submit(members[0]); // the first call warms the server's paths
if (!warm.ok) throw new Error(`submit refused: ${warm.msg}`);
await setStock(BIG_STOCK);
const since1 = await since();
const lat = [];
const answered1 = [];
const refused1 = {};
const end = Date.now() + SECONDS * 1000;
const started = performance.now();
await Promise.all(
  members.slice(0, BUYERS).map(async (m) => {
    while (Date.now() < end) {
      const r = await submit(m);
      if (r.ok) {
        lat.push(r.ms);
        answered1.push(r.orderId);
      } else refused1[r.msg] = (refused1[r.msg] ?? 0) + 1;
    }
  }),
);
const elapsed = (performance.now() - started) / 1000;
lat.sort((a, b) => a - b);
const throughput = {
  buyers: BUYERS,
  seconds: round(elapsed),
  orders: answered1.length,
  ordersPerSecond: round(answered1.length / elapsed),
  p50: round(pct(lat, 50)),
  p95: round(pct(lat, 95)),
  p99: round(pct(lat, 99)),
  refused: refused1,
  ...(await audit(since1, BIG_STOCK, answered1)),
};
log(
  `phase 1: ${throughput.orders} orders in ${throughput.seconds} s = ${throughput.ordersPerSecond}/s, p50 ${throughput.p50} p95 ${throughput.p95} ms; consistent ${throughput.consistent}`,
);

// Phase 2: sell-out.
await setStock(SMALL_STOCK);
const since2 = await since();
const s2 = performance.now();
const rush = await Promise.all(members.slice(BUYERS, BUYERS + RUSH).map((m) => submit(m)));
const placed = rush.filter((r) => r.ok);
const refusals = {};
for (const r of rush.filter((x) => !x.ok)) refusals[r.msg] = (refusals[r.msg] ?? 0) + 1;
const stockMsgs = [`商品「${hot.title}」库存不足`, `商品「${hot.title}」已售罄`];
const outOfStock = stockMsgs.reduce((n, m) => n + (refusals[m] ?? 0), 0);
const sellOut = {
  stock: SMALL_STOCK,
  buyers: RUSH,
  seconds: round((performance.now() - s2) / 1000),
  placed: placed.length,
  refusedOutOfStock: outOfStock,
  refusals,
  exactlyStockPlaced: placed.length === SMALL_STOCK,
  restRefusedOutOfStock: outOfStock === RUSH - SMALL_STOCK,
  ...(await audit(
    since2,
    SMALL_STOCK,
    placed.map((r) => r.orderId),
  )),
};
log(
  `phase 2: ${sellOut.placed} of ${RUSH} placed against ${SMALL_STOCK} in stock; refusals ${JSON.stringify(refusals)}; consistent ${sellOut.consistent}`,
);
await db.end();
await server.stop();

const out = {
  measured: new Date().toISOString(),
  what: 'POST /h5/Order/Submit (立即购买, qty 1, 快递) of one hot SKU by many members at once, on PostgreSQL (bench_checkout)',
  hotSku: hot.title,
  tokens: 'real login: /h5/Member/SendCode, the dev SMS provider code from the server log, /h5/Member/LoginBySms',
  machine: machineOf(loadAtStart),
  throughput,
  sellOut,
  ok: throughput.consistent && sellOut.consistent && sellOut.exactlyStockPlaced && sellOut.restRefusedOutOfStock,
};
const file = path.join(root, 'bench/results/checkout.json');
fs.writeFileSync(file, `${JSON.stringify(out, null, 2)}\n`);
console.log(`${out.ok ? 'consistent' : 'INCONSISTENT'}: ${path.relative(root, file)}`);
if (!out.ok) process.exitCode = 1;
