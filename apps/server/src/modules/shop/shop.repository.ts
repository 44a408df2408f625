import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { renterConfigs } from '@/db/schema';
import { areasByCodes } from '@/modules/login';
import type { Tenant } from '@/core/tenant';

export type ConfigRow = typeof renterConfigs.$inferSelect;

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
