import { and, asc, count, desc, eq, gt, isNull, or, type SQL, sql } from 'drizzle-orm';
import { paged } from '@/core/paging';
import type { Db } from '@/db/client';
import { apps, BUY_STATUS, renterApps, renterBuys } from '@/db/schema';
import type { Tenant } from '@/core/tenant';

export type AppRow = typeof apps.$inferSelect;
export type RenterAppRow = typeof renterApps.$inferSelect;
export type RenterBuyRow = typeof renterBuys.$inferSelect;

const buyOf = (renterId: string, id: string) => and(eq(renterBuys.renterId, renterId), eq(renterBuys.id, id));
/** An app the enterprise may use now: bought out, or annual and not ended. */
const liveApp = () => or(eq(renterApps.mdornf, 1), gt(renterApps.serviceEndAt, sql`now()`));

export const appRepo = {
  async all(db: Db): Promise<AppRow[]> {
    return db.select().from(apps).orderBy(asc(apps.sort), asc(apps.id));
  },
  async byId(db: Db, id: string): Promise<AppRow | undefined> {
    const [r] = await db.select().from(apps).where(eq(apps.id, id)).limit(1);
    return r;
  },
  /** The enterprise's bought apps (ended ones too), by app id. */
  async ofRenter(tenant: Tenant): Promise<Map<string, RenterAppRow>> {
    const { db, renterId } = tenant;
    const rows = await db.select().from(renterApps).where(eq(renterApps.renterId, renterId));
    return new Map(rows.map((r) => [r.appId, r]));
  },
  async oneOfRenter(tenant: Tenant, appId: string): Promise<RenterAppRow | undefined> {
    const { db, renterId } = tenant;
    const [r] = await db
      .select()
      .from(renterApps)
      .where(and(eq(renterApps.renterId, renterId), eq(renterApps.appId, appId)))
      .for('update')
      .limit(1);
    return r;
  },
  /** Ids of the apps the enterprise may use now. */
  async liveIds(tenant: Tenant): Promise<string[]> {
    const { db, renterId } = tenant;
    const rows = await db
      .select({ appId: renterApps.appId })
      .from(renterApps)
      .where(and(eq(renterApps.renterId, renterId), liveApp()));
    return rows.map((r) => r.appId);
  },
  /** Buyout: for good, whatever was there. */
  async setBuyout(tenant: Tenant, appId: string): Promise<RenterAppRow> {
    const { db, renterId } = tenant;
    const [r] = await db
      .insert(renterApps)
      .values({ renterId, appId, mdornf: 1, serviceEndAt: null })
      .onConflictDoUpdate({
        target: [renterApps.renterId, renterApps.appId],
        set: { mdornf: 1, serviceEndAt: null, updatedAt: sql`now()` },
      })
      .returning();
    return r;
  },
  /** Annual: the years count from the later of now and the current end. */
  async addYears(tenant: Tenant, appId: string, years: number): Promise<RenterAppRow> {
    const { db, renterId } = tenant;
    const [r] = await db
      .insert(renterApps)
      .values({ renterId, appId, mdornf: 2, serviceEndAt: sql`now() + make_interval(years => ${years}::int)` })
      .onConflictDoUpdate({
        target: [renterApps.renterId, renterApps.appId],
        set: {
          mdornf: 2,
          serviceEndAt: sql`greatest(now(), coalesce(${renterApps.serviceEndAt}, now())) + make_interval(years => ${years}::int)`,
          updatedAt: sql`now()`,
        },
      })
      .returning();
    return r;
  },
};

export const buyRepo = {
  async insert(db: Db, v: typeof renterBuys.$inferInsert): Promise<RenterBuyRow> {
    const [r] = await db.insert(renterBuys).values(v).returning();
    return r;
  },
  async byId(tenant: Tenant, id: string, lock = false): Promise<RenterBuyRow | undefined> {
    const { db, renterId } = tenant;
    const q = db.select().from(renterBuys).where(buyOf(renterId, id)).limit(1);
    const [r] = lock ? await q.for('update') : await q;
    return r;
  },
  /** Unpaid purchases of the same thing (the product: appId null) by the enterprise. */
  async unpaidOf(tenant: Tenant, appId: string | null): Promise<RenterBuyRow[]> {
    const { db, renterId } = tenant;
    return db
      .select()
      .from(renterBuys)
      .where(
        and(
          eq(renterBuys.renterId, renterId),
          eq(renterBuys.status, BUY_STATUS.unpaid),
          appId ? eq(renterBuys.appId, appId) : isNull(renterBuys.appId),
        ),
      );
  },
  async setPayOrder(tenant: Tenant, id: string, payOrderId: string) {
    const { db, renterId } = tenant;
    await db.update(renterBuys).set({ payOrderId }).where(buyOf(renterId, id));
  },
  /** Moves an unpaid purchase to cancelled; false when it was no longer unpaid. */
  async cancel(tenant: Tenant, id: string): Promise<boolean> {
    const { db, renterId } = tenant;
    const r = await db
      .update(renterBuys)
      .set({ status: BUY_STATUS.cancelled })
      .where(and(buyOf(renterId, id), eq(renterBuys.status, BUY_STATUS.unpaid)))
      .returning({ id: renterBuys.id });
    return r.length > 0;
  },
  async markPaid(tenant: Tenant, id: string, v: { endBefore: Date | null; endAfter: Date | null }) {
    const { db, renterId } = tenant;
    await db
      .update(renterBuys)
      .set({ status: BUY_STATUS.paid, paidAt: sql`now()`, ...v })
      .where(buyOf(renterId, id));
  },
  /** One page of the enterprise's purchases, newest first, with the app's name (a product's comes from login). */
  async page(tenant: Tenant, offset: number, limit: number) {
    const { db, renterId } = tenant;
    const where: SQL | undefined = eq(renterBuys.renterId, renterId);
    return paged(
      db
        .select({ buy: renterBuys, appName: apps.name })
        .from(renterBuys)
        .leftJoin(apps, eq(apps.id, renterBuys.appId))
        .where(where)
        .orderBy(desc(renterBuys.createdAt), desc(renterBuys.id))
        .limit(limit)
        .offset(offset),
      db.select({ n: count() }).from(renterBuys).where(where),
    );
  },
};
