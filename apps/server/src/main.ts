import { databaseOptions, loadConfig } from './config';
import { buildApp } from './app';
import { openDatabase } from './db/client';
import { runMain, stopOnSignals } from './core/lifecycle';
import { DEMO, seedDemo } from './demo/seed-demo';
import { seedDemoOrders } from './demo/seed-orders';
import { seedCatalogues } from './seed';

async function main() {
  const config = loadConfig();
  const started = Date.now();
  const database = await openDatabase(databaseOptions(config));
  await seedCatalogues(database.db);
  const created = config.seedDemo ? await seedDemo(database.db, config.trialDays) : false;
  const { app, services } = await buildApp({ config, database });
  // The demo's orders go through checkout and the payment, which need the app's services (demo/seed-orders.ts); before
  // the job workers start, so the paid events are delivered with their demo times.
  if (created) {
    const t0 = Date.now();
    const n = await seedDemoOrders({ db: database.db, services, log: app.log }, DEMO.enterprise);
    // The demo's cancelled paid orders are refunded by their refund jobs: done here, before the first request, so the
    // console opens on refunded orders and the first calls do not queue behind that work (PGlite has one connection).
    await services.jobs.runDue(['payments.refund']);
    app.log.info({ orders: n, ms: Date.now() - t0 }, 'demo orders seeded');
  }
  // The job workers run here unless JOBS_IN_PROCESS=false (then `npm run worker` runs them).
  if (config.jobsInProcess) await services.jobs.start();
  // Running jobs finish (or are failed for a retry), then the queue stops taking new ones; app.close stops it too.
  stopOnSignals(app.log, 'server', [
    ['job queue stop', () => services.jobs.stop()],
    ['close', () => app.close()],
    ['database close', () => database.close()],
  ]);

  await app.listen({ port: config.port, host: config.host });
  if (!config.rowLevelSecurity) app.log.warn('ROW_LEVEL_SECURITY=off: renter-bound work runs without row-level security');
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

runMain(main);
