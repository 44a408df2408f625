// Measures the embedded start (DESIGN §8: `npm start` on an existing data dir under 3 s): time from spawning the
// server until /login answers, first on a new data dir, then 5 times on the existing one.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-start-'));
const port = 3990;

async function once() {
  const t0 = performance.now();
  const p = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  for (;;) {
    try {
      if (
        (
          await fetch(`http://127.0.0.1:${port}/api/Login/GetIndustry`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: '{}',
          })
        ).ok
      )
        break;
    } catch {}
    await new Promise((r) => setTimeout(r, 25));
  }
  const ms = performance.now() - t0;
  p.kill('SIGTERM');
  await new Promise((r) => p.on('exit', r));
  return Math.round(ms);
}

const first = await once();
const warm = [];
for (let i = 0; i < 5; i++) warm.push(await once());
warm.sort((a, b) => a - b);
const result = {
  measured: new Date().toISOString(),
  firstStartMs: first,
  existingDataDirMs: warm,
  medianMs: warm[2],
  budgetMs: 3000,
  ratioOfBudget: +(warm[2] / 3000).toFixed(2),
};
fs.writeFileSync(path.join(import.meta.dirname, 'results/start-time.json'), `${JSON.stringify(result, null, 2)}\n`);
console.log(`first start ${first} ms; on an existing data dir median ${warm[2]} ms (budget 3000 ms)`);
fs.rmSync(dataDir, { recursive: true, force: true });
