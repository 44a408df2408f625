import { and, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { paged } from '@/core/paging';
import type { Tenant } from '@/core/tenant';
import type { Db } from '@/db/client';
import { expressAccounts, expressBuys } from './delivery.tables';

export type ExpressBuyRow = typeof expressBuys.$inferSelect;

export const expressRepo = {
  async quota(tenant: Tenant): Promise<number> {
    const { db, renterId } = tenant;
    const [r] = await db.select({ n: expressAccounts.waybillQuota }).from(expressAccounts).where(eq(expressAccounts.renterId, renterId));
    return r?.n ?? 0;
  },
  /** Adds waybills to the enterprise's quota in one statement (no read before): concurrent adds all count. */
  async addQuota(tenant: Tenant, n: number): Promise<number> {
    const { db, renterId } = tenant;
    const [r] = await db
      .insert(expressAccounts)
      .values({ renterId, waybillQuota: n })
      .onConflictDoUpdate({
        target: expressAccounts.renterId,
        set: { waybillQuota: sql`${expressAccounts.waybillQuota} + ${n}`, updatedAt: new Date() },
      })
      .returning({ n: expressAccounts.waybillQuota });
    return r.n;
  },
  /** A page of purchases, newest first; status 0 all. */
  async page(tenant: Tenant, status: number, offset: number, limit: number) {
    const { db, renterId } = tenant;
    const conds: SQL[] = [eq(expressBuys.renterId, renterId)];
    if (status) conds.push(eq(expressBuys.status, status));
    const where = and(...conds);
    return paged(
      db.select().from(expressBuys).where(where).orderBy(desc(expressBuys.createdAt), desc(expressBuys.id)).limit(limit).offset(offset),
      db.select({ n: count() }).from(expressBuys).where(where),
    );
  },
  async byId(tenant: Tenant, id: string, forUpdate = false): Promise<ExpressBuyRow | undefined> {
    const { db, renterId } = tenant;
    const q = db
      .select()
      .from(expressBuys)
      .where(and(eq(expressBuys.renterId, renterId), eq(expressBuys.id, id)))
      .limit(1);
    const [r] = forUpdate ? await q.for('update') : await q;
    return r;
  },
  async insert(db: Db, v: typeof expressBuys.$inferInsert): Promise<ExpressBuyRow> {
    const [r] = await db.insert(expressBuys).values(v).returning();
    return r;
  },
  async setPay(tenant: Tenant, id: string, payOrderId: string, qrCode: string) {
    const { db, renterId } = tenant;
    await db
      .update(expressBuys)
      .set({ payOrderId, qrCode })
      .where(and(eq(expressBuys.renterId, renterId), eq(expressBuys.id, id)));
  },
  /** Unpaid → closed; false when it was not unpaid any more. */
  async close(tenant: Tenant, id: string): Promise<boolean> {
    const { db, renterId } = tenant;
    const r = await db
      .update(expressBuys)
      .set({ status: 3 })
      .where(and(eq(expressBuys.renterId, renterId), eq(expressBuys.id, id), eq(expressBuys.status, 1)))
      .returning({ id: expressBuys.id });
    return r.length > 0;
  },
  /**
   * Unpaid (or closed: a payment that raced the close still bought the waybills) → paid, once; false when it was
   * already paid.
   */
  async markPaid(tenant: Tenant, id: string): Promise<boolean> {
    const { db, renterId } = tenant;
    const r = await db
      .update(expressBuys)
      .set({ status: 2, paidAt: new Date() })
      .where(and(eq(expressBuys.renterId, renterId), eq(expressBuys.id, id), inArray(expressBuys.status, [1, 3])))
      .returning({ id: expressBuys.id });
    return r.length > 0;
  },
};
