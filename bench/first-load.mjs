// The first visit of one page of a built app (the console's /login, the H5 shop's home): every script the browser
// loads, gzipped and as transferred, and which of them carry code the page must not (the build's chunk notes,
// dist/.vite/chunks.json, marked by tools/vite-plugins/delivery.ts). Shared by console-size.mjs and shop-size.mjs.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';

export const root = path.resolve(import.meta.dirname, '..');

/** The given base URL, or the built server started on a temp data dir (stopped and removed by `stop`). */
export async function serverFor(givenBase, label) {
  if (givenBase) return { base: givenBase, stop: () => {} };
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `bench-${label}-`));
  const port = 3900 + Math.floor(Math.random() * 90);
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['scripts/start.mjs'], {
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
  return {
    base,
    stop: () => {
      server.kill('SIGTERM');
      setTimeout(() => fs.rmSync(dataDir, { recursive: true, force: true }), 1000);
    },
  };
}

/**
 * Opens `url` in Chromium, waits for `ready` (a locator) and a quiet network, and answers the scripts loaded and the
 * marks of the build's notes they carry. `prefix` is the app's base path ('/' or '/h5/'). Exits 2 when a script is not
 * in the notes (another build answering).
 */
export async function firstLoad({ url, ready, prefix, notesFile, viewport }) {
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
  const page = await browser.newPage(viewport ? { viewport } : {});
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
        const file = new URL(res.url()).pathname.slice(prefix.length);
        const note = notes.chunks[file];
        return {
          url: `${prefix}${file}`,
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
  await page.goto(url);
  // The page's own chunks are loaded by its router after the entry runs: wait for the page, then for quiet.
  await page.locator(ready).first().waitFor({ timeout: 60_000 });
  await page.waitForLoadState('networkidle');
  const scripts = await Promise.all(pending);
  await browser.close();
  const unknown = scripts.filter((s) => s.heavy === null).map((s) => s.url);
  if (unknown.length) {
    console.error(`not in ${path.relative(root, notesFile)} (another build?): ${unknown.join(', ')}`);
    process.exit(2);
  }
  const gzip = scripts.reduce((s, x) => s + x.gzip, 0);
  const transferred = scripts.reduce((s, x) => s + x.transferred, 0);
  return {
    scripts,
    notes,
    gzipKB: gzip / 1024,
    transferredKB: Math.round(transferred / 1024),
    marksLoaded: [...new Set(scripts.flatMap((s) => s.heavy))].sort(),
  };
}

/** The result's common part: sizes against the budget; `files` by gzip size. */
export function sizeResult(page, load, budgetKB) {
  return {
    measured: new Date().toISOString(),
    page,
    scripts: load.scripts.length,
    gzipKB: Math.round(load.gzipKB),
    budgetKB,
    ratioOfBudget: +(load.gzipKB / budgetKB).toFixed(2),
    withinBudget: load.gzipKB <= budgetKB,
    // What went over the wire (brotli from the build's .br files when the browser accepts it).
    transferredKB: load.transferredKB,
  };
}
