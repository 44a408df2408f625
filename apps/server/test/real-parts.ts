import { type ChildProcess, execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * Private PostgreSQL and Redis servers for the fault tests, which stop and start them: never the shared ones the
 * other tests (and other people) use.
 */

const run = promisify(execFile);
const PG_BIN = process.env.PG_BIN || '/usr/lib/postgresql/15/bin';

/** A TCP port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** Whether something accepts TCP connections on the port. */
function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect(port, '127.0.0.1');
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface PrivatePostgres {
  /** postgres://postgres@127.0.0.1:<port>/postgres (trust). */
  url: string;
  /** pg_ctl stop -m fast: live connections are ended, new ones refused. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it (if running) and removes its data directory. */
  destroy(): Promise<void>;
}

/**
 * A PostgreSQL 15 cluster of its own in a temporary directory, on a free port. initdb refuses to run as root, so as
 * root (CI) the cluster belongs to the `postgres` user and its commands run through runuser.
 */
export async function privatePostgres(): Promise<PrivatePostgres> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-fault-pg-'));
  const data = path.join(dir, 'data');
  const logFile = path.join(dir, 'server.log');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    fs.chownSync(dir, Number(stdout.trim()), Number(gid.trim()));
  }
  const pg = async (bin: string, args: string[]) => {
    const cmd = path.join(PG_BIN, bin);
    try {
      await (asRoot ? run('runuser', ['-u', 'postgres', '--', cmd, ...args]) : run(cmd, args));
    } catch (e) {
      const log = fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8').slice(-2000) : '';
      throw new Error(`${bin} ${args.join(' ')} failed: ${(e as Error).message}\n${log}`);
    }
  };
  const port = await freePort();
  await pg('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C', '--no-sync']);
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -k ${dir} -c fsync=off -c full_page_writes=off -c synchronous_commit=off`;
  let running = false;
  const self: PrivatePostgres = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async start() {
      await pg('pg_ctl', ['-D', data, '-l', logFile, '-o', options, '-w', '-t', '30', 'start']);
      running = true;
    },
    async stop() {
      await pg('pg_ctl', ['-D', data, '-m', 'fast', '-w', '-t', '30', 'stop']);
      running = false;
    },
    async destroy() {
      if (running) await pg('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => {});
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  await self.start();
  return self;
}

export interface PrivateRedis {
  port: number;
  url: string;
  /** Kills the process (SIGKILL) and waits until it has gone. */
  kill(): Promise<void>;
  /** A new redis-server on the same port. */
  start(): Promise<void>;
}

/** A redis-server of its own, no persistence; `port` may be given to start it later on a port chosen before. */
export async function privateRedis(opts: { port?: number; started?: boolean } = {}): Promise<PrivateRedis> {
  const port = opts.port ?? (await freePort());
  let proc: ChildProcess | null = null;
  const self: PrivateRedis = {
    port,
    url: `redis://127.0.0.1:${port}`,
    async start() {
      const p = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
        stdio: 'ignore',
      });
      proc = p;
      let failed: Error | null = null;
      p.once('error', (e) => {
        failed = e;
      });
      for (let i = 0; i < 100 && !(await answers(port)); i++) {
        if (failed) throw failed;
        if (p.exitCode !== null) throw new Error(`redis-server on ${port} exited with ${p.exitCode}`);
        await sleep(50);
      }
      if (!(await answers(port))) throw new Error(`redis-server did not open port ${port}`);
    },
    async kill() {
      const p = proc;
      proc = null;
      if (!p || p.exitCode !== null || p.signalCode !== null) return;
      const gone = new Promise((r) => p.once('exit', r));
      p.kill('SIGKILL');
      await gone;
    },
  };
  if (opts.started !== false) await self.start();
  return self;
}

/** Waits until check() holds, trying every stepMs; fails with what after ms. */
export async function until(check: () => boolean | Promise<boolean>, ms: number, what: string, stepMs = 100): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`not within ${ms} ms: ${what}`);
    await sleep(stepMs);
  }
}
