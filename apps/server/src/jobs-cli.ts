import type { FastifyBaseLogger } from 'fastify';
import { databaseOptions, loadConfig } from './config';
import { JobQueue } from './core/jobs';
import { openDatabase } from './db/client';
import { jobDefs } from './jobs';

/**
 * Operators' view of the job queue: `npm run jobs -w apps/server -- failed [limit]` lists jobs that used up their
 * retries (also copied to the dead-letter queue); `… -- retry <name> <id>` puts one back. On PGlite stop the server
 * first (its data dir opens in one process).
 */
const USAGE = '用法: npm run jobs -w apps/server -- failed [条数] | retry <任务名> <任务ID>';

async function main() {
  const [cmd, ...args] = process.argv.slice(2);
  if (cmd !== 'failed' && cmd !== 'retry') {
    process.stderr.write(`${USAGE}\n`);
    process.exit(2);
  }
  const config = loadConfig();
  const database = await openDatabase(databaseOptions(config));
  const log = { error: (_o: unknown, m: string) => process.stderr.write(`${m}\n`) } as unknown as FastifyBaseLogger;
  const queue = new JobQueue({ database, log, services: () => ({}) as never, defs: jobDefs() });
  try {
    if (cmd === 'failed') {
      const rows = await queue.failed(Number(args[0] ?? 100));
      if (rows.length === 0) process.stdout.write('没有失败的任务\n');
      for (const r of rows) {
        const err = (r.error as { message?: string } | null)?.message ?? JSON.stringify(r.error);
        process.stdout.write(
          `${r.completedOn?.toISOString() ?? '-'}  ${r.name}  ${r.id}  重试${r.retryCount}次  数据=${JSON.stringify(r.data)}  错误=${err}\n`,
        );
      }
    } else {
      const [name, id] = args;
      if (!name || !id) throw new Error(USAGE);
      await queue.retry(name, id);
      process.stdout.write(`已重新排队: ${name} ${id}\n`);
    }
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
