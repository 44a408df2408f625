// The console's build when its sources are newer than it: one rule for npm start (start.mjs) and the browser tests
// (e2e/support/global-setup.ts).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** Latest modification time under a path (node_modules and dist left out). */
export function newest(p) {
  const st = fs.statSync(p, { throwIfNoEntry: false });
  if (!st) return 0;
  if (!st.isDirectory()) return st.mtimeMs;
  let max = 0;
  for (const e of fs.readdirSync(p)) {
    if (e === 'node_modules' || e === 'dist') continue;
    max = Math.max(max, newest(path.join(p, e)));
  }
  return max;
}

/** What the console's build is made of. */
const CONSOLE_SOURCES = [
  'apps/admin/src',
  'apps/admin/public',
  'apps/admin/index.html',
  'apps/admin/h5.html',
  'apps/admin/vite.config.ts',
  'apps/admin/vite-plugins',
  'packages/contract/src',
];

/** Builds apps/admin when a source is newer than its dist; answers false when the build failed. */
export function buildConsoleIfStale(message) {
  const built = fs.statSync(path.join(root, 'apps/admin/dist/index.html'), { throwIfNoEntry: false })?.mtimeMs ?? 0;
  if (built >= Math.max(...CONSOLE_SOURCES.map((s) => newest(path.join(root, s))))) return true;
  console.log(message);
  return spawnSync('npm', ['run', 'build', '-w', 'apps/admin'], { cwd: root, stdio: 'inherit' }).status === 0;
}
