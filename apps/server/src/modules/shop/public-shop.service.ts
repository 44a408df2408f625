import { shopRows } from '@/modules/login';
import type { Db } from '@/db/client';

export interface PublicShop {
  shopId: string;
  renterId: string;
  name: string;
  /** The shop's own logo, else the enterprise's. */
  logo: string;
  /** The enterprise's service phone (通用设置 客服电话), else the shop's phone. */
  servicePhone: string;
}

/**
 * What customers may know of a shop, by its id alone (the customer side names its shop, members README "Which renter");
 * undefined for an unknown id.
 */
export async function publicShop(db: Db, shopId: string): Promise<PublicShop | undefined> {
  const r = await shopRows.publicShop(db, shopId);
  if (!r) return undefined;
  return { shopId: r.id, renterId: r.renterId, name: r.name, logo: r.logo || r.renterLogo, servicePhone: r.servicePhone || r.phone };
}
