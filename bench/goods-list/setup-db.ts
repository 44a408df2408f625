// Opens the bench database the way the server does (committed migrations) and creates the demo owner with 演示店铺,
// without starting the HTTP server. Run by generate.mjs through tsx.
import { openDatabase } from '../../apps/server/src/db/client';
import { seedDemo } from '../../apps/server/src/demo/seed-demo';
import { seedCatalogues } from '../../apps/server/src/seed';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL is required');
const database = await openDatabase({ url, poolSize: 2 });
await seedCatalogues(database.db);
await seedDemo(database.db, 3650);
await database.close();
