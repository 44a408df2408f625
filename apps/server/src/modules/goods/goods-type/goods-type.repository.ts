import { and, asc, count, eq, ilike, inArray, isNull, like, max, notInArray, or, type SQL, sql } from 'drizzle-orm';
import { contains } from '@/core/like';
import { paged, sortBy } from '@/core/paging';
import type { Db } from '@/db/client';
import { goodsTypes } from '@/db/schema';

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

export const goodsTypeRepo = {
  /**
   * Serialises the writes to one enterprise's tree for the rest of the transaction, so two moves can never build a
   * cycle and a name checked free is still free when written.
   */
  async lockTree(db: Db, renterId: string) {
    await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`goods_type:${renterId}`}))`);
  },
  async all(db: Db, renterId: string): Promise<GoodsTypeRow[]> {
    return db
      .select()
      .from(goodsTypes)
      .where(of(renterId))
      .orderBy(...SIBLING_ORDER);
  },
  async matching(db: Db, renterId: string, f: GoodsTypeFilter): Promise<GoodsTypeRow[]> {
    return db
      .select()
      .from(goodsTypes)
      .where(filterWhere(renterId, f))
      .orderBy(...SIBLING_ORDER);
  },
  async byId(db: Db, renterId: string, id: string): Promise<GoodsTypeRow | undefined> {
    const [r] = await db
      .select()
      .from(goodsTypes)
      .where(and(of(renterId), eq(goodsTypes.id, id)))
      .limit(1);
    return r;
  },
  async byIds(db: Db, renterId: string, ids: string[]): Promise<GoodsTypeRow[]> {
    if (ids.length === 0) return [];
    return db
      .select()
      .from(goodsTypes)
      .where(and(of(renterId), inArray(goodsTypes.id, ids)));
  },
  async byNos(db: Db, renterId: string, nos: number[]): Promise<GoodsTypeRow[]> {
    if (nos.length === 0) return [];
    return db
      .select()
      .from(goodsTypes)
      .where(and(of(renterId), inArray(goodsTypes.no, nos)));
  },
  /** The category at path and everything under it. */
  async subtree(db: Db, renterId: string, path: string): Promise<GoodsTypeRow[]> {
    return db
      .select()
      .from(goodsTypes)
      .where(and(of(renterId), under(path)));
  },
  /** The longest path in the subtree at path, in characters. */
  async deepestPathLength(db: Db, renterId: string, path: string): Promise<number> {
    const [r] = await db
      .select({ n: max(sql<number>`length(${goodsTypes.path})`) })
      .from(goodsTypes)
      .where(and(of(renterId), under(path)));
    return Number(r?.n ?? path.length);
  },
  async maxSiblingSort(db: Db, renterId: string, parentId: string | null): Promise<number | null> {
    const [r] = await db
      .select({ n: max(goodsTypes.sort) })
      .from(goodsTypes)
      .where(and(of(renterId), parentIs(parentId)));
    return r?.n ?? null;
  },
  /** A sibling (under parentId) of that name other than exceptId. */
  async siblingNamed(db: Db, renterId: string, parentId: string | null, name: string, exceptId?: string) {
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
  async childCounts(db: Db, renterId: string, parentIds: string[], exceptIds: string[] = []): Promise<Map<string, number>> {
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
    db: Db,
    renterId: string,
    q: GoodsTypeFilter & { parentId?: string; offset: number; limit: number; sorter: { field: string; order: string }[] },
  ) {
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
  async update(db: Db, renterId: string, id: string, v: Partial<typeof goodsTypes.$inferInsert>) {
    await db
      .update(goodsTypes)
      .set({ ...v, updatedAt: new Date() })
      .where(and(of(renterId), eq(goodsTypes.id, id)));
  },
  /** Moves a subtree: every path that starts with from starts with to instead. */
  async movePaths(db: Db, renterId: string, from: string, to: string) {
    await db
      .update(goodsTypes)
      .set({ path: sql`${to} || substr(${goodsTypes.path}, ${from.length + 1})`, updatedAt: new Date() })
      .where(and(of(renterId), under(from)));
  },
  /** Sets the status of the subtrees at these paths; answers the ids that changed. */
  async setSubtreeStatus(db: Db, renterId: string, paths: string[], status: number): Promise<string[]> {
    if (paths.length === 0) return [];
    const rows = await db
      .update(goodsTypes)
      .set({ status, updatedAt: new Date() })
      .where(and(of(renterId), or(...paths.map(under)), sql`${goodsTypes.status} <> ${status}`))
      .returning({ id: goodsTypes.id });
    return rows.map((r) => r.id);
  },
  async setSort(db: Db, renterId: string, id: string, sort: number) {
    await db
      .update(goodsTypes)
      .set({ sort, updatedAt: new Date() })
      .where(and(of(renterId), eq(goodsTypes.id, id)));
  },
  async delete(db: Db, renterId: string, ids: string[]) {
    await db.delete(goodsTypes).where(and(of(renterId), inArray(goodsTypes.id, ids)));
  },
};
