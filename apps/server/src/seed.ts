import type { Db } from './db/client';
import { seedApps } from './modules/billing';
import { seedLoginCatalogues } from './modules/login';

/** Shared catalogues, each by its module: areas, industries, products, agreements (login), the app centre's apps (billing). Idempotent. */
export async function seedCatalogues(db: Db): Promise<void> {
  await seedLoginCatalogues(db);
  await seedApps(db);
}
