// Job queue throughput and enqueue-to-start latency (core/jobs, pg-boss) on PGlite and PostgreSQL; writes
// bench/results/jobs.json. Run from the repository root: `node_modules/.bin/tsx bench/jobs/run.ts` (npm run
// bench:jobs -w bench). PostgreSQL: a throwaway database on BENCH_DATABASE_URL (default
// postgres://postgres@127.0.0.1:5432/postgres's server), dropped at the end; `--only pglite|postgres`.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { type Ctx, inTx } from '../../apps/server/src/core/context';
import { defineJob, JobQueue } from '../../apps/server/src/core/jobs';
import { type Database, openDatabase } from '../../apps/server/src/db/client';

const THROUGHPUT_JOBS = 1000;
const LATENCY_JOBS = 100;
const POLLING_SECONDS = 2;

const log = {
  info() {},
  warn() {},
  error(o: unknown, m?: string) {
    process.stderr.write(`${m ?? ''} ${String((o as { err?: unknown })?.err ?? o)}\n`);
  },
} as unknown as FastifyBaseLogger;
const step = (s: string) => process.stderr.write(`${new Date().toISOString()} ${s}\n`);
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return Math.round(s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]);
};

async function measure(database: Database) {
  let done = 0;
  const latencies: number[] = [];
  let onDone: (() => void) | null = null;
  const noop = defineJob<{ sentAt: number; kind: 'burst' | 'latency' }>({
    name: 'bench.noop',
    retryLimit: 0,
    async handler(_ctx, data) {
      if (data.kind === 'latency') latencies.push(Date.now() - data.sentAt);
      done += 1;
      if (onDone) onDone();
    },
  });
  const queue = new JobQueue({ database, log, services: () => ({}) as never, defs: [noop], pollingIntervalSeconds: POLLING_SECONDS });
  await queue.prepare();
  step('prepared');
  const ctx = { db: database.db, services: { jobs: queue }, log } as unknown as Ctx;

  // Enqueue: THROUGHPUT_JOBS jobs, 100 per transaction.
  const t0 = performance.now();
  for (let i = 0; i < THROUGHPUT_JOBS; i += 100) {
    await inTx(ctx, async (tx) => {
      for (let j = 0; j < 100; j++) await queue.send(tx, 'bench.noop', { sentAt: Date.now(), kind: 'burst' });
    });
  }
  const enqueueMs = performance.now() - t0;
  step(`enqueued ${THROUGHPUT_JOBS}`);

  // Throughput: the workers of one process drain the backlog.
  const t1 = performance.now();
  const drained = new Promise<void>((r) => {
    onDone = () => done >= THROUGHPUT_JOBS && r();
  });
  await queue.start();
  await drained;
  const drainMs = performance.now() - t1;
  step('drained');

  // Latency: one job per committed transaction, 50 ms apart, with the workers idle in between.
  done = 0;
  const allRan = new Promise<void>((r) => {
    onDone = () => done >= LATENCY_JOBS && r();
  });
  for (let i = 0; i < LATENCY_JOBS; i++) {
    await inTx(ctx, (tx) => queue.send(tx, 'bench.noop', { sentAt: Date.now(), kind: 'latency' }));
    await new Promise((r) => setTimeout(r, 50));
  }
  await allRan;
  await queue.stop();
  return {
    enqueuePerSecond: Math.round(THROUGHPUT_JOBS / (enqueueMs / 1000)),
    jobsPerSecond: Math.round(THROUGHPUT_JOBS / (drainMs / 1000)),
    latencyMs: { p50: pct(latencies, 50), p95: pct(latencies, 95), max: pct(latencies, 100) },
  };
}

const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : '';
const results: Record<string, unknown> = {};

if (only !== 'postgres') {
  const database = await openDatabase({}); // in memory
  try {
    results.pglite = await measure(database);
  } finally {
    await database.close();
  }
}

if (only !== 'pglite') {
  const base = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `bench_jobs_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  try {
    const database = await openDatabase({ url: url.toString(), poolSize: 10 });
    try {
      results.postgres = await measure(database);
    } finally {
      await database.close();
    }
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

const out = {
  measured: new Date().toISOString(),
  machine: `${os.cpus().length} cores, load ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
  settings: {
    throughputJobs: THROUGHPUT_JOBS,
    latencyJobs: LATENCY_JOBS,
    worker: `one process, batchSize 1, polling ${POLLING_SECONDS} s; a job sent by the same process wakes its worker after commit`,
  },
  ...results,
};
const file = path.resolve(import.meta.dirname, '../results/jobs.json');
fs.writeFileSync(file, `${JSON.stringify(out, null, 2)}\n`);
process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
process.exit(0);
