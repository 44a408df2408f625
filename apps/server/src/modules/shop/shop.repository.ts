import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { renterConfigs, renters, shops } from '@/db/schema';
import { areasByCodes } from '@/modules/login';
import type { Tenant } from '@/core/tenant';

export type ShopRow = typeof shops.$inferSelect;
export type ConfigRow = typeof renterConfigs.$inferSelect;

/** The sections of renter_configs this module writes. */
export type ConfigKey = 'home' | 'general' | 'payment';

export const shopRepo = {
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
  async config(tenant: Tenant, key: ConfigKey, forUpdate = false): Promise<ConfigRow | undefined> {
    const { db, renterId } = tenant;
    const q = db
      .select()
      .from(renterConfigs)
      .where(and(eq(renterConfigs.renterId, renterId), eq(renterConfigs.key, key)))
      .limit(1);
    const [r] = forUpdate ? await q.for('update') : await q;
    return r;
  },
  /** Serialises one enterprise's writes of a section (the row may not exist yet, so a row lock is not enough). */
  async lockConfig(tenant: Tenant, key: ConfigKey) {
    const { db, renterId } = tenant;
    await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`renter_config:${renterId}:${key}`}))`);
  },
  async saveConfig(tenant: Tenant, key: ConfigKey, v: { value: Record<string, unknown>; secret?: string; updatedBy: string }) {
    const { db, renterId } = tenant;
    const set = { value: v.value, updatedBy: v.updatedBy, updatedAt: new Date(), ...(v.secret === undefined ? {} : { secret: v.secret }) };
    await db
      .insert(renterConfigs)
      .values({ renterId, key, ...set })
      .onConflictDoUpdate({ target: [renterConfigs.renterId, renterConfigs.key], set });
  },
};

/** The names of area codes (the shared catalogue), by code. */
export async function areaNames(db: Db, codes: string[]): Promise<Map<string, { name: string; parentCode: string }>> {
  const rows = await areasByCodes(db, [...new Set(codes)]);
  return new Map(rows.map((r) => [r.code, { name: r.name, parentCode: r.parentCode }]));
}
