/**
 * What the rest of the server sees of the job queue (`services.jobs`, implemented by JobQueue in queue.ts). Generic in
 * the context it sends from, so that core/context can name it without importing the queue, which imports the context
 * (test/borders.test.ts refuses import cycles).
 */
export interface SendOptions {
  /** Seconds, or a date, before the job may start. */
  startAfter?: number | Date;
  /** What it means depends on the job's `policy` (JobDef): nothing on a standard queue, one waiting job per key on `short`, one queued and one running on `stately`. */
  singletonKey?: string;
}

export interface JobsService<C> {
  /** Creates the queues of the job catalogue (at build, before anything sends). */
  prepare(): Promise<void>;
  /** Starts the workers and the timed jobs of this process. */
  start(): Promise<void>;
  /** True once stop() was called: a long handler stops taking new steps and sends its rest as a new job. */
  readonly isStopping: boolean;
  /** Stops taking jobs and lets the running ones finish. */
  stop(timeoutMs?: number): Promise<void>;
  /** Writes a job in the caller's transaction (sendJob). */
  send(ctx: C, name: string, data: object, o?: SendOptions): Promise<string | null>;
  /** Runs the due jobs in this process, without polling (tests); answers how many ran. */
  runDue(names?: string[]): Promise<number>;
}
