// Measures the gzipped JavaScript the browser loads for the first visit of /login (DESIGN §8: under 300 KB).
// Usage: node bench/console-size.mjs [baseURL]   (default: starts the built server on a temp data dir)
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';

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
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${base}/login`)).ok) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
}
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
const scripts = [];
page.on('response', async (res) => {
  if (res.request().resourceType() === 'script') {
    const body = await res.body().catch(() => Buffer.alloc(0));
    scripts.push({ url: new URL(res.url()).pathname, bytes: body.length, gzip: zlib.gzipSync(body).length });
  }
});
await page.goto(`${base}/login`, { waitUntil: 'networkidle' });
await browser.close();
server?.kill('SIGTERM');
const gzip = scripts.reduce((s, x) => s + x.gzip, 0);
const result = {
  measured: new Date().toISOString(),
  page: '/login',
  scripts: scripts.length,
  gzipKB: Math.round(gzip / 1024),
  budgetKB: 300,
  ratioOfBudget: +(gzip / 1024 / 300).toFixed(2),
  files: scripts.sort((a, b) => b.gzip - a.gzip),
};
fs.writeFileSync(path.join(import.meta.dirname, 'results/console-login.json'), `${JSON.stringify(result, null, 2)}\n`);
console.log(`/login loads ${scripts.length} scripts, ${result.gzipKB} KB gzipped (budget 300 KB)`);
if (dataDir) setTimeout(() => fs.rmSync(dataDir, { recursive: true, force: true }), 1000);
