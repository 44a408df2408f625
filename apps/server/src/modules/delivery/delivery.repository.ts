import { and, count, desc, eq, inArray, or, type SQL } from 'drizzle-orm';
import { containsMatch } from '@/core/like';
import { paged, sortBy } from '@/core/paging';
import type { Tenant } from '@/core/tenant';
import { tenantTable } from '@/core/tenant-repo';
import type { Db } from '@/db/client';
import { deliverySettings, freightTemplates, pickupPoints } from './delivery.tables';

export type SettingsRow = typeof deliverySettings.$inferSelect;
export type PickRow = typeof pickupPoints.$inferSelect;
export type TemplateRow = typeof freightTemplates.$inferSelect;

export interface ListQuery {
  keyword: string;
  /** -1 all. */
  status: number;
  sorter: { field: string; order: string }[];
  offset: number;
  limit: number;
}

/** The defaults of a shop without a settings row: 快递发货 on, the others off. */
export const DEFAULT_SETTINGS = {
  express: 1,
  pickup: 0,
  local: 0,
  localRadiusM: 5000,
  localMinFen: 0,
  localFeeFen: 0,
  localFreeFen: 0,
} as const;

export const settingsRepo = {
  async of(tenant: Tenant, shopId: string, forUpdate = false): Promise<SettingsRow | undefined> {
    const { db, renterId } = tenant;
    const q = db
      .select()
      .from(deliverySettings)
      .where(and(eq(deliverySettings.renterId, renterId), eq(deliverySettings.shopId, shopId)))
      .limit(1);
    const [r] = forUpdate ? await q.for('update') : await q;
    return r;
  },
  /** Creates the shop's row with the defaults if it has none (so it can be locked). */
  async ensure(tenant: Tenant, shopId: string) {
    const { db, renterId } = tenant;
    await db.insert(deliverySettings).values({ renterId, shopId }).onConflictDoNothing();
  },
  async update(tenant: Tenant, shopId: string, v: Partial<typeof deliverySettings.$inferInsert>) {
    const { db, renterId } = tenant;
    await db
      .update(deliverySettings)
      .set({ ...v, updatedAt: new Date() })
      .where(and(eq(deliverySettings.renterId, renterId), eq(deliverySettings.shopId, shopId)));
  },
};

const PICK_SORTS = { name: pickupPoints.name, status: pickupPoints.status, createTime: pickupPoints.createdAt } as const;
const TEMPLATE_SORTS = { name: freightTemplates.name, status: freightTemplates.status, createTime: freightTemplates.createdAt } as const;

const points = tenantTable(pickupPoints);

export const pickRepo = {
  /** A page, newest first unless sorted (pickup_points_renter_created_idx); keyword in name, address or phone. */
  async page(tenant: Tenant, q: ListQuery) {
    const { db, renterId } = tenant;
    const conds: SQL[] = [eq(pickupPoints.renterId, renterId)];
    if (q.keyword)
      conds.push(
        or(
          containsMatch(pickupPoints.name, q.keyword),
          containsMatch(pickupPoints.address, q.keyword),
          containsMatch(pickupPoints.phone, q.keyword),
        ) as SQL,
      );
    if (q.status !== -1) conds.push(eq(pickupPoints.status, q.status));
    const where = and(...conds);
    return paged(
      db
        .select()
        .from(pickupPoints)
        .where(where)
        .orderBy(...sortBy(q.sorter, PICK_SORTS), desc(pickupPoints.createdAt), desc(pickupPoints.id))
        .limit(q.limit)
        .offset(q.offset),
      db.select({ n: count() }).from(pickupPoints).where(where),
    );
  },
  byId: points.byId,
  /** Names of these points of the renter (disabled ones too): for the lists of what was collected where. */
  async names(tenant: Tenant, ids: string[]): Promise<Map<string, string>> {
    if (!ids.length) return new Map();
    const { db, renterId } = tenant;
    const rows = await db
      .select({ id: pickupPoints.id, name: pickupPoints.name })
      .from(pickupPoints)
      .where(and(eq(pickupPoints.renterId, renterId), inArray(pickupPoints.id, [...new Set(ids)])));
    return new Map(rows.map((r) => [r.id, r.name]));
  },
  async insert(db: Db, v: typeof pickupPoints.$inferInsert): Promise<PickRow> {
    const [r] = await db.insert(pickupPoints).values(v).returning();
    return r;
  },
  async update(tenant: Tenant, id: string, v: Partial<typeof pickupPoints.$inferInsert>) {
    const { db, renterId } = tenant;
    await db
      .update(pickupPoints)
      .set({ ...v, updatedAt: new Date() })
      .where(and(eq(pickupPoints.renterId, renterId), eq(pickupPoints.id, id)));
  },
  async delete(tenant: Tenant, id: string) {
    const { db, renterId } = tenant;
    await db.delete(pickupPoints).where(and(eq(pickupPoints.renterId, renterId), eq(pickupPoints.id, id)));
  },
};

const templates = tenantTable(freightTemplates, { name: freightTemplates.name });

export const templateRepo = {
  /** A page, newest first unless sorted (freight_templates_renter_created_idx); keyword in the name. */
  async page(tenant: Tenant, q: ListQuery) {
    const { db, renterId } = tenant;
    const conds: SQL[] = [eq(freightTemplates.renterId, renterId)];
    if (q.keyword) conds.push(containsMatch(freightTemplates.name, q.keyword));
    if (q.status !== -1) conds.push(eq(freightTemplates.status, q.status));
    const where = and(...conds);
    return paged(
      db
        .select()
        .from(freightTemplates)
        .where(where)
        .orderBy(...sortBy(q.sorter, TEMPLATE_SORTS), desc(freightTemplates.createdAt), desc(freightTemplates.id))
        .limit(q.limit)
        .offset(q.offset),
      db.select({ n: count() }).from(freightTemplates).where(where),
    );
  },
  byId: templates.byId,
  byIds: templates.byIds,
  nameTaken: templates.nameTaken,
  /** Enabled templates, by name (the goods edit select; an enterprise has tens, not thousands). */
  async enabled(tenant: Tenant) {
    const { db, renterId } = tenant;
    return db
      .select({ id: freightTemplates.id, name: freightTemplates.name, chargeBy: freightTemplates.chargeBy })
      .from(freightTemplates)
      .where(and(eq(freightTemplates.renterId, renterId), eq(freightTemplates.status, 1)))
      .orderBy(freightTemplates.name)
      .limit(500);
  },
  async insert(db: Db, v: typeof freightTemplates.$inferInsert): Promise<TemplateRow> {
    const [r] = await db.insert(freightTemplates).values(v).returning();
    return r;
  },
  async update(tenant: Tenant, id: string, v: Partial<typeof freightTemplates.$inferInsert>) {
    const { db, renterId } = tenant;
    await db
      .update(freightTemplates)
      .set({ ...v, updatedAt: new Date() })
      .where(and(eq(freightTemplates.renterId, renterId), eq(freightTemplates.id, id)));
  },
  async delete(tenant: Tenant, id: string) {
    const { db, renterId } = tenant;
    await db.delete(freightTemplates).where(and(eq(freightTemplates.renterId, renterId), eq(freightTemplates.id, id)));
  },
};
