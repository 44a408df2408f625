import { and, asc, count, eq, ilike, inArray, max, sql } from 'drizzle-orm';
import { contains } from '@/core/like';
import { paged } from '@/core/paging';
import type { Db } from '@/db/client';
import { goodsSpecTemplates as t } from '@/db/schema';

export type SpecTemplateRow = typeof t.$inferSelect;
type Insert = typeof t.$inferInsert;

const of = (renterId: string) => eq(t.renterId, renterId);
/** Smaller sort first, then older. */
const order = [asc(t.sort), asc(t.createdAt), asc(t.id)];

export const specTemplateRepo = {
  async page(db: Db, renterId: string, keyword: string, offset: number, limit: number) {
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
  async all(db: Db, renterId: string) {
    return db
      .select({ id: t.id, name: t.name, specs: t.specs })
      .from(t)
      .where(of(renterId))
      .orderBy(...order)
      .limit(500);
  },
  async byId(db: Db, renterId: string, id: string): Promise<SpecTemplateRow | undefined> {
    const [r] = await db
      .select()
      .from(t)
      .where(and(of(renterId), eq(t.id, id)))
      .limit(1);
    return r;
  },
  async byIds(db: Db, renterId: string, ids: string[]) {
    return db
      .select()
      .from(t)
      .where(and(of(renterId), inArray(t.id, ids)));
  },
  async byName(db: Db, renterId: string, name: string, exceptId?: string) {
    const conds = [of(renterId), eq(t.name, name)];
    if (exceptId) conds.push(sql`${t.id} <> ${exceptId}`);
    const [r] = await db
      .select({ id: t.id })
      .from(t)
      .where(and(...conds))
      .limit(1);
    return r;
  },
  async maxSort(db: Db, renterId: string): Promise<number> {
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
  async update(db: Db, renterId: string, id: string, v: Partial<Insert>) {
    await db
      .update(t)
      .set({ ...v, updatedAt: new Date() })
      .where(and(of(renterId), eq(t.id, id)));
  },
  async delete(db: Db, renterId: string, ids: string[]) {
    await db.delete(t).where(and(of(renterId), inArray(t.id, ids)));
  },
  /** Serialises name checks and writes within an enterprise. */
  async lock(db: Db, renterId: string) {
    await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`goods_spec:${renterId}`}))`);
  },
};
