import { and, asc, count, desc, eq, gt, ilike, inArray, lt, lte, max, notInArray, type SQL, sql } from 'drizzle-orm';
import { contains } from '@/core/like';
import { paged, sortBy } from '@/core/paging';
import type { Db } from '@/db/client';
import { goodsUnits } from '@/db/schema';
import type { Tenant } from '@/core/tenant';
import { tenantTable } from '@/core/tenant-repo';

export type GoodUnitRow = typeof goodsUnits.$inferSelect;

const SORTS = {
  sort: goodsUnits.sort,
  name: goodsUnits.name,
  status: goodsUnits.status,
  createTime: goodsUnits.createdAt,
} as const;

const of = (renterId: string) => eq(goodsUnits.renterId, renterId);

export interface UnitListQuery {
  keyword: string;
  /** -1 all. */
  status: number;
  offset: number;
  limit: number;
  sorter: { field: string; order: string }[];
}

const units = tenantTable(goodsUnits, { name: goodsUnits.name });

export const goodUnitRepo = {
  /** Serialises one enterprise's unit writes for the rest of the transaction: names and sort values stay unique. */
  async lock(tenant: Tenant) {
    const { db, renterId } = tenant;
    await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`goods_unit:${renterId}`}))`);
  },
  async page(tenant: Tenant, q: UnitListQuery) {
    const { db, renterId } = tenant;
    const conds: SQL[] = [of(renterId)];
    if (q.keyword) conds.push(ilike(goodsUnits.name, contains(q.keyword)));
    if (q.status !== -1) conds.push(eq(goodsUnits.status, q.status));
    const where = and(...conds);
    return paged(
      db
        .select()
        .from(goodsUnits)
        .where(where)
        .orderBy(...sortBy(q.sorter, SORTS), asc(goodsUnits.sort))
        .limit(q.limit)
        .offset(q.offset),
      db.select({ n: count() }).from(goodsUnits).where(where),
    );
  },
  async enabled(tenant: Tenant): Promise<GoodUnitRow[]> {
    const { db, renterId } = tenant;
    return db
      .select()
      .from(goodsUnits)
      .where(and(of(renterId), eq(goodsUnits.status, 1)))
      .orderBy(asc(goodsUnits.sort));
  },
  byId: units.byId,
  byIds: units.byIds,
  nameTaken: units.nameTaken,
  async maxSort(tenant: Tenant): Promise<number> {
    const { db, renterId } = tenant;
    const [r] = await db
      .select({ n: max(goodsUnits.sort) })
      .from(goodsUnits)
      .where(of(renterId));
    return r?.n ?? 0;
  },
  /** The unit just before (up) or after (down) a sort value. */
  async neighbour(tenant: Tenant, sort: number, direction: 'up' | 'down'): Promise<GoodUnitRow | undefined> {
    const { db, renterId } = tenant;
    const [r] = await db
      .select()
      .from(goodsUnits)
      .where(and(of(renterId), direction === 'up' ? lt(goodsUnits.sort, sort) : gt(goodsUnits.sort, sort)))
      .orderBy(direction === 'up' ? desc(goodsUnits.sort) : asc(goodsUnits.sort))
      .limit(1);
    return r;
  },
  /** Units up to and including a sort value, smallest first (id and sort only). */
  async upTo(tenant: Tenant, sort: number) {
    const { db, renterId } = tenant;
    return db
      .select({ id: goodsUnits.id, sort: goodsUnits.sort })
      .from(goodsUnits)
      .where(and(of(renterId), lte(goodsUnits.sort, sort)))
      .orderBy(asc(goodsUnits.sort));
  },
  /** Units other than exceptIds holding one of these sort values. */
  async holdingSorts(tenant: Tenant, sorts: number[], exceptIds: string[]): Promise<GoodUnitRow[]> {
    const { db, renterId } = tenant;
    return db
      .select()
      .from(goodsUnits)
      .where(and(of(renterId), inArray(goodsUnits.sort, sorts), notInArray(goodsUnits.id, exceptIds)));
  },
  async insert(db: Db, v: typeof goodsUnits.$inferInsert): Promise<GoodUnitRow> {
    const [r] = await db.insert(goodsUnits).values(v).returning();
    return r;
  },
  async update(tenant: Tenant, id: string, v: Partial<typeof goodsUnits.$inferInsert>) {
    const { db, renterId } = tenant;
    await db
      .update(goodsUnits)
      .set({ ...v, updatedAt: new Date() })
      .where(and(of(renterId), eq(goodsUnits.id, id)));
  },
  async setStatus(tenant: Tenant, ids: string[], status: number) {
    const { db, renterId } = tenant;
    await db
      .update(goodsUnits)
      .set({ status, updatedAt: new Date() })
      .where(and(of(renterId), inArray(goodsUnits.id, ids)));
  },
  /**
   * Gives units new sort values in two statements, whatever the permutation: first each to a distinct negative
   * placeholder, then to its value. The unique index on (renter_id, sort) is checked row by row, so a direct swap
   * would collide. The new values must not be held by units outside the list.
   */
  async setSorts(tenant: Tenant, list: { id: string; sort: number }[]) {
    const { db, renterId } = tenant;
    if (list.length === 0) return;
    const values = (f: (x: { id: string; sort: number }, i: number) => number) =>
      sql.join(
        list.map((x, i) => sql`(${x.id}::uuid, ${f(x, i)}::int)`),
        sql`, `,
      );
    const apply = (f: (x: { id: string; sort: number }, i: number) => number) =>
      db.execute(sql`
        update goods_units u set sort = v.sort, updated_at = now()
        from (values ${values(f)}) as v(id, sort)
        where u.renter_id = ${renterId} and u.id = v.id`);
    await apply((_x, i) => -(i + 1));
    await apply((x) => x.sort);
  },
};
