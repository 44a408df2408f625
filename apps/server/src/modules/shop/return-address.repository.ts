import { and, count, desc, eq, ilike, ne, or, type SQL, sql } from 'drizzle-orm';
import { contains } from '@/core/like';
import { paged } from '@/core/paging';
import type { Db } from '@/db/client';
import { returnAddresses } from '@/db/schema';
import type { Tenant } from '@/core/tenant';

export type ReturnAddressRow = typeof returnAddresses.$inferSelect;

const of = (renterId: string) => eq(returnAddresses.renterId, renterId);

export const returnAddressRepo = {
  /** Serialises one enterprise's address writes for the rest of the transaction: exactly one default stays. */
  async lock(tenant: Tenant) {
    const { db, renterId } = tenant;
    await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`return_address:${renterId}`}))`);
  },
  /** The default first, then the newest (index return_addresses_renter_idx). */
  async page(tenant: Tenant, q: { keyword: string; offset: number; limit: number }) {
    const { db, renterId } = tenant;
    const conds: SQL[] = [of(renterId)];
    if (q.keyword) {
      const like = contains(q.keyword);
      conds.push(or(ilike(returnAddresses.name, like), ilike(returnAddresses.phone, like), ilike(returnAddresses.address, like)) as SQL);
    }
    const where = and(...conds);
    return paged(
      db
        .select()
        .from(returnAddresses)
        .where(where)
        .orderBy(desc(returnAddresses.isDefault), desc(returnAddresses.createdAt), desc(returnAddresses.id))
        .limit(q.limit)
        .offset(q.offset),
      db.select({ n: count() }).from(returnAddresses).where(where),
    );
  },
  async byId(tenant: Tenant, id: string): Promise<ReturnAddressRow | undefined> {
    const { db, renterId } = tenant;
    const [r] = await db
      .select()
      .from(returnAddresses)
      .where(and(of(renterId), eq(returnAddresses.id, id)))
      .limit(1);
    return r;
  },
  async count(tenant: Tenant): Promise<number> {
    const { db, renterId } = tenant;
    const [r] = await db.select({ n: count() }).from(returnAddresses).where(of(renterId));
    return Number(r?.n ?? 0);
  },
  /** The newest address other than exceptId. */
  async newest(tenant: Tenant, exceptId: string): Promise<ReturnAddressRow | undefined> {
    const { db, renterId } = tenant;
    const [r] = await db
      .select()
      .from(returnAddresses)
      .where(and(of(renterId), ne(returnAddresses.id, exceptId)))
      .orderBy(desc(returnAddresses.createdAt), desc(returnAddresses.id))
      .limit(1);
    return r;
  },
  async currentDefault(tenant: Tenant): Promise<ReturnAddressRow | undefined> {
    const { db, renterId } = tenant;
    const [r] = await db
      .select()
      .from(returnAddresses)
      .where(and(of(renterId), eq(returnAddresses.isDefault, true)))
      .limit(1);
    return r;
  },
  async insert(db: Db, v: typeof returnAddresses.$inferInsert): Promise<ReturnAddressRow> {
    const [r] = await db.insert(returnAddresses).values(v).returning();
    return r;
  },
  async update(tenant: Tenant, id: string, v: Partial<typeof returnAddresses.$inferInsert>) {
    const { db, renterId } = tenant;
    await db
      .update(returnAddresses)
      .set({ ...v, updatedAt: new Date() })
      .where(and(of(renterId), eq(returnAddresses.id, id)));
  },
  /** Makes one address the default: the old default is cleared first (the unique index allows one). */
  async makeDefault(tenant: Tenant, id: string) {
    const { db, renterId } = tenant;
    await db
      .update(returnAddresses)
      .set({ isDefault: false, updatedAt: new Date() })
      .where(and(of(renterId), eq(returnAddresses.isDefault, true), ne(returnAddresses.id, id)));
    await db
      .update(returnAddresses)
      .set({ isDefault: true, updatedAt: new Date() })
      .where(and(of(renterId), eq(returnAddresses.id, id)));
  },
  async remove(tenant: Tenant, id: string) {
    const { db, renterId } = tenant;
    await db.delete(returnAddresses).where(and(of(renterId), eq(returnAddresses.id, id)));
  },
};
