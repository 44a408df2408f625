import type { Tenant } from '@/core/tenant';
import type { Db } from '@/db/client';
import { type ShopRow, shopRowsRepo } from './shop.repository';

/** What other modules may ask of the shops table (this module's): an enterprise's shops, one by id, a new one. */

/** The enterprise's shops (id, name), its first first. */
export const shopsOf = (tenant: Tenant): Promise<{ id: string; name: string }[]> => shopRowsRepo.list(tenant);

/** The enterprise's shop of this id. */
export const shopById = (tenant: Tenant, id: string): Promise<ShopRow | undefined> => shopRowsRepo.byId(tenant, id);

/** The enterprise's first shop (where a member without one is placed). */
export const firstShopId = async (tenant: Tenant): Promise<string | undefined> => (await shopRowsRepo.list(tenant))[0]?.id;

/** Creates a shop of the enterprise (an enterprise is opened with its first). */
export const createShop = (db: Db, v: { renterId: string; name: string }): Promise<ShopRow> => shopRowsRepo.insert(db, v);

export type { ShopRow };
