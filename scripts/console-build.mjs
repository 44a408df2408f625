// The builds of the console (apps/admin) and of the customer's pages (apps/shop) when their sources are newer than
// them: one rule for npm start (start.mjs) and the browser tests (e2e/support/global-setup.ts).
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

/** The build plugins and the contract both apps are built from. */
const SHARED_SOURCES = ['tools/vite-plugins', 'packages/contract/src'];

/** Each app: its workspace, the file its build writes last-ish (the stamp), what it is made of. */
export const APPS = [
  {
    name: 'console',
    workspace: 'apps/admin',
    stamp: 'apps/admin/dist/index.html',
    sources: ['apps/admin/src', 'apps/admin/public', 'apps/admin/index.html', 'apps/admin/vite.config.ts', ...SHARED_SOURCES],
  },
  {
    name: 'shop',
    workspace: 'apps/shop',
    stamp: 'apps/shop/dist/index.html',
    sources: ['apps/shop/src', 'apps/shop/index.html', 'apps/shop/vite.config.ts', ...SHARED_SOURCES],
  },
];

/** Builds one app when a source is newer than its build; answers false when the build failed. */
function buildIfStale(app, message) {
  const built = fs.statSync(path.join(root, app.stamp), { throwIfNoEntry: false })?.mtimeMs ?? 0;
  if (built >= Math.max(...app.sources.map((s) => newest(path.join(root, s))))) return true;
  console.log(`${message}（${app.workspace}）`);
  return spawnSync('npm', ['run', 'build', '-w', app.workspace], { cwd: root, stdio: 'inherit' }).status === 0;
}

/** Builds the console and the shop, each when its sources are newer than its build; false when a build failed. */
export function buildConsoleIfStale(message) {
  return APPS.every((app) => buildIfStale(app, message));
}
