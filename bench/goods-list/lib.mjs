// Shared pieces of the goods-list benchmark: the bench database, the server bundle built from the current sources,
// starting it against PostgreSQL and logging in as the demo owner (whose 演示店铺 receives the generated goods).
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { bundleServer } from '../../scripts/server-bundle.mjs';

/** A command-line option's value (`--name value`), or the default. */
export const arg = (name, dflt) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : dflt;
};

export const root = path.resolve(import.meta.dirname, '../..');
const serverDir = path.join(root, 'apps/server');
// The server's own PostgreSQL driver (a dependency of apps/server), so the bench adds no second copy.
export const pg = createRequire(path.join(serverDir, 'package.json'))('pg');

export const DATABASE_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/bench_goods';
export const OWNER = { phone: '13800138000', pwd: 'demo1234', enterprise: '演示店铺' };

/** Creates the bench database when it does not exist yet. */
export async function ensureDatabase() {
  const url = new URL(DATABASE_URL);
  const name = decodeURIComponent(url.pathname.slice(1));
  url.pathname = '/postgres';
  const c = new pg.Client({ connectionString: url.toString() });
  await c.connect();
  const { rowCount } = await c.query('select 1 from pg_database where datname = $1', [name]);
  if (!rowCount) await c.query(`create database "${name.replaceAll('"', '""')}"`);
  await c.end();
}

/** Bundles the server from the current sources (as scripts/start.mjs does) into dist/bench-main.mjs. */
export async function buildServer() {
  const outfile = path.join(serverDir, 'dist/bench-main.mjs');
  await bundleServer(path.join(serverDir, 'src/main.ts'), outfile);
  return outfile;
}

/**
 * Starts the bundled server on PostgreSQL (migrations and the demo enterprise on first start); answers {url, stop}.
 * `opts.env` adds to its environment (e.g. LOG_LEVEL); `opts.onLine` receives each line of its standard output (the
 * log), which is otherwise dropped.
 */
export async function startServer(port = Number(process.env.BENCH_PORT || 3977), opts = {}) {
  const bundle = await buildServer();
  // BENCH_NODE_ARGS: extra node flags for the server, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" to profile a run.
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, bundle], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATABASE_URL,
      DATA_DIR: path.join(os.tmpdir(), 'bench-goods-data'),
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      // The bench pays nothing; production refuses the sandbox payment provider unless told.
      PAY_SANDBOX_ENABLED: '1',
      ...opts.env,
    },
    stdio: ['ignore', opts.onLine ? 'pipe' : 'ignore', 'inherit'],
  });
  if (opts.onLine) {
    let rest = '';
    child.stdout.setEncoding('utf8').on('data', (chunk) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop() ?? '';
      for (const l of lines) opts.onLine(l);
    });
  }
  let exited = false;
  child.on('exit', () => {
    exited = true;
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (exited) throw new Error('the server exited while starting');
    try {
      const r = await fetch(`${url}/api/Login/GetIndustry`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      if (r.ok) break;
    } catch {}
    if (i > 1200) throw new Error('the server did not answer within 60 s');
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url,
    pid: child.pid,
    async stop() {
      if (exited) return;
      child.kill('SIGTERM');
      await new Promise((r) => child.on('exit', r));
    },
  };
}

/** Logs in as the demo owner: the session token for the `token` header. */
export async function login(url) {
  const r = await fetch(`${url}/api/Login/LoginByPwd`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phone: OWNER.phone, pwd: OWNER.pwd }),
  });
  const b = await r.json();
  if (b.code !== 0) throw new Error(`login failed: ${JSON.stringify(b)}`);
  return b.data.token;
}

/** The bench enterprise (the demo owner's 演示店铺). */
export async function benchRenterId(client) {
  const { rows } = await client.query('select id from renters where name = $1 order by created_at limit 1', [OWNER.enterprise]);
  if (!rows.length) throw new Error('no 演示店铺: start the server once (the generator does)');
  return rows[0].id;
}
