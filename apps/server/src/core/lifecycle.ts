import type { FastifyBaseLogger } from 'fastify';

/** One step of a stop: what the log calls it if it fails, and the step. */
export type StopStep = readonly [name: string, run: () => Promise<unknown>];

/**
 * Stops the process once on SIGINT / SIGTERM (the server and `npm run worker`): runs the steps in order, each failure
 * logged and passed over, then exits 0; exits 1 when they take more than 10 s.
 */
export function stopOnSignals(log: FastifyBaseLogger, what: string, steps: readonly StopStep[]): void {
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, `${what} shutting down`);
    const timer = setTimeout(() => process.exit(1), 10_000);
    for (const [name, run] of steps) await run().catch((err) => log.error({ err }, `${name} failed`));
    clearTimeout(timer);
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  // The last net: a promise nobody handled is a bug to fix, but it must not end the process for every other user.
  process.on('unhandledRejection', (err) => log.error({ err }, 'unhandled rejection'));
}

/** Runs an entry point; a start that fails says 启动失败 with the reason on stderr and exits 1. */
export function runMain(main: () => Promise<void>): void {
  main().catch((err) => {
    process.stderr.write(`启动失败: ${err instanceof Error ? err.message : String(err)}\n`);
    if (err instanceof Error && err.stack) process.stderr.write(`${err.stack}\n`);
    process.exit(1);
  });
}
