// npm test: every suite — server on PGlite (and on PostgreSQL when TEST_DATABASE_URL is set),
// admin and shop unit tests, browser tests in Debian Chromium — then one closing line with the totals.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { raceProblems, raceTests } from './race-check.mjs';

const root = path.resolve(import.meta.dirname, '..');
const out = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-test-'));
const only = process.argv.slice(2); // e.g. `npm test -- server admin shop`
const want = (name) => only.length === 0 || only.includes(name);

const suites = [];
const { TEST_DATABASE_URL, ...baseEnv } = process.env;
if (want('server')) suites.push({ name: 'server (PGlite)', kind: 'vitest', cwd: 'apps/server', env: baseEnv, server: 'pglite' });
if (want('server') && TEST_DATABASE_URL)
  suites.push({
    name: 'server (PostgreSQL)',
    kind: 'vitest',
    cwd: 'apps/server',
    env: { ...baseEnv, TEST_DATABASE_URL },
    server: 'postgres',
  });
if (want('admin')) suites.push({ name: 'admin', kind: 'vitest', cwd: 'apps/admin', env: baseEnv });
if (want('shop')) suites.push({ name: 'shop', kind: 'vitest', cwd: 'apps/shop', env: baseEnv });
if (want('e2e')) suites.push({ name: 'e2e (Chromium)', kind: 'playwright', cwd: 'e2e', env: baseEnv });

let passed = 0;
let failed = 0;
let skipped = 0;
const lines = [];
const failures = []; // the names of failed tests, repeated at the end where a short CI log still shows them
const serverReports = {}; // the server passes' vitest JSON reports, for the race tests' check below
for (const [i, s] of suites.entries()) {
  const report = path.join(out, `${i}.json`);
  console.log(`\n━━ ${s.name} ━━`);
  const started = Date.now();
  const args =
    s.kind === 'vitest'
      ? ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`]
      : ['playwright', 'test', '--reporter=list,json'];
  const r = spawnSync('npx', args, {
    cwd: path.join(root, s.cwd),
    stdio: 'inherit',
    env: { ...s.env, PLAYWRIGHT_JSON_OUTPUT_NAME: report, FORCE_COLOR: '0' },
  });
  let p = 0;
  let f = 0;
  let k = 0;
  if (fs.existsSync(report)) {
    const j = JSON.parse(fs.readFileSync(report, 'utf8'));
    if (s.server) serverReports[s.server] = j;
    if (s.kind === 'vitest') {
      p = j.numPassedTests ?? 0;
      f = (j.numFailedTests ?? 0) + (j.numRuntimeErrorTestSuites ?? 0);
      k = (j.numPendingTests ?? 0) + (j.numTodoTests ?? 0);
      for (const file of j.testResults ?? []) {
        const where = path.relative(path.join(root, s.cwd), file.name ?? '');
        if (file.status === 'failed' && !(file.assertionResults ?? []).some((a) => a.status === 'failed'))
          failures.push(`${s.name} › ${where}: ${String(file.message ?? '').split('\n')[0]}`);
        for (const a of file.assertionResults ?? [])
          if (a.status === 'failed')
            failures.push(`${s.name} › ${where} › ${a.fullName}: ${String(a.failureMessages?.[0] ?? '').split('\n')[0]}`);
      }
    } else {
      p = j.stats?.expected ?? 0;
      f = (j.stats?.unexpected ?? 0) + (j.stats?.flaky ?? 0);
      k = j.stats?.skipped ?? 0;
      const walk = (suite) => {
        for (const spec of suite.specs ?? [])
          for (const test of spec.tests ?? [])
            if (test.status === 'unexpected' || test.status === 'flaky')
              failures.push(`${s.name} › ${spec.file}:${spec.line} › ${spec.title} (${test.status})`);
        for (const child of suite.suites ?? []) walk(child);
      };
      for (const suite of j.suites ?? []) walk(suite);
    }
  }
  if (r.status !== 0 && f === 0) f = 1; // the runner failed outside any test
  if (s.server === 'pglite') {
    const n = raceTests(serverReports.pglite ?? {}).size;
    const where = TEST_DATABASE_URL ? 'they run in the PostgreSQL pass' : 'set TEST_DATABASE_URL to run them';
    if (n) console.log(`\nRace tests: ${n} skipped on PGlite (one PGlite connection cannot race); ${where}`);
  }
  if (s.server === 'postgres') {
    // Race tests are skipped on PGlite: each one (of either pass) must have run and passed here.
    const dir = path.join(root, s.cwd);
    const problems = raceProblems(serverReports.postgres ?? {}, serverReports.pglite ? [serverReports.pglite] : [], dir);
    for (const p of problems) failures.push(`${s.name} › race test did not pass on PostgreSQL › ${p}`);
    f += problems.filter((p) => !p.endsWith(': failed')).length; // a failed one is counted above already
    const ran = [...raceTests(serverReports.postgres ?? {}).values()].filter((st) => st === 'passed').length;
    console.log(`\nRace tests on PostgreSQL: ${ran} passed${problems.length ? `, ${problems.length} did not` : ''}`);
  }
  passed += p;
  failed += f;
  skipped += k;
  lines.push(`${s.name}: ${p} passed, ${f} failed${k ? `, ${k} skipped` : ''} (${Math.round((Date.now() - started) / 1000)} s)`);
}
fs.rmSync(out, { recursive: true, force: true });
if (failures.length) console.log(`\nFailed:\n${failures.map((f) => `  ✗ ${f.slice(0, 400)}`).join('\n')}`);
console.log(`\n${lines.join('\n')}`);
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
