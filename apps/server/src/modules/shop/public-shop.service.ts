import { renterById } from '@/modules/login';
import { shopRowsRepo } from './shop.repository';
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
  const shop = await shopRowsRepo.publicById(db, shopId);
  const renter = shop && (await renterById(db, shop.renterId));
  if (!shop || !renter) return undefined;
  return {
    shopId: shop.id,
    renterId: shop.renterId,
    name: shop.name,
    logo: shop.logo || renter.logo,
    servicePhone: renter.servicePhone || shop.phone,
  };
}
