// npm start: builds the console when its sources are newer than the build, then starts the server.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'apps/admin/dist/index.html');

function newest(p) {
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

const sources = [
  'apps/admin/src',
  'apps/admin/public',
  'apps/admin/index.html',
  'apps/admin/h5.html',
  'apps/admin/vite.config.ts',
  'packages/contract/src',
];
const built = fs.statSync(dist, { throwIfNoEntry: false })?.mtimeMs ?? 0;
if (built < Math.max(...sources.map((s) => newest(path.join(root, s))))) {
  console.log('构建管理后台前端…');
  const r = spawnSync('npm', ['run', 'build', '-w', 'apps/admin'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

// The server runs as one bundled file: loading it takes a fraction of compiling TypeScript at every start.
const bundle = path.join(root, 'apps/server/dist/main.mjs');
const serverSources = ['apps/server/src', 'packages/contract/src'];
const bundled = fs.statSync(bundle, { throwIfNoEntry: false })?.mtimeMs ?? 0;
if (bundled < Math.max(...serverSources.map((s) => newest(path.join(root, s))))) {
  const { build } = await import('esbuild');
  await build({
    entryPoints: [path.join(root, 'apps/server/src/main.ts')],
    outfile: bundle,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
    // Registry packages load from node_modules; our workspace packages are TypeScript and go into the bundle.
    plugins: [
      {
        name: 'external-packages',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@shop/') ? undefined : { path: args.path, external: true }));
        },
      },
    ],
    banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  });
}

const child = spawn(process.execPath, ['--enable-source-maps', bundle], { cwd: root, stdio: 'inherit', env: process.env });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
