import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { buildConsoleIfStale } from '../../scripts/console-build.mjs';
import { STATE_ENV, type ServerState } from './server';

const root = path.resolve(import.meta.dirname, '../..');
const START_TIMEOUT_MS = 120_000;

/** Builds the console and the shop when their sources are newer than their builds (the same rule as npm start). */
function buildConsoleIfNeeded() {
  if (!buildConsoleIfStale('[e2e] building the console and the shop')) throw new Error('console build failed');
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

async function waitUntilUp(baseURL: string, alive: () => boolean, logFile: string) {
  const until = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < until) {
    if (!alive()) break;
    try {
      const res = await fetch(`${baseURL}/api/Login/GetIndustry`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      const index = await fetch(`${baseURL}/login`);
      if (res.ok && index.ok && (await index.text()).includes('<div id="root">')) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  const tail = fs.readFileSync(logFile, 'utf8').split('\n').slice(-40).join('\n');
  throw new Error(
    `the server did not answer at ${baseURL}${alive() ? ` within ${START_TIMEOUT_MS} ms` : ' (it exited)'}; log tail:\n${tail}`,
  );
}

/** Starts one server for the run on a free port with a fresh data dir; its log goes to a file tests read. */
export default async function globalSetup() {
  buildConsoleIfNeeded();
  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-e2e-'));
  const dataDir = path.join(runDir, 'data');
  const logFile = path.join(runDir, 'server.log');
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const out = fs.openSync(logFile, 'a');
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    // PUBLIC_URL: where a payer's phone reaches the server (the sandbox payment link); the same origin as the console
    // and the fill page, so the customer comes back from paying to the page that keeps their visitor id.
    // Every browser test calls from 127.0.0.1: the per-address limits are out of reach (the server tests cover them).
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      PUBLIC_URL: baseURL,
      SMS_IP_MAX: '100000',
      LOGIN_IP_MAX: '100000',
    },
    stdio: ['ignore', out, out],
    detached: false,
  });
  fs.closeSync(out);
  let exited = false;
  child.on('exit', () => {
    exited = true;
  });
  const state: ServerState = { baseURL, logFile, runDir, dataDir, pid: child.pid ?? 0 };
  const stateFile = path.join(runDir, 'state.json');
  fs.writeFileSync(stateFile, JSON.stringify(state, null, 2));
  // Workers start after global setup and inherit this.
  process.env[STATE_ENV] = stateFile;
  try {
    await waitUntilUp(baseURL, () => !exited, logFile);
  } catch (err) {
    if (!exited) child.kill('SIGTERM');
    throw err;
  }
  console.log(`[e2e] server up at ${baseURL} (log ${logFile})`);
}
