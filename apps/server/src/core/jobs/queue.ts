import type { PGlite } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type pg from 'pg';
import type { Database, Db } from '@/db/client';
import { isUuid, renterDb } from '@/db/rls';
import { afterCommit, type Ctx, type Services, systemCtx } from '@/core/context';
import type { JobsService, SendOptions } from './port';

/** Where failed jobs (retries used up) are copied for operators; see `npm run jobs -- failed`. */
export const DEAD_LETTER = 'dead-letter';
const DEADLOCK = '40P01';

/** A kind of background work: what runs it and how a failure is retried. */
export interface JobDef<D = Record<string, unknown>> {
  /** Letters, digits, '.', '-', '_'. */
  name: string;
  /** Must be idempotent: a job runs at least once (again after a crash or a failure). */
  handler: (ctx: Ctx, data: D, job: { id: string }) => Promise<void>;
  /** Retries after the first failure before the job is failed and copied to the dead-letter queue (default 5). */
  retryLimit?: number;
  /** Seconds before the first retry (default 10); doubled each time (exponential backoff, with jitter). */
  retryDelaySeconds?: number;
  /** Seconds a run may take before it counts as failed (default 15 minutes). */
  expireInSeconds?: number;
  /**
   * What a `singletonKey` means (pg-boss queue policies). `standard` (default): nothing, the key is a label.
   * `short`: at most one job of a key waits to start (a send while one waits is dropped and answers null); one may
   * run meanwhile. `stately`: at most one queued and one running per key. Cron jobs are always `stately`.
   */
  policy?: 'standard' | 'short' | 'stately';
  /**
   * A cron expression (UTC, minute precision): the job is sent once per tick across every instance on the database,
   * and at most one runs at a time (pg-boss `stately` queue).
   */
  cron?: string;
  /** Jobs of this queue one process runs at once (workers of the queue per process; default 1). */
  concurrency?: number;
}

/** Defines a job; the type of its data follows the handler. */
export function defineJob<D>(def: JobDef<D>): JobDef<D> {
  return def;
}

export type { SendOptions } from './port';

/** A job that used up its retries, as operators see it. */
export interface FailedJob {
  id: string;
  name: string;
  data: unknown;
  retryCount: number;
  error: unknown;
  createdOn: Date;
  completedOn: Date | null;
}

/** pg-boss's executeSql on a drizzle database or transaction: the write lands in that transaction. */
function onDrizzle(db: Db): PgBoss.Db {
  return {
    async executeSql(text, values) {
      const parts = text.split(/\$(\d+)/);
      const chunks: SQL[] = [];
      for (let i = 0; i < parts.length; i++) {
        chunks.push(i % 2 === 0 ? sql.raw(parts[i]) : sql`${sql.param(values[Number(parts[i]) - 1] ?? null)}`);
      }
      const res = (await db.execute(sql.join(chunks))) as unknown as { rows: unknown[] };
      return { rows: res.rows };
    },
  };
}

/**
 * pg-boss's own statements outside any business transaction. PostgreSQL: the server's pool. PGlite: a parameterless
 * text may hold several statements (its schema checks), which only `exec()` runs; the rest go to `query()`.
 */
function onClient(database: Database): PgBoss.Db {
  const client = (database.db as unknown as { $client: PGlite | pg.Pool }).$client;
  if (database.kind === 'postgres') {
    const pool = client as pg.Pool;
    return {
      executeSql: (text, values) =>
        values?.length
          ? pool.query(
              text,
              values.map((v) => v ?? null),
            )
          : pool.query(text),
    };
  }
  const lite = client as PGlite;
  return {
    async executeSql(text, values) {
      if (values?.length)
        return lite.query(
          text,
          values.map((v) => v ?? null),
        );
      const results = await lite.exec(text);
      return { rows: results.at(-1)?.rows ?? [] };
    },
  };
}

export interface JobQueueOptions {
  database: Database;
  log: FastifyBaseLogger;
  /** What handlers get in their ctx; set once the services exist (they hold this queue). */
  services: () => Services;
  defs: JobDef<never>[];
  /** Seconds between polls of an idle worker (default 2; a job sent by this process wakes its worker at once). */
  pollingIntervalSeconds?: number;
  /** Seconds between cron checks (default 30; tests use 1). */
  cronMonitorIntervalSeconds?: number;
  /**
   * Seconds between pg-boss's maintenance runs, which put runs older than their expireInSeconds (a killed worker's)
   * back for a retry (default pg-boss's 120; the crash test uses 1).
   */
  maintenanceIntervalSeconds?: number;
}

/**
 * The durable job queue (pg-boss 10 on the product's database, PGlite or PostgreSQL). Every process may send; the
 * workers run where start() was called (the server with JOBS_IN_PROCESS, or `npm run worker`).
 */
export class JobQueue implements JobsService<Pick<Ctx, 'db' | 'afterCommit'>> {
  readonly boss: PgBoss;
  private readonly defs = new Map<string, JobDef<never>>();
  /** Each queue's workers in this process (concurrency), woken after a send. */
  private readonly workerIds = new Map<string, string[]>();
  private started = false;
  private stopping = false;

  constructor(private readonly opts: JobQueueOptions) {
    this.boss = new PgBoss({
      db: onClient(opts.database),
      // The schema is installed by migration 0013; a later pg-boss migrates it onward at start.
      migrate: true,
      supervise: true,
      schedule: true,
      cronMonitorIntervalSeconds: opts.cronMonitorIntervalSeconds ?? 30,
      cronWorkerIntervalSeconds: opts.cronMonitorIntervalSeconds ?? 5,
      ...(opts.maintenanceIntervalSeconds ? { maintenanceIntervalSeconds: opts.maintenanceIntervalSeconds } : {}),
      // Failed jobs stay readable for operators for 30 days before they move to the archive.
      archiveFailedAfterSeconds: 30 * 24 * 3600,
    });
    this.boss.on('error', (err) => opts.log.error({ err }, 'job queue error'));
    for (const d of opts.defs) this.defs.set(d.name, d);
  }

  /**
   * Creates the queues that do not exist yet (every process, before sending). Two processes starting together (a server
   * and a worker after a deploy) create the same queue at once, and pg-boss's create_queue deadlocks against itself:
   * the second insert of the queue row waits for the first while holding the lock the first needs to attach the queue's
   * partition (its foreign key to the queue table). PostgreSQL ends one of them; by then the other has created the
   * queue, so the loser looks again and goes on.
   */
  async prepare(): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.createMissingQueues();
      } catch (err) {
        if (attempt >= 5 || (err as { code?: string }).code !== DEADLOCK) throw err;
        await new Promise((r) => setTimeout(r, 50 * attempt));
      }
    }
  }

  private async createMissingQueues(): Promise<void> {
    const have = new Set((await this.boss.getQueues()).map((q) => q.name));
    if (!have.has(DEAD_LETTER)) await this.boss.createQueue(DEAD_LETTER, { name: DEAD_LETTER, retentionMinutes: 30 * 24 * 60 });
    for (const d of this.defs.values()) {
      if (have.has(d.name)) continue;
      await this.boss.createQueue(d.name, {
        name: d.name,
        policy: d.cron ? 'stately' : (d.policy ?? 'standard'),
        retryLimit: d.retryLimit ?? 5,
        retryDelay: d.retryDelaySeconds ?? 10,
        retryBackoff: true,
        expireInSeconds: d.expireInSeconds ?? 15 * 60,
        deadLetter: DEAD_LETTER,
      });
    }
  }

  /** Sends a job in ctx's transaction (ctx.db inside inTx): it exists if and only if that transaction commits. */
  async send(ctx: Pick<Ctx, 'db' | 'afterCommit'>, name: string, data: object, o: SendOptions = {}): Promise<string | null> {
    if (!this.defs.has(name)) throw new Error(`unknown job ${name}`);
    const id = await this.boss.send(name, data, {
      db: onDrizzle(ctx.db),
      ...(o.startAfter !== undefined ? { startAfter: o.startAfter } : {}),
      ...(o.singletonKey ? { singletonKey: o.singletonKey } : {}),
    });
    // The workers of this process look right after the commit instead of at their next poll.
    const wids = this.workerIds.get(name);
    if (wids && o.startAfter === undefined)
      afterCommit(ctx as Ctx, () => {
        for (const w of wids) this.boss.notifyWorker(w);
      });
    return id;
  }

  /**
   * A job's context: actor system, named by the job (audit, rate keys). A job whose data names its renter (`renterId`,
   * as the outbox's dispatch of a renter's event) runs bound to it (row-level security); the others (the timed sweeps
   * across renters) on the system handle.
   */
  private ctx(name: string, id: string, data: unknown): Ctx {
    const renterId = (data as { renterId?: unknown } | null)?.renterId;
    const system = this.opts.database.db;
    const db = isUuid(renterId) ? renterDb(system, renterId) : system;
    return systemCtx(
      { db, services: this.opts.services(), log: this.opts.log },
      name,
      `job-${name}-${id}`,
      isUuid(renterId) ? renterId : undefined,
    );
  }

  private async run(name: string, job: PgBoss.Job<object>): Promise<void> {
    const def = this.defs.get(name);
    if (!def) throw new Error(`unknown job ${name}`);
    await def.handler(this.ctx(name, job.id, job.data), job.data as never, { id: job.id });
  }

  /** True once stop() was called: a long handler stops taking new steps and sends its rest as a new job. */
  get isStopping(): boolean {
    return this.stopping;
  }

  /** Starts the workers and the cron schedules of this process. */
  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    this.stopping = false;
    await this.prepare();
    // Before the timekeeper's first look (at start), so the first tick sends every cron job, not the first one only.
    for (const d of this.defs.values()) if (d.cron) await this.boss.schedule(d.name, d.cron, {}, { tz: 'UTC' });
    // A cron no job defines any more (a timer that became a delayed job per row) stops ticking.
    for (const s of await this.boss.getSchedules()) if (!this.defs.get(s.name)?.cron) await this.boss.unschedule(s.name);
    await this.boss.start();
    for (const d of this.defs.values()) {
      const ids: string[] = [];
      for (let i = 0; i < (d.concurrency ?? 1); i++) {
        let wid = '';
        wid = await this.boss.work(
          d.name,
          { batchSize: 1, pollingIntervalSeconds: this.opts.pollingIntervalSeconds ?? 2 },
          async ([job]: PgBoss.Job<object>[]) => {
            // pg-boss waits out the polling interval after every fetch, even one that found a job: a worker that found
            // one asks again at once, so a backlog drains at the handlers' pace, not one job per poll.
            if (this.started) this.boss.notifyWorker(wid);
            try {
              await this.run(d.name, job);
            } catch (err) {
              this.opts.log.error({ err, job: d.name, id: job.id }, 'job failed');
              throw err;
            }
          },
        );
        ids.push(wid);
      }
      this.workerIds.set(d.name, ids);
    }
  }

  /** Graceful stop: no new job starts; the ones running finish (up to timeoutMs, then they are failed for a retry). */
  async stop(timeoutMs = 8000): Promise<void> {
    if (!this.started) return;
    this.started = false;
    this.stopping = true;
    this.workerIds.clear();
    await new Promise<void>((resolve) => {
      this.boss.once('stopped', () => resolve());
      void this.boss.stop({ graceful: true, close: false, timeout: timeoutMs }).catch(() => resolve());
    });
  }

  /**
   * Runs in this process, one by one, the jobs of these queues (all by default) that may start now, until none is
   * left; answers how many ran. Tests and the operators' CLI (`jobs run`); a failure is recorded like a worker's.
   */
  async runDue(names: string[] = [...this.defs.keys()]): Promise<number> {
    let n = 0;
    for (let more = true; more; ) {
      more = false;
      for (const name of names) {
        const jobs = (await this.boss.fetch<object>(name, { batchSize: 1 })) ?? [];
        for (const job of jobs) {
          more = true;
          n += 1;
          try {
            await this.run(name, job);
            await this.boss.complete(name, job.id);
          } catch (err) {
            await this.boss.fail(name, job.id, { message: err instanceof Error ? err.message : String(err) });
          }
        }
      }
    }
    return n;
  }

  /** Jobs that used up their retries (newest first). */
  async failed(limit = 100): Promise<FailedJob[]> {
    const { rows } = await onDrizzle(this.opts.database.db).executeSql(
      `select id, name, data, retry_count, output, created_on, completed_on from pgboss.job
       where state = 'failed' order by completed_on desc nulls last limit $1`,
      [limit],
    );
    return (rows as Record<string, unknown>[]).map((r) => ({
      id: String(r.id),
      name: String(r.name),
      data: r.data,
      retryCount: Number(r.retry_count),
      error: r.output,
      createdOn: new Date(r.created_on as string),
      completedOn: r.completed_on ? new Date(r.completed_on as string) : null,
    }));
  }

  /** Puts a failed job back in its queue for another round of retries. */
  async retry(name: string, id: string): Promise<void> {
    await this.boss.retry(name, id);
  }
}

/**
 * Sends a job in the caller's transaction (call it with the ctx inTx gives): the job exists if and only if the
 * business write commits. A job about one renter carries `renterId` in its data.
 */
export function sendJob(ctx: Ctx, name: string, data: object, opts?: SendOptions): Promise<string | null> {
  return ctx.services.jobs.send(ctx, name, data, opts);
}
