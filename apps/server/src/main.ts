import { loadConfig } from './config';
import { buildApp } from './app';
import { openDatabase } from './db/client';
import { DEMO, seedDemo } from './demo/seed-demo';
import { seedCatalogues } from './modules/login';
import { startJobs } from './jobs';

async function main() {
  const config = loadConfig();
  const started = Date.now();
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  await seedCatalogues(database.db);
  const created = config.seedDemo ? await seedDemo(database.db, config.trialDays) : false;
  const { app, services } = await buildApp({ config, database });
  const stopJobs = startJobs({ db: database.db, services, log: app.log });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000);
    stopJobs();
    await app.close().catch((err) => app.log.error({ err }, 'close failed'));
    await database.close().catch((err) => app.log.error({ err }, 'database close failed'));
    clearTimeout(timer);
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const where = database.kind === 'pglite' ? `内置 PGlite（${config.dataDir}）` : 'PostgreSQL（DATABASE_URL）';
  const lines = [
    '',
    `  商家后台已启动: http://localhost:${config.port}   （用时 ${Date.now() - started} ms，数据库：${where}）`,
    `  演示账号: ${DEMO.phone}   密码: ${DEMO.password}   企业: ${DEMO.enterprise}${created ? '（已创建）' : ''}`,
    `  接口文档: http://localhost:${config.port}/docs`,
    '',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

main().catch((err) => {
  process.stderr.write(`启动失败: ${err instanceof Error ? err.message : String(err)}\n`);
  if (err instanceof Error && err.stack) process.stderr.write(`${err.stack}\n`);
  process.exit(1);
});
