import { and, asc, eq, sql } from 'drizzle-orm';
import { tenantTable } from '@/core/tenant-repo';
import type { Db } from '@/db/client';
import { renterConfigs, shops } from '@/db/schema';
import { areasByCodes } from '@/modules/login';
import type { Tenant } from '@/core/tenant';

export type ConfigRow = typeof renterConfigs.$inferSelect;
export type ShopRow = typeof shops.$inferSelect;

const shopTable = tenantTable(shops);

/** The enterprise's shops (店铺信息 edits the session's; staff belong to one). */
export const shopRowsRepo = {
  byId: shopTable.byId,
  lockById: shopTable.lockById,
  /** The enterprise's shops, oldest (its first) first. */
  async list(tenant: Tenant) {
    return tenant.db
      .select({ id: shops.id, name: shops.name })
      .from(shops)
      .where(shopTable.of(tenant))
      .orderBy(asc(shops.createdAt), asc(shops.id));
  },
  async insert(db: Db, v: typeof shops.$inferInsert): Promise<ShopRow> {
    const [r] = await db.insert(shops).values(v).returning();
    return r;
  },
  update: shopTable.updateById,
  /** A shop by its id alone: the customer side names its shop (members README "Which renter"). */
  async publicById(db: Db, id: string): Promise<ShopRow | undefined> {
    const [r] = await db.select().from(shops).where(eq(shops.id, id)).limit(1);
    return r;
  },
};

/** The sections of renter_configs this module writes. */
export type ConfigKey = 'home' | 'general' | 'payment';

export const shopRepo = {
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
