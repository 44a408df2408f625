// Bundles a server entry (main.ts, worker.ts) into apps/server/dist/<name>.mjs when its sources are newer, then runs it
// with the signals passed on. Used by start.mjs (npm start) and worker.mjs (npm run worker).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { newest } from './console-build.mjs';

const root = path.resolve(import.meta.dirname, '..');

/** Loading one bundled file takes a fraction of compiling TypeScript at every start. */
export async function bundleAndRun(name) {
  const bundle = path.join(root, `apps/server/dist/${name}.mjs`);
  const serverSources = ['apps/server/src', 'packages/contract/src'];
  const bundled = fs.statSync(bundle, { throwIfNoEntry: false })?.mtimeMs ?? 0;
  if (bundled < Math.max(...serverSources.map((s) => newest(path.join(root, s))))) {
    await bundleServer(path.join(root, `apps/server/src/${name}.ts`), bundle);
  }

  const child = spawn(process.execPath, ['--enable-source-maps', bundle], { cwd: root, stdio: 'inherit', env: process.env });
  for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

/**
 * Bundles a server entry into one ESM file: registry packages load from node_modules; the server's own '@/…' paths
 * (tsconfig paths, which esbuild reads) and our '@shop/…' workspace packages (TypeScript) go into the bundle.
 */
export async function bundleServer(entry, outfile) {
  const { build } = await import('esbuild');
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
    plugins: [
      {
        name: 'external-packages',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@shop/') || args.path.startsWith('@/') ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
    banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  });
}
