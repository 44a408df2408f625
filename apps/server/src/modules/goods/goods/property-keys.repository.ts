import { and, asc, count, eq, ilike, inArray, sql } from 'drizzle-orm';
import { contains } from '@/core/like';
import { paged } from '@/core/paging';
import type { Db } from '@/db/client';
import { goodsPropertyKeys } from '@/db/schema';
import type { Tenant } from '@/core/tenant';

export type PropertyKeyRow = typeof goodsPropertyKeys.$inferSelect;

const of = (renterId: string) => eq(goodsPropertyKeys.renterId, renterId);
const rowsOf = (r: unknown) => (r as { rows: Record<string, unknown>[] }).rows;

/** The enterprise's goods property keys (商品扩展属性); goods refer to them by id in goods.extensions. */
export const propertyKeyRepo = {
  async all(tenant: Tenant): Promise<PropertyKeyRow[]> {
    const { db, renterId } = tenant;
    return db
      .select()
      .from(goodsPropertyKeys)
      .where(of(renterId))
      .orderBy(asc(goodsPropertyKeys.sort), asc(goodsPropertyKeys.createdAt), asc(goodsPropertyKeys.id));
  },
  async page(tenant: Tenant, q: { keyword: string; offset: number; limit: number }) {
    const { db, renterId } = tenant;
    const where = q.keyword ? and(of(renterId), ilike(goodsPropertyKeys.name, contains(q.keyword))) : of(renterId);
    return paged(
      db
        .select()
        .from(goodsPropertyKeys)
        .where(where)
        .orderBy(asc(goodsPropertyKeys.sort), asc(goodsPropertyKeys.createdAt), asc(goodsPropertyKeys.id))
        .limit(q.limit)
        .offset(q.offset),
      db.select({ n: count() }).from(goodsPropertyKeys).where(where),
    );
  },
  async byIds(tenant: Tenant, ids: string[]): Promise<PropertyKeyRow[]> {
    const { db, renterId } = tenant;
    if (!ids.length) return [];
    return db
      .select()
      .from(goodsPropertyKeys)
      .where(and(of(renterId), inArray(goodsPropertyKeys.id, ids)));
  },
  async byName(tenant: Tenant, name: string): Promise<PropertyKeyRow | undefined> {
    const { db, renterId } = tenant;
    const [r] = await db
      .select()
      .from(goodsPropertyKeys)
      .where(and(of(renterId), eq(goodsPropertyKeys.name, name)))
      .limit(1);
    return r;
  },
  async count(tenant: Tenant): Promise<number> {
    const { db, renterId } = tenant;
    const [r] = await db.select({ n: count() }).from(goodsPropertyKeys).where(of(renterId));
    return Number(r?.n ?? 0);
  },
  async insert(db: Db, v: typeof goodsPropertyKeys.$inferInsert): Promise<PropertyKeyRow> {
    const [r] = await db.insert(goodsPropertyKeys).values(v).returning();
    return r;
  },
  async update(tenant: Tenant, id: string, v: { name: string; values: string[] }) {
    const { db, renterId } = tenant;
    await db
      .update(goodsPropertyKeys)
      .set({ ...v, updatedAt: new Date() })
      .where(and(of(renterId), eq(goodsPropertyKeys.id, id)));
  },
  async delete(tenant: Tenant, ids: string[]) {
    const { db, renterId } = tenant;
    await db.delete(goodsPropertyKeys).where(and(of(renterId), inArray(goodsPropertyKeys.id, ids)));
  },
  /** How many goods of the enterprise carry each of these keys in their extensions. */
  async goodsCounts(tenant: Tenant, ids: string[]): Promise<Map<string, number>> {
    const { db, renterId } = tenant;
    if (!ids.length) return new Map();
    const r = await db.execute(sql`
      select e->>'key' as key, count(distinct g.id)::int as n
      from goods g, jsonb_array_elements(g.extensions) e
      where g.renter_id = ${renterId} and jsonb_array_length(g.extensions) > 0
        and e->>'key' in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})
      group by 1`);
    return new Map(rowsOf(r).map((x) => [String(x.key), Number(x.n)]));
  },
  /**
   * Property-key writes and goods saves that refer to keys take this lock (saves shared, deletes exclusive), so a key
   * checked present by a save cannot be deleted before that save commits.
   */
  async lockShared(tenant: Tenant) {
    const { db, renterId } = tenant;
    await db.execute(sql`select pg_advisory_xact_lock_shared(hashtext(${`goods_property:${renterId}`}))`);
  },
  async lockExclusive(tenant: Tenant) {
    const { db, renterId } = tenant;
    await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`goods_property:${renterId}`}))`);
  },
};
