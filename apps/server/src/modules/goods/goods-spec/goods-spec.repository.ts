import { and, asc, count, eq, ilike, inArray, max, sql } from 'drizzle-orm';
import { contains } from '@/core/like';
import { paged } from '@/core/paging';
import type { Db } from '@/db/client';
import { goodsSpecTemplates as t } from '@/db/schema';
import type { Tenant } from '@/core/tenant';

export type SpecTemplateRow = typeof t.$inferSelect;
type Insert = typeof t.$inferInsert;

const of = (renterId: string) => eq(t.renterId, renterId);
/** Smaller sort first, then older. */
const order = [asc(t.sort), asc(t.createdAt), asc(t.id)];

export const specTemplateRepo = {
  async page(tenant: Tenant, keyword: string, offset: number, limit: number) {
    const { db, renterId } = tenant;
    const where = keyword ? and(of(renterId), ilike(t.name, contains(keyword))) : of(renterId);
    return paged(
      db
        .select()
        .from(t)
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset),
      db.select({ n: count() }).from(t).where(where),
    );
  },
  async all(tenant: Tenant) {
    const { db, renterId } = tenant;
    return db
      .select({ id: t.id, name: t.name, specs: t.specs })
      .from(t)
      .where(of(renterId))
      .orderBy(...order)
      .limit(500);
  },
  async byId(tenant: Tenant, id: string): Promise<SpecTemplateRow | undefined> {
    const { db, renterId } = tenant;
    const [r] = await db
      .select()
      .from(t)
      .where(and(of(renterId), eq(t.id, id)))
      .limit(1);
    return r;
  },
  async byIds(tenant: Tenant, ids: string[]) {
    const { db, renterId } = tenant;
    return db
      .select()
      .from(t)
      .where(and(of(renterId), inArray(t.id, ids)));
  },
  async byName(tenant: Tenant, name: string, exceptId?: string) {
    const { db, renterId } = tenant;
    const conds = [of(renterId), eq(t.name, name)];
    if (exceptId) conds.push(sql`${t.id} <> ${exceptId}`);
    const [r] = await db
      .select({ id: t.id })
      .from(t)
      .where(and(...conds))
      .limit(1);
    return r;
  },
  async maxSort(tenant: Tenant): Promise<number> {
    const { db, renterId } = tenant;
    const [r] = await db
      .select({ m: max(t.sort) })
      .from(t)
      .where(of(renterId));
    return Number(r?.m ?? 0);
  },
  async insert(db: Db, v: Insert) {
    const [r] = await db.insert(t).values(v).returning({ id: t.id });
    return r;
  },
  async update(tenant: Tenant, id: string, v: Partial<Insert>) {
    const { db, renterId } = tenant;
    await db
      .update(t)
      .set({ ...v, updatedAt: new Date() })
      .where(and(of(renterId), eq(t.id, id)));
  },
  async delete(tenant: Tenant, ids: string[]) {
    const { db, renterId } = tenant;
    await db.delete(t).where(and(of(renterId), inArray(t.id, ids)));
  },
  /** Serialises name checks and writes within an enterprise. */
  async lock(tenant: Tenant) {
    const { db, renterId } = tenant;
    await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`goods_spec:${renterId}`}))`);
  },
};
