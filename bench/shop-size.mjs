// The JavaScript the browser loads for the first visit of the H5 shop's home (/h5/shop/<shopId>; issue 15: under
// 150 KB gzipped), and whether any of it is code the shop must never carry (the console's code, antd, zod, the
// console's heavy code: SHOP_FORBIDDEN in apps/shop/vite.config.ts, marked per chunk in apps/shop/dist/.vite/chunks.json
// by the build). Writes bench/results/shop-home.json; exits 1 over budget or when forbidden code is loaded.
// Usage: node bench/shop-size.mjs [baseURL [shopId]]   (default: starts the built server on a temp data dir with the demo
// enterprise and opens its shop; the chunk notes are read from apps/shop/dist, so a baseURL must serve that same build)
import fs from 'node:fs';
import path from 'node:path';
import { firstLoad, root, serverFor, sizeResult } from './first-load.mjs';

const BUDGET_KB = 150;
const server = await serverFor(process.argv[2], 'shop');
let shopId = process.argv[3];
if (!shopId) {
  const res = await fetch(`${server.base}/api/Login/LoginByPwd`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phone: '13800138000', pwd: 'demo1234' }),
  });
  shopId = (await res.json()).data?.self?.shopID;
  if (!shopId) {
    console.error('no shop: pass a shop id, or run against a server with the demo enterprise');
    server.stop();
    process.exit(2);
  }
}
const home = `/h5/shop/${shopId}`;
const load = await firstLoad({
  url: `${server.base}${home}`,
  // The shop's chunk: the goods grid, or its empty state.
  ready: '.s-grid, .s-empty',
  prefix: '/h5/',
  notesFile: path.join(root, 'apps/shop/dist/.vite/chunks.json'),
  viewport: { width: 390, height: 844 },
});
server.stop();
const heavyLoaded = load.marksLoaded;
const result = {
  ...sizeResult('/h5/shop/<shopId>', load, BUDGET_KB),
  consoleLoaded: heavyLoaded.includes('console'),
  antdLoaded: heavyLoaded.includes('antd'),
  forbiddenCodeLoaded: heavyLoaded,
  forbiddenCode: Object.keys(load.notes.heavyCode),
  files: load.scripts.sort((a, b) => b.gzip - a.gzip),
};
fs.writeFileSync(path.join(import.meta.dirname, 'results/shop-home.json'), `${JSON.stringify(result, null, 2)}\n`);
console.log(
  `the shop home loads ${result.scripts} scripts, ${result.gzipKB} KB gzipped (budget ${BUDGET_KB} KB), ${result.transferredKB} KB transferred;` +
    ` forbidden code loaded: ${heavyLoaded.length ? heavyLoaded.join(', ') : 'none'}`,
);
if (!result.withinBudget || heavyLoaded.length) process.exit(1);
