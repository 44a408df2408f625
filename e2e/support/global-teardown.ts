import fs from 'node:fs';
import { STATE_ENV, type ServerState } from './server';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Stops the run's server (SIGTERM, which scripts/start.mjs forwards) and removes its temp dir. */
export default async function globalTeardown() {
  const file = process.env[STATE_ENV];
  if (!file || !fs.existsSync(file)) return;
  const state = JSON.parse(fs.readFileSync(file, 'utf8')) as ServerState;
  if (state.pid && alive(state.pid)) {
    process.kill(state.pid, 'SIGTERM');
    const until = Date.now() + 15_000;
    while (alive(state.pid) && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
    if (alive(state.pid)) process.kill(state.pid, 'SIGKILL');
  }
  if (process.env.E2E_KEEP_RUN_DIR) console.log(`[e2e] kept ${state.runDir}`);
  else fs.rmSync(state.runDir, { recursive: true, force: true });
}
