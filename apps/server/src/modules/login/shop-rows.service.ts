import { and, eq } from 'drizzle-orm';
import type { Tenant } from '@/core/tenant';
import type { Db } from '@/db/client';
import { renters, shops } from '@/db/schema';

/**
 * The rows of a renter's shops and the renter's contact fields (declared in login.tables.ts with the other identity
 * tables), as the shop module's 店铺信息 and 设置 screens and the customer side's shop read and write them.
 */
export type ShopRow = typeof shops.$inferSelect;

export const shopRows = {
  async shop(tenant: Tenant, shopId: string): Promise<ShopRow | undefined> {
    const { db, renterId } = tenant;
    const [r] = await db
      .select()
      .from(shops)
      .where(and(eq(shops.renterId, renterId), eq(shops.id, shopId)))
      .limit(1);
    return r;
  },
  /** Locks the shop's row for the rest of the transaction (read, then write). */
  async shopForUpdate(tenant: Tenant, shopId: string): Promise<ShopRow | undefined> {
    const { db, renterId } = tenant;
    const [r] = await db
      .select()
      .from(shops)
      .where(and(eq(shops.renterId, renterId), eq(shops.id, shopId)))
      .for('update')
      .limit(1);
    return r;
  },
  async updateShop(tenant: Tenant, shopId: string, v: Partial<typeof shops.$inferInsert>) {
    const { db, renterId } = tenant;
    await db
      .update(shops)
      .set(v)
      .where(and(eq(shops.renterId, renterId), eq(shops.id, shopId)));
  },
  /** A shop by its id alone, with its enterprise's logo and service phone: the customer side names a shop (members). */
  async publicShop(db: Db, shopId: string) {
    const [r] = await db
      .select({
        id: shops.id,
        renterId: shops.renterId,
        name: shops.name,
        logo: shops.logo,
        phone: shops.phone,
        renterLogo: renters.logo,
        servicePhone: renters.servicePhone,
      })
      .from(shops)
      .innerJoin(renters, eq(renters.id, shops.renterId))
      .where(eq(shops.id, shopId))
      .limit(1);
    return r;
  },
  /** The enterprise's logo and service phone (GetSetInfo type 3 and 12). */
  async renterContact(tenant: Tenant, forUpdate = false) {
    const { db, renterId } = tenant;
    const q = db.select({ logo: renters.logo, servicePhone: renters.servicePhone }).from(renters).where(eq(renters.id, renterId)).limit(1);
    const [r] = forUpdate ? await q.for('update') : await q;
    return r;
  },
  async setRenterContact(tenant: Tenant, v: { logo: string; servicePhone: string }) {
    const { db, renterId } = tenant;
    await db.update(renters).set(v).where(eq(renters.id, renterId));
  },
};
