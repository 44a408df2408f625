import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { FastifyBaseLogger } from 'fastify';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '@/db/client';
import { seedCatalogues } from '@/seed';
import { JobQueue } from '@/core/jobs/queue';
import { jobDefs } from '@/jobs';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A gzipped PGlite data dir, migrated and seeded with the catalogues; '' on PostgreSQL. */
    pgliteDump: string;
  }
}

/**
 * A new PGlite takes seconds and ~900 MB to initialise; loading a dump of one takes ~0.5 s.
 * So the template database is built here once, and each test file loads its own copy.
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('pgliteDump', '');
    return;
  }
  const database = await openDatabase({});
  await seedCatalogues(database.db);
  // The job queues too (each a partition of pg-boss's job table): seconds on PGlite, done once here.
  const log = { error() {} } as unknown as FastifyBaseLogger;
  await new JobQueue({ database, log, services: () => ({}) as never, defs: jobDefs() }).prepare();
  const client = (database.db as unknown as { $client: PGlite }).$client;
  const dump = await client.dumpDataDir('gzip');
  await database.close();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-server-test-'));
  const file = path.join(dir, 'template.tar.gz');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteDump', file);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
