import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import type { Db } from '@/db/client';

/**
 * Child processes of the PostgreSQL-only tests (two workers on one database, a worker killed mid import, a refund
 * killed mid refund): node itself with tsx's loader, never the tsx command, which runs the script in a child of its own
 * that a SIGKILL of the command would leave running (and would report a kill as exit code 137).
 */

const SERVER_DIR = path.resolve(import.meta.dirname, '..');

/** The connection string of a PostgreSQL test database (the pool's), for the child to open it too. */
export function urlOf(db: Db): string {
  return (db as unknown as { $client: { options: { connectionString: string } } }).$client.options.connectionString;
}

/** Runs test/fixtures/<script> with args and env added to this process's; stdout piped (to read "ready") or inherited. */
export function runFixture(script: string, o: { args?: string[]; env?: Record<string, string>; stdout?: 'pipe' | 'inherit' } = {}) {
  return spawn(process.execPath, ['--import', 'tsx', path.join(SERVER_DIR, 'test/fixtures', script), ...(o.args ?? [])], {
    cwd: SERVER_DIR, // tsx reads the '@/…' paths of this folder's tsconfig
    env: { ...process.env, ...o.env },
    stdio: ['ignore', o.stdout ?? 'pipe', 'inherit'],
  });
}

/** Starts a worker fixture and answers it once it printed "ready"; it joins `children` for the afterAll's kill. */
export function startWorker(script: string, env: Record<string, string>, children: ChildProcess[]): Promise<ChildProcess> {
  const child = runFixture(script, { env });
  children.push(child);
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', (b: Buffer) => b.toString().includes('ready') && resolve(child));
    child.on('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
}

/** Resolves with the exit code (null when killed by a signal) once the child has ended. */
export const ended = (c: ChildProcess) =>
  new Promise<number | null>((r) => (c.exitCode !== null || c.signalCode ? r(c.exitCode) : c.on('exit', (code) => r(code))));
