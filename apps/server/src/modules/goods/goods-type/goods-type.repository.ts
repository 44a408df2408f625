import { and, asc, count, eq, ilike, inArray, isNull, like, max, notInArray, or, type SQL, sql } from 'drizzle-orm';
import { contains } from '@/core/like';
import { paged, sortBy } from '@/core/paging';
import type { Db } from '@/db/client';
import { goodsTypes } from '@/db/schema';
import type { Tenant } from '@/core/tenant';
import { tenantTable } from '@/core/tenant-repo';

export type GoodsTypeRow = typeof goodsTypes.$inferSelect;

/** Sibling order: sort, then the older first. */
const SIBLING_ORDER = [asc(goodsTypes.sort), asc(goodsTypes.createdAt), asc(goodsTypes.no)];

const SORTS = {
  sort: goodsTypes.sort,
  name: goodsTypes.name,
  status: goodsTypes.status,
  createTime: goodsTypes.createdAt,
} as const;

const of = (renterId: string) => eq(goodsTypes.renterId, renterId);
const under = (path: string) => like(goodsTypes.path, `${path}%`);
const parentIs = (parentId: string | null) => (parentId ? eq(goodsTypes.parentId, parentId) : isNull(goodsTypes.parentId));

export interface GoodsTypeFilter {
  keyword: string;
  /** -1 all. */
  status: number;
}

function filterWhere(renterId: string, f: GoodsTypeFilter): SQL {
  const conds: SQL[] = [of(renterId)];
  if (f.keyword) conds.push(ilike(goodsTypes.name, contains(f.keyword)));
  if (f.status !== -1) conds.push(eq(goodsTypes.status, f.status));
  return and(...conds) as SQL;
}

const types = tenantTable(goodsTypes);

export const goodsTypeRepo = {
  /**
   * Serialises the writes to one enterprise's tree for the rest of the transaction, so two moves can never build a
   * cycle and a name checked free is still free when written.
   */
  async lockTree(tenant: Tenant) {
    const { db, renterId } = tenant;
    await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`goods_type:${renterId}`}))`);
  },
  async all(tenant: Tenant): Promise<GoodsTypeRow[]> {
    const { db, renterId } = tenant;
    return db
      .select()
      .from(goodsTypes)
      .where(of(renterId))
      .orderBy(...SIBLING_ORDER);
  },
  async matching(tenant: Tenant, f: GoodsTypeFilter): Promise<GoodsTypeRow[]> {
    const { db, renterId } = tenant;
    return db
      .select()
      .from(goodsTypes)
      .where(filterWhere(renterId, f))
      .orderBy(...SIBLING_ORDER);
  },
  byId: types.byId,
  byIds: types.byIds,
  async byNos(tenant: Tenant, nos: number[]): Promise<GoodsTypeRow[]> {
    const { db, renterId } = tenant;
    if (nos.length === 0) return [];
    return db
      .select()
      .from(goodsTypes)
      .where(and(of(renterId), inArray(goodsTypes.no, nos)));
  },
  /** The category at path and everything under it. */
  async subtree(tenant: Tenant, path: string): Promise<GoodsTypeRow[]> {
    const { db, renterId } = tenant;
    return db
      .select()
      .from(goodsTypes)
      .where(and(of(renterId), under(path)));
  },
  /** The longest path in the subtree at path, in characters. */
  async deepestPathLength(tenant: Tenant, path: string): Promise<number> {
    const { db, renterId } = tenant;
    const [r] = await db
      .select({ n: max(sql<number>`length(${goodsTypes.path})`) })
      .from(goodsTypes)
      .where(and(of(renterId), under(path)));
    return Number(r?.n ?? path.length);
  },
  async maxSiblingSort(tenant: Tenant, parentId: string | null): Promise<number | null> {
    const { db, renterId } = tenant;
    const [r] = await db
      .select({ n: max(goodsTypes.sort) })
      .from(goodsTypes)
      .where(and(of(renterId), parentIs(parentId)));
    return r?.n ?? null;
  },
  /** A sibling (under parentId) of that name other than exceptId. */
  async siblingNamed(tenant: Tenant, parentId: string | null, name: string, exceptId?: string) {
    const { db, renterId } = tenant;
    const conds = [of(renterId), parentIs(parentId), eq(goodsTypes.name, name)];
    if (exceptId) conds.push(sql`${goodsTypes.id} <> ${exceptId}`);
    const [r] = await db
      .select({ id: goodsTypes.id })
      .from(goodsTypes)
      .where(and(...conds))
      .limit(1);
    return r;
  },
  /** Children of each of parentIds that are not themselves in exceptIds, by parent. */
  async childCounts(tenant: Tenant, parentIds: string[], exceptIds: string[] = []): Promise<Map<string, number>> {
    const { db, renterId } = tenant;
    if (parentIds.length === 0) return new Map();
    const conds = [of(renterId), inArray(goodsTypes.parentId, parentIds)];
    if (exceptIds.length) conds.push(notInArray(goodsTypes.id, exceptIds));
    const rows = await db
      .select({ parentId: goodsTypes.parentId, n: count() })
      .from(goodsTypes)
      .where(and(...conds))
      .groupBy(goodsTypes.parentId);
    return new Map(rows.map((r) => [r.parentId as string, Number(r.n)]));
  },
  async page(
    tenant: Tenant,
    q: GoodsTypeFilter & { parentId?: string; offset: number; limit: number; sorter: { field: string; order: string }[] },
  ) {
    const { db, renterId } = tenant;
    const conds: SQL[] = [filterWhere(renterId, q)];
    if (q.parentId !== undefined) conds.push(parentIs(q.parentId || null));
    const where = and(...conds);
    return paged(
      db
        .select()
        .from(goodsTypes)
        .where(where)
        .orderBy(...sortBy(q.sorter, SORTS), ...SIBLING_ORDER)
        .limit(q.limit)
        .offset(q.offset),
      db.select({ n: count() }).from(goodsTypes).where(where),
    );
  },
  async insert(db: Db, v: typeof goodsTypes.$inferInsert): Promise<GoodsTypeRow> {
    const [r] = await db.insert(goodsTypes).values(v).returning();
    return r;
  },
  async update(tenant: Tenant, id: string, v: Partial<typeof goodsTypes.$inferInsert>) {
    const { db, renterId } = tenant;
    await db
      .update(goodsTypes)
      .set({ ...v, updatedAt: new Date() })
      .where(and(of(renterId), eq(goodsTypes.id, id)));
  },
  /** Moves a subtree: every path that starts with from starts with to instead. */
  async movePaths(tenant: Tenant, from: string, to: string) {
    const { db, renterId } = tenant;
    await db
      .update(goodsTypes)
      .set({ path: sql`${to} || substr(${goodsTypes.path}, ${from.length + 1})`, updatedAt: new Date() })
      .where(and(of(renterId), under(from)));
  },
  /** Sets the status of the subtrees at these paths; answers the ids that changed. */
  async setSubtreeStatus(tenant: Tenant, paths: string[], status: number): Promise<string[]> {
    const { db, renterId } = tenant;
    if (paths.length === 0) return [];
    const rows = await db
      .update(goodsTypes)
      .set({ status, updatedAt: new Date() })
      .where(and(of(renterId), or(...paths.map(under)), sql`${goodsTypes.status} <> ${status}`))
      .returning({ id: goodsTypes.id });
    return rows.map((r) => r.id);
  },
  async setSort(tenant: Tenant, id: string, sort: number) {
    const { db, renterId } = tenant;
    await db
      .update(goodsTypes)
      .set({ sort, updatedAt: new Date() })
      .where(and(of(renterId), eq(goodsTypes.id, id)));
  },
  async delete(tenant: Tenant, ids: string[]) {
    const { db, renterId } = tenant;
    await db.delete(goodsTypes).where(and(of(renterId), inArray(goodsTypes.id, ids)));
  },
};
