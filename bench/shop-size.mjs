// The JavaScript the browser loads for the first visit of the H5 shop's home (/h5/shop/<shopId>; issue 15: under
// 150 KB gzipped), and whether any of it is code the shop must never carry (the console's code, antd, zod, the
// console's heavy code: SHOP_FORBIDDEN in apps/shop/vite.config.ts, marked per chunk in apps/shop/dist/.vite/chunks.json
// by the build). Writes bench/results/shop-home.json; exits 1 over budget or when forbidden code is loaded.
// Usage: node bench/shop-size.mjs [baseURL [shopId]]   (default: starts the built server on a temp data dir with the demo
// enterprise and opens its shop; the chunk notes are read from apps/shop/dist, so a baseURL must serve that same build)
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';

const BUDGET_KB = 150;
const root = path.resolve(import.meta.dirname, '..');
let base = process.argv[2];
let server;
let dataDir;
if (!base) {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-shop-'));
  const port = 3900 + Math.floor(Math.random() * 90);
  base = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${base}/login`)).ok) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
}
const notesFile = path.join(root, 'apps/shop/dist/.vite/chunks.json');
let shopId = process.argv[3];
if (!shopId) {
  const res = await fetch(`${base}/api/Login/LoginByPwd`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phone: '13800138000', pwd: 'demo1234' }),
  });
  shopId = (await res.json()).data?.self?.shopID;
  if (!shopId) {
    console.error('no shop: pass a shop id, or run against a server with the demo enterprise');
    process.exit(2);
  }
}
const home = `/h5/shop/${shopId}`;
const notes = JSON.parse(fs.readFileSync(notesFile, 'utf8'));

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-dev-shm-usage',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
const page = await browser.newPage();
const pending = [];
page.on('response', (res) => {
  if (res.request().resourceType() !== 'script') return;
  pending.push(
    (async () => {
      const body = await res.body().catch(() => Buffer.alloc(0));
      const sizes = await res
        .request()
        .sizes()
        .catch(() => ({ responseBodySize: body.length }));
      const file = new URL(res.url()).pathname.replace(/^\/h5\//, '');
      const note = notes.chunks[file];
      return {
        url: `/h5/${file}`,
        bytes: body.length,
        gzip: zlib.gzipSync(body).length,
        transferred: sizes.responseBodySize,
        contentEncoding: res.headers()['content-encoding'] ?? null,
        cacheControl: res.headers()['cache-control'] ?? null,
        heavy: note ? note.heavy : null,
      };
    })(),
  );
});
await page.setViewportSize({ width: 390, height: 844 });
await page.goto(`${base}${home}`);
// The shop's chunk is loaded after index.js runs: wait for the goods grid (or its empty state), then for quiet.
await page.locator('.s-grid, .s-empty').first().waitFor({ timeout: 60_000 });
await page.waitForLoadState('networkidle');
const scripts = await Promise.all(pending);
await browser.close();
server?.kill('SIGTERM');
if (dataDir) setTimeout(() => fs.rmSync(dataDir, { recursive: true, force: true }), 1000);

const unknown = scripts.filter((s) => s.heavy === null).map((s) => s.url);
if (unknown.length) {
  console.error(`not in ${path.relative(root, notesFile)} (another build?): ${unknown.join(', ')}`);
  process.exit(2);
}
const gzip = scripts.reduce((s, x) => s + x.gzip, 0);
const transferred = scripts.reduce((s, x) => s + x.transferred, 0);
const heavyLoaded = [...new Set(scripts.flatMap((s) => s.heavy))].sort();
const result = {
  measured: new Date().toISOString(),
  page: '/h5/shop/<shopId>',
  scripts: scripts.length,
  gzipKB: Math.round(gzip / 1024),
  budgetKB: BUDGET_KB,
  ratioOfBudget: +(gzip / 1024 / BUDGET_KB).toFixed(2),
  withinBudget: gzip / 1024 <= BUDGET_KB,
  // What went over the wire (brotli from the build's .br files when the browser accepts it).
  transferredKB: Math.round(transferred / 1024),
  consoleLoaded: heavyLoaded.includes('console'),
  antdLoaded: heavyLoaded.includes('antd'),
  forbiddenCodeLoaded: heavyLoaded,
  forbiddenCode: Object.keys(notes.heavyCode),
  files: scripts.sort((a, b) => b.gzip - a.gzip),
};
fs.writeFileSync(path.join(import.meta.dirname, 'results/shop-home.json'), `${JSON.stringify(result, null, 2)}\n`);
console.log(
  `the shop home loads ${scripts.length} scripts, ${result.gzipKB} KB gzipped (budget ${BUDGET_KB} KB), ${result.transferredKB} KB transferred;` +
    ` forbidden code loaded: ${heavyLoaded.length ? heavyLoaded.join(', ') : 'none'}`,
);
if (!result.withinBudget || heavyLoaded.length) process.exit(1);
