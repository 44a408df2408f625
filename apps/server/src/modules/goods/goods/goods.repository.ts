import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { boundedCount, boundedCountSql, recentEstimate, sortBy, totalOf } from '@/core/paging';
import type { Db } from '@/db/client';
import { goods, goodsSkus, goodsTypes, goodsUnits } from '@/db/schema';
import { type GoodsFilter, goodsFilterConds } from './goods.filter';
import type { Tenant } from '@/core/tenant';

export type GoodsRow = typeof goods.$inferSelect;
export type GoodsSkuRow = typeof goodsSkus.$inferSelect;
export type GoodsInsert = typeof goods.$inferInsert;
export type SkuInsert = typeof goodsSkus.$inferInsert;

const of = (renterId: string) => eq(goods.renterId, renterId);
const skusOf = (renterId: string) => eq(goodsSkus.renterId, renterId);

// Per-goods aggregates over its SKUs, kept on the goods row by the goods_skus triggers of migration 0006.
const minPrice = goods.minPriceFen;
const totalStock = goods.totalStock;

const SORTS = { price: minPrice, stock: totalStock, sort: goods.sort, createTime: goods.createdAt } as const;

export interface GoodsListQuery extends GoodsFilter {
  sorter: { field: string; order: string }[];
  offset: number;
  limit: number;
}

/** The filters of the goods list (also the export's): the one goods filter (goods.filter.ts). */
export type GoodsListFilter = GoodsFilter;

/** The WHERE of the goods list for these filters, within the renter (the list's and the export's). */
export function goodsListWhere(tenant: Tenant, q: GoodsListFilter): SQL | undefined {
  return and(...goodsFilterConds(tenant, q));
}

/** The columns a list row shows (not the description, specs or other detail-only columns). */
const listColumns = {
  id: goods.id,
  goodsNo: goods.goodsNo,
  title: goods.title,
  type: goods.type,
  mainImage: goods.mainImage,
  categoryId: goods.categoryId,
  status: goods.status,
  startSaleAt: goods.startSaleAt,
  sort: goods.sort,
  minPriceFen: goods.minPriceFen,
  maxPriceFen: goods.maxPriceFen,
  totalStock: goods.totalStock,
  createdAt: goods.createdAt,
};
export type GoodsListRow = Pick<
  GoodsRow,
  | 'id'
  | 'goodsNo'
  | 'title'
  | 'type'
  | 'mainImage'
  | 'categoryId'
  | 'status'
  | 'startSaleAt'
  | 'sort'
  | 'minPriceFen'
  | 'maxPriceFen'
  | 'totalStock'
  | 'createdAt'
>;

export const goodsRepo = {
  /**
   * A page of the list and its total: exact up to COUNT_BOUND matches, past it the planner's estimate with
   * `estimated` set. See the goods README (## Benchmark) for the plans behind each part.
   */
  /** A page of the list within a category's subtree (none named: every category); an unknown category has no goods. */
  async pageInCategory(tenant: Tenant, categoryId: string | null | undefined, q: Omit<GoodsListQuery, 'categoryPath'>) {
    if (!categoryId) return goodsRepo.page(tenant, q);
    const categoryPath = await goodsRepo.categoryPath(tenant, categoryId);
    if (categoryPath === undefined) return { rows: [], total: 0, estimated: false };
    return goodsRepo.page(tenant, { ...q, categoryPath });
  },
  async page(tenant: Tenant, q: GoodsListQuery) {
    const { db, renterId } = tenant;
    const where = goodsListWhere(tenant, q);
    const order = [...sortBy(q.sorter, SORTS), asc(goods.sort), desc(goods.createdAt), asc(goods.id)];
    // The page's ids first, then their rows: skipping `offset` rows then reads index entries only (index-only scan
    // of goods_renter_sort_created_idx for the default order), not whole goods rows. The bounded count rides along
    // in the same statement (an InitPlan), so a page is one round trip.
    const pageIds = db
      .select({ id: goods.id })
      .from(goods)
      .where(where)
      .orderBy(...order)
      .limit(q.limit)
      .offset(q.offset);
    // A filter found past the count bound in the last minute is not counted again (its total is an estimate).
    const known = recentEstimate(db, goods, where);
    const rows = await db
      .select(known ? { ...listColumns, counted: sql<number>`0` } : { ...listColumns, counted: boundedCountSql(db, goods, where) })
      .from(goods)
      .where(and(of(renterId), inArray(goods.id, pageIds)))
      .orderBy(...order);
    const counted = known ?? (rows.length ? await totalOf(db, goods, where, rows[0].counted) : await boundedCount(db, goods, where));
    // An estimate is never below what this page shows.
    const total = counted.estimated ? Math.max(counted.total, q.offset + rows.length) : counted.total;
    return {
      rows: rows.map(({ counted: _, ...r }) => r as GoodsListRow),
      total,
      estimated: counted.estimated,
    };
  },
  /** One row; `lock` locks it for the rest of the transaction (select … for update). */
  async byId(tenant: Tenant, id: string, lock = false): Promise<GoodsRow | undefined> {
    const { db, renterId } = tenant;
    const q = db
      .select()
      .from(goods)
      .where(and(of(renterId), eq(goods.id, id)))
      .limit(1);
    const [r] = lock ? await q.for('update') : await q;
    return r;
  },
  /** Rows by id; `lock` locks them in id order for the rest of the transaction. */
  async byIds(tenant: Tenant, ids: string[], lock = false): Promise<GoodsRow[]> {
    const { db, renterId } = tenant;
    const q = db
      .select()
      .from(goods)
      .where(and(of(renterId), inArray(goods.id, ids)));
    return lock ? q.orderBy(asc(goods.id)).for('update') : q;
  },
  async byNo(tenant: Tenant, goodsNo: string, exceptId?: string) {
    const { db, renterId } = tenant;
    const conds = [of(renterId), eq(goods.goodsNo, goodsNo)];
    if (exceptId) conds.push(sql`${goods.id} <> ${exceptId}`);
    const [r] = await db
      .select({ id: goods.id })
      .from(goods)
      .where(and(...conds))
      .limit(1);
    return r;
  },
  async skus(tenant: Tenant, goodsId: string): Promise<GoodsSkuRow[]> {
    const { db, renterId } = tenant;
    return db
      .select()
      .from(goodsSkus)
      .where(and(skusOf(renterId), eq(goodsSkus.goodsId, goodsId)))
      .orderBy(asc(goodsSkus.sort));
  },
  /** SKUs by id with their goods' title (renter-scoped). */
  async skusByIds(tenant: Tenant, ids: string[]) {
    const { db, renterId } = tenant;
    return db
      .select({ id: goodsSkus.id, goodsId: goodsSkus.goodsId, title: goods.title, stock: goodsSkus.stock, priceFen: goodsSkus.priceFen })
      .from(goodsSkus)
      .innerJoin(goods, and(eq(goods.id, goodsSkus.goodsId), eq(goods.renterId, goodsSkus.renterId)))
      .where(and(skusOf(renterId), inArray(goodsSkus.id, ids)));
  },
  async insert(db: Db, v: GoodsInsert): Promise<GoodsRow> {
    const [r] = await db.insert(goods).values(v).returning();
    return r;
  },
  async update(tenant: Tenant, ids: string[], v: Partial<GoodsInsert>) {
    const { db, renterId } = tenant;
    await db
      .update(goods)
      .set({ ...v, updatedAt: new Date() })
      .where(and(of(renterId), inArray(goods.id, ids)));
  },
  async delete(tenant: Tenant, ids: string[]) {
    const { db, renterId } = tenant;
    await db.delete(goodsSkus).where(and(skusOf(renterId), inArray(goodsSkus.goodsId, ids)));
    await db.delete(goods).where(and(of(renterId), inArray(goods.id, ids)));
  },
  async insertSkus(db: Db, rows: SkuInsert[]) {
    if (rows.length) await db.insert(goodsSkus).values(rows);
  },
  async updateSku(tenant: Tenant, id: string, v: Partial<SkuInsert>) {
    const { db, renterId } = tenant;
    await db
      .update(goodsSkus)
      .set({ ...v, updatedAt: new Date() })
      .where(and(skusOf(renterId), eq(goodsSkus.id, id)));
  },
  async deleteSkus(tenant: Tenant, ids: string[]) {
    const { db, renterId } = tenant;
    if (ids.length) await db.delete(goodsSkus).where(and(skusOf(renterId), inArray(goodsSkus.id, ids)));
  },
  /**
   * Locks the goods rows (in id order) that these SKUs belong to: the SKU triggers rewrite the goods' aggregates, so
   * taking the goods locks first, in one order, keeps concurrent stock moves over several goods from deadlocking
   * (moveStock takes the same locks).
   */
  async lockGoodsOfSkus(tenant: Tenant, skuIds: string[]) {
    const { db, renterId } = tenant;
    if (!skuIds.length) return;
    await db.execute(
      sql`select g.id from goods g where g.renter_id = ${renterId} and g.id in (select s.goods_id from goods_skus s where s.renter_id = ${renterId} and s.id in (${sql.join(
        skuIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})) order by g.id for no key update`,
    );
  },
  /** The category's path, within the renter. */
  async categoryPath(tenant: Tenant, id: string): Promise<string | undefined> {
    const { db, renterId } = tenant;
    const [r] = await db
      .select({ path: goodsTypes.path })
      .from(goodsTypes)
      .where(and(eq(goodsTypes.renterId, renterId), eq(goodsTypes.id, id)))
      .limit(1);
    return r?.path;
  },
  async unitExists(tenant: Tenant, id: string): Promise<boolean> {
    const { db, renterId } = tenant;
    const [r] = await db
      .select({ id: goodsUnits.id })
      .from(goodsUnits)
      .where(and(eq(goodsUnits.renterId, renterId), eq(goodsUnits.id, id)))
      .limit(1);
    return !!r;
  },
  /** How many goods each of these categories holds directly. */
  async countByCategory(tenant: Tenant, typeIds: string[]): Promise<Map<string, number>> {
    const { db, renterId } = tenant;
    if (!typeIds.length) return new Map();
    const rows = await db
      .select({ id: goods.categoryId, n: count() })
      .from(goods)
      .where(and(of(renterId), inArray(goods.categoryId, typeIds)))
      .groupBy(goods.categoryId);
    return new Map(rows.map((r) => [r.id as string, Number(r.n)]));
  },
  /** Serialises goods-number allocation and checks within an enterprise for the rest of the transaction. */
  /** The titles of the renter's goods of these ids (any status). */
  async titles(tenant: Tenant, ids: string[]): Promise<{ id: string; title: string }[]> {
    const { db, renterId } = tenant;
    if (ids.length === 0) return [];
    return db
      .select({ id: goods.id, title: goods.title })
      .from(goods)
      .where(and(of(renterId), inArray(goods.id, ids)));
  },
  async lockNumbers(tenant: Tenant) {
    const { db, renterId } = tenant;
    await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`goods_no:${renterId}`}))`);
  },
};
