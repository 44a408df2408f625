// The JavaScript the browser loads for the first visit of /login (DESIGN §8: under 300 KB gzipped), and whether any
// of it is code /login has no use for (the table, the rich-text editor, charts, Excel: HEAVY_CODE in
// tools/vite-plugins/delivery.ts, marked per chunk in apps/admin/dist/.vite/chunks.json by the build).
// Writes bench/results/console-login.json; exits 1 over budget or when heavy code is loaded.
// Usage: node bench/console-size.mjs [baseURL]   (default: starts the built server on a temp data dir; the chunk
// notes are read from apps/admin/dist, so a baseURL must serve that same build)
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';

const BUDGET_KB = 300;
const root = path.resolve(import.meta.dirname, '..');
let base = process.argv[2];
let server;
let dataDir;
if (!base) {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-console-'));
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
const notesFile = path.join(root, 'apps/admin/dist/.vite/chunks.json');
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
      const file = new URL(res.url()).pathname.slice(1);
      const note = notes.chunks[file];
      return {
        url: `/${file}`,
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
await page.goto(`${base}/login`);
// The page's own chunks are loaded by the console's router after main.js runs: wait for the form, then for quiet.
await page.locator('input[type=password]').waitFor({ timeout: 60_000 });
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
  page: '/login',
  scripts: scripts.length,
  gzipKB: Math.round(gzip / 1024),
  budgetKB: BUDGET_KB,
  ratioOfBudget: +(gzip / 1024 / BUDGET_KB).toFixed(2),
  withinBudget: gzip / 1024 <= BUDGET_KB,
  // What went over the wire (brotli from the build's .br files when the browser accepts it).
  transferredKB: Math.round(transferred / 1024),
  tableLoaded: heavyLoaded.includes('table'),
  editorLoaded: heavyLoaded.includes('editor'),
  heavyCodeLoaded: heavyLoaded,
  heavyCode: Object.keys(notes.heavyCode),
  files: scripts.sort((a, b) => b.gzip - a.gzip),
};
fs.writeFileSync(path.join(import.meta.dirname, 'results/console-login.json'), `${JSON.stringify(result, null, 2)}\n`);
console.log(
  `/login loads ${scripts.length} scripts, ${result.gzipKB} KB gzipped (budget ${BUDGET_KB} KB), ${result.transferredKB} KB transferred;` +
    ` heavy code loaded: ${heavyLoaded.length ? heavyLoaded.join(', ') : 'none'}`,
);
if (!result.withinBudget || heavyLoaded.length) process.exit(1);
