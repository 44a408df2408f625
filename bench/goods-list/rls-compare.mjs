// Row-level security's cost on the goods list (issue 13 §4, budget: p95 within 10 %): run.mjs twice over the same
// scenarios, alternating the server without (ROW_LEVEL_SECURITY=off) and with the policies, `--rounds` times each, and
// the p95 of each side taken as the median of its rounds (a shared machine's load drifts over minutes).
// Writes bench/results/goods-list-rls.json.
//   node bench/goods-list/rls-compare.mjs [--only page1,keyword2,categoryTop] [--seconds 5] [--rounds 2]
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { arg, root } from './lib.mjs';

const only = arg('only', 'page1,keyword2,categoryTop');
const seconds = arg('seconds', '5');
const rounds = Number(arg('rounds', 2));
const BUDGET = 0.1;

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
  return Math.round(m * 100) / 100;
};

const runs = { off: [], on: [] };
for (let r = 0; r < rounds; r++) {
  for (const side of ['off', 'on']) {
    const out = path.join(os.tmpdir(), `goods-list-rls-${side}-${r}.json`);
    const res = spawnSync(
      process.execPath,
      [path.join(import.meta.dirname, 'run.mjs'), '--only', only, '--seconds', seconds, '--out', out],
      {
        stdio: 'inherit',
        env: { ...process.env, ROW_LEVEL_SECURITY: side },
      },
    );
    if (res.status !== 0) throw new Error(`run.mjs (${side}) failed`);
    runs[side].push(JSON.parse(fs.readFileSync(out, 'utf8')));
    fs.rmSync(out);
  }
}

const scenarios = {};
for (const n of Object.keys(runs.on[0].scenarios)) {
  const pick = (side, key) => median(runs[side].map((x) => x.scenarios[n][key]));
  const row = {};
  for (const key of ['p50', 'p95', 'saturatedP95', 'capacityRps', 'serverCpuMsPerCall', 'pgCpuMsPerCall']) {
    row[key] = { without: pick('off', key), with: pick('on', key) };
  }
  row.p95Ratio = +(row.p95.with / row.p95.without).toFixed(3);
  // CPU per call (server + its PostgreSQL backends) moves less with the machine's other load than latency does.
  const cpu = (side) => row.serverCpuMsPerCall[side] + row.pgCpuMsPerCall[side];
  row.cpuRatio = +(cpu('with') / cpu('without')).toFixed(3);
  row.withinBudget = row.p95Ratio <= 1 + BUDGET;
  row.roundsP95 = { without: runs.off.map((x) => x.scenarios[n].p95), with: runs.on.map((x) => x.scenarios[n].p95) };
  scenarios[n] = row;
  console.log(
    `${n.padEnd(14)} p95 ${row.p95.without} → ${row.p95.with} ms (×${row.p95Ratio}) ${row.withinBudget ? 'ok' : 'OVER'} | cpu/call ×${row.cpuRatio}`,
  );
}
const file = path.join(root, 'bench/results/goods-list-rls.json');
fs.writeFileSync(
  file,
  `${JSON.stringify(
    {
      measured: new Date().toISOString(),
      budget: { p95Ratio: 1 + BUDGET },
      how: `run.mjs --only ${only} --seconds ${seconds}, ${rounds} rounds alternating ROW_LEVEL_SECURITY=off and on; each figure the median of its rounds; p95/p50 from the budget's paced run (20 clients × 5 calls/s)`,
      machine: { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model, loadAverage1mAtEnd: +os.loadavg()[0].toFixed(2) },
      data: runs.on[0].data,
      scenarios,
    },
    null,
    2,
  )}\n`,
);
console.log(`written ${path.relative(root, file)}`);
