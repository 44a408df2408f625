import { databaseOptions, loadConfig } from './config';
import { buildApp } from './app';
import { openDatabase } from './db/client';
import { runMain, stopOnSignals } from './core/lifecycle';

/**
 * `npm run worker`: the job workers (core/jobs) in a process of their own, without HTTP, for production next to
 * servers started with JOBS_IN_PROCESS=false. Needs DATABASE_URL (a PGlite data dir opens in one process only) and,
 * for hub notices to reach browsers, the servers' REDIS_URL.
 */
async function main() {
  const config = loadConfig();
  const database = await openDatabase(databaseOptions(config));
  // The same services as the server (hub through Redis, storage, payments); the app is built but never listens.
  const { app, services } = await buildApp({ config, database });
  await app.ready();
  await services.jobs.start();
  stopOnSignals(app.log, 'worker', [
    ['job queue stop', () => services.jobs.stop()],
    ['close', () => app.close()],
    ['database close', () => database.close()],
  ]);
  app.log.info('job worker started');
}

runMain(main);
