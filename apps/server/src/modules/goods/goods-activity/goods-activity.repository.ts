import { and, asc, count, desc, eq, gt, ilike, inArray, lte, ne, type SQL, sql } from 'drizzle-orm';
import { contains } from '@/core/like';
import { maxFen, minFen } from '@/core/money';
import { paged, sortBy } from '@/core/paging';
import type { Db } from '@/db/client';
import { goods, goodsActivities, goodsActivitySkus, goodsSkus } from '@/db/schema';
import { goodsKeywordConds } from '@/modules/goods/goods/goods.filter';
import type { Tenant } from '@/core/tenant';

export type ActivityRow = typeof goodsActivities.$inferSelect;
export type ActivityInsert = typeof goodsActivities.$inferInsert;
export type ActivitySkuInsert = typeof goodsActivitySkus.$inferInsert;

const of = (renterId: string) => eq(goodsActivities.renterId, renterId);
const skusOf = (renterId: string) => eq(goodsActivitySkus.renterId, renterId);
/** An activity SKU joined to its SKU and goods (both of the same renter). */
const skuJoin = and(eq(goodsSkus.id, goodsActivitySkus.skuId), eq(goodsSkus.renterId, goodsActivitySkus.renterId));
const goodsJoin = and(eq(goods.id, goodsActivitySkus.goodsId), eq(goods.renterId, goodsActivitySkus.renterId));

const SORTS = {
  startTime: goodsActivities.startAt,
  endTime: goodsActivities.endAt,
  createTime: goodsActivities.createdAt,
} as const;

/** The state filter (1 未开始, 2 进行中, 3 已结束, 4 已停用) as a condition at `now`. */
export function stateCondition(state: number, now: Date): SQL | undefined {
  const on = eq(goodsActivities.status, 1);
  if (state === 1) return and(on, gt(goodsActivities.startAt, now));
  if (state === 2) return and(on, lte(goodsActivities.startAt, now), gt(goodsActivities.endAt, now));
  if (state === 3) return and(on, lte(goodsActivities.endAt, now));
  if (state === 4) return eq(goodsActivities.status, 0);
  return undefined;
}

export interface ActivityListQuery {
  keyword: string;
  type?: number;
  state: number;
  now: Date;
  sorter: { field: string; order: string }[];
  offset: number;
  limit: number;
}

/** One SKU of an activity as the answers show it. */
export interface ActivitySkuView {
  goodsId: string;
  goodsNo: string;
  title: string;
  mainImage: string;
  skuId: string;
  specValues: Record<string, string>;
  priceFen: number;
  stock: number;
  activityPriceFen: number;
  activityStock: number;
  sold: number;
}

const skuView = {
  goodsId: goods.id,
  goodsNo: goods.goodsNo,
  title: goods.title,
  mainImage: goods.mainImage,
  skuId: goodsSkus.id,
  specValues: goodsSkus.specValues,
  priceFen: goodsSkus.priceFen,
  stock: goodsSkus.stock,
  activityPriceFen: goodsActivitySkus.priceFen,
  activityStock: goodsActivitySkus.stock,
  sold: goodsActivitySkus.sold,
};

export const goodsActivityRepo = {
  /** Serialises one enterprise's activity writes: a SKU checked free of overlapping activities stays free. */
  async lock(tenant: Tenant) {
    const { db, renterId } = tenant;
    await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`goods_activity:${renterId}`}))`);
  },
  async page(tenant: Tenant, q: ActivityListQuery) {
    const { db, renterId } = tenant;
    const conds: (SQL | undefined)[] = [of(renterId), stateCondition(q.state, q.now)];
    if (q.keyword) conds.push(ilike(goodsActivities.name, contains(q.keyword)));
    if (q.type !== undefined) conds.push(eq(goodsActivities.type, q.type));
    const where = and(...conds);
    const counts = db
      .select({
        activityId: goodsActivitySkus.activityId,
        goodsCount: sql<number>`count(distinct ${goodsActivitySkus.goodsId})::int`.as('goods_count'),
        skuCount: sql<number>`count(*)::int`.as('sku_count'),
      })
      .from(goodsActivitySkus)
      .innerJoin(goodsSkus, skuJoin)
      .where(skusOf(renterId))
      .groupBy(goodsActivitySkus.activityId)
      .as('c');
    const page = await paged(
      db
        .select({ a: goodsActivities, goodsCount: counts.goodsCount, skuCount: counts.skuCount })
        .from(goodsActivities)
        .leftJoin(counts, eq(counts.activityId, goodsActivities.id))
        .where(where)
        .orderBy(...sortBy(q.sorter, SORTS), desc(goodsActivities.createdAt), asc(goodsActivities.id))
        .limit(q.limit)
        .offset(q.offset),
      db.select({ n: count() }).from(goodsActivities).where(where),
    );
    return {
      rows: page.rows.map((r) => ({ ...r.a, goodsCount: Number(r.goodsCount ?? 0), skuCount: Number(r.skuCount ?? 0) })),
      total: page.total,
    };
  },
  async byId(tenant: Tenant, id: string): Promise<ActivityRow | undefined> {
    const { db, renterId } = tenant;
    const [r] = await db
      .select()
      .from(goodsActivities)
      .where(and(of(renterId), eq(goodsActivities.id, id)))
      .limit(1);
    return r;
  },
  async byIds(tenant: Tenant, ids: string[]): Promise<ActivityRow[]> {
    const { db, renterId } = tenant;
    return db
      .select()
      .from(goodsActivities)
      .where(and(of(renterId), inArray(goodsActivities.id, ids)));
  },
  /** The SKUs of an activity (optionally of one goods) with their goods; SKUs whose goods are gone drop out. */
  async skus(tenant: Tenant, activityId: string, goodsId?: string): Promise<ActivitySkuView[]> {
    const { db, renterId } = tenant;
    const conds = [skusOf(renterId), eq(goodsActivitySkus.activityId, activityId)];
    if (goodsId) conds.push(eq(goodsActivitySkus.goodsId, goodsId));
    return db
      .select(skuView)
      .from(goodsActivitySkus)
      .innerJoin(goodsSkus, skuJoin)
      .innerJoin(goods, goodsJoin)
      .where(and(...conds))
      .orderBy(asc(goodsActivitySkus.sort), asc(goodsSkus.sort));
  },
  /** The goods of an activity, paged, with their activity price span, stock and sales. */
  async goodsPage(tenant: Tenant, activityId: string, keyword: string, offset: number, limit: number) {
    const { db, renterId } = tenant;
    const conds: SQL[] = [skusOf(renterId), eq(goodsActivitySkus.activityId, activityId)];
    conds.push(...goodsKeywordConds(renterId, keyword));
    const where = and(...conds);
    const rows = db
      .select({
        goodsId: goods.id,
        goodsNo: goods.goodsNo,
        title: goods.title,
        mainImage: goods.mainImage,
        minPriceFen: minFen(goodsActivitySkus.priceFen),
        maxPriceFen: maxFen(goodsActivitySkus.priceFen),
        activityStock: sql<number>`sum(${goodsActivitySkus.stock})::int`,
        sold: sql<number>`sum(${goodsActivitySkus.sold})::int`,
        skuCount: sql<number>`count(*)::int`,
      })
      .from(goodsActivitySkus)
      .innerJoin(goodsSkus, skuJoin)
      .innerJoin(goods, goodsJoin)
      .where(where)
      .groupBy(goods.id, goods.goodsNo, goods.title, goods.mainImage)
      .orderBy(sql`min(${goodsActivitySkus.sort})`, asc(goods.id))
      .limit(limit)
      .offset(offset);
    const total = db
      .select({ n: sql<number>`count(distinct ${goods.id})::int` })
      .from(goodsActivitySkus)
      .innerJoin(goodsSkus, skuJoin)
      .innerJoin(goods, goodsJoin)
      .where(where);
    return paged(rows, total);
  },
  /** SKUs by id with their goods' title, price and stock (renter-scoped). */
  async skuInfo(tenant: Tenant, skuIds: string[]) {
    const { db, renterId } = tenant;
    if (!skuIds.length) return [];
    return db
      .select({
        skuId: goodsSkus.id,
        goodsId: goodsSkus.goodsId,
        title: goods.title,
        specValues: goodsSkus.specValues,
        priceFen: goodsSkus.priceFen,
        stock: goodsSkus.stock,
      })
      .from(goodsSkus)
      .innerJoin(goods, and(eq(goods.id, goodsSkus.goodsId), eq(goods.renterId, goodsSkus.renterId)))
      .where(and(eq(goodsSkus.renterId, renterId), inArray(goodsSkus.id, skuIds)));
  },
  /** Enabled activities other than exceptId, overlapping [start, end), that hold one of these SKUs. */
  async overlapping(tenant: Tenant, skuIds: string[], start: Date, end: Date, exceptId?: string) {
    const { db, renterId } = tenant;
    const conds = [
      skusOf(renterId),
      inArray(goodsActivitySkus.skuId, skuIds),
      eq(goodsActivities.status, 1),
      sql`${goodsActivities.startAt} < ${end}`,
      sql`${goodsActivities.endAt} > ${start}`,
    ];
    if (exceptId) conds.push(ne(goodsActivities.id, exceptId));
    return db
      .select({ skuId: goodsActivitySkus.skuId, activityName: goodsActivities.name })
      .from(goodsActivitySkus)
      .innerJoin(goodsActivities, and(eq(goodsActivities.id, goodsActivitySkus.activityId), of(renterId)))
      .where(and(...conds))
      .orderBy(asc(goodsActivities.startAt));
  },
  /** Enabled activities not yet ended that hold SKUs of a goods, with the goods' activity price span. */
  async ofGoods(tenant: Tenant, goodsId: string, now: Date, type?: number) {
    const { db, renterId } = tenant;
    const conds = [skusOf(renterId), eq(goodsActivitySkus.goodsId, goodsId), eq(goodsActivities.status, 1), gt(goodsActivities.endAt, now)];
    if (type !== undefined) conds.push(eq(goodsActivities.type, type));
    return db
      .select({
        a: goodsActivities,
        minPriceFen: minFen(goodsActivitySkus.priceFen),
        maxPriceFen: maxFen(goodsActivitySkus.priceFen),
      })
      .from(goodsActivitySkus)
      .innerJoin(goodsActivities, and(eq(goodsActivities.id, goodsActivitySkus.activityId), of(renterId)))
      .innerJoin(goodsSkus, skuJoin)
      .where(and(...conds))
      .groupBy(goodsActivities.id)
      .orderBy(asc(goodsActivities.startAt), asc(goodsActivities.id));
  },
  async goodsExists(tenant: Tenant, goodsId: string): Promise<boolean> {
    const { db, renterId } = tenant;
    const [r] = await db
      .select({ id: goods.id })
      .from(goods)
      .where(and(eq(goods.renterId, renterId), eq(goods.id, goodsId)))
      .limit(1);
    return !!r;
  },
  async insert(db: Db, v: ActivityInsert): Promise<ActivityRow> {
    const [r] = await db.insert(goodsActivities).values(v).returning();
    return r;
  },
  async update(tenant: Tenant, id: string, v: Partial<ActivityInsert>) {
    const { db, renterId } = tenant;
    await db
      .update(goodsActivities)
      .set({ ...v, updatedAt: new Date() })
      .where(and(of(renterId), eq(goodsActivities.id, id)));
  },
  async replaceSkus(tenant: Tenant, activityId: string, rows: ActivitySkuInsert[]) {
    const { db, renterId } = tenant;
    await db.delete(goodsActivitySkus).where(and(skusOf(renterId), eq(goodsActivitySkus.activityId, activityId)));
    if (rows.length) await db.insert(goodsActivitySkus).values(rows);
  },
  async delete(tenant: Tenant, ids: string[]) {
    const { db, renterId } = tenant;
    await db.delete(goodsActivitySkus).where(and(skusOf(renterId), inArray(goodsActivitySkus.activityId, ids)));
    await db.delete(goodsActivities).where(and(of(renterId), inArray(goodsActivities.id, ids)));
  },
};
