import { and, asc, count, desc, eq, ilike, inArray, like, or, type SQL, sql } from 'drizzle-orm';
import { contains } from '../../../core/like';
import { boundedCount, boundedCountSql, recentEstimate, sortBy, totalOf } from '../../../core/paging';
import type { Db } from '../../../db/client';
import { goods, goodsSkus, goodsTypes, goodsUnits } from '../../../db/schema';

export type GoodsRow = typeof goods.$inferSelect;
export type GoodsSkuRow = typeof goodsSkus.$inferSelect;
export type GoodsInsert = typeof goods.$inferInsert;
export type SkuInsert = typeof goodsSkus.$inferInsert;

const of = (renterId: string) => eq(goods.renterId, renterId);
const skusOf = (renterId: string) => eq(goodsSkus.renterId, renterId);

// Per-goods aggregates over its SKUs, kept on the goods row by the goods_skus triggers of migration 0006.
const minPrice = goods.minPriceFen;
const totalStock = goods.totalStock;
// Correlated to the outer goods row. Written qualified by hand: Drizzle leaves columns of a single-table select
// unqualified, and inside the subquery "id" would be the SKU's.
const ofOuterGoods = sql.raw('s.renter_id = "goods"."renter_id" and s.goods_id = "goods"."id"');

// The keyword gram index's expression (migration 0008): written exactly as the index is, or the planner cannot use it.
const grams = sql`goods_text_grams(${goods.title} || ' ' || ${goods.goodsNo})`;

const SORTS = { price: minPrice, stock: totalStock, sort: goods.sort, createTime: goods.createdAt } as const;

export interface GoodsListQuery {
  keyword: string;
  /** The category's path: the goods of it and its subtree. */
  categoryPath?: string;
  status: 'all' | 'on_sale' | 'sold_out' | 'off_shelf' | 'scheduled';
  type?: number;
  minPriceFen?: number;
  maxPriceFen?: number;
  minStock?: number;
  maxStock?: number;
  sorter: { field: string; order: string }[];
  offset: number;
  limit: number;
}

/** The filters of the goods list (also the export's): everything of the query but sorter and paging. */
export type GoodsListFilter = Omit<GoodsListQuery, 'sorter' | 'offset' | 'limit'>;

/** The WHERE of the goods list for these filters, within the renter (the list's and the export's). */
export function goodsListWhere(db: Db, renterId: string, q: GoodsListFilter): SQL | undefined {
  const conds: SQL[] = [of(renterId)];
  if (q.keyword) {
    const pattern = contains(q.keyword);
    // Goods with a SKU whose barcode is the keyword: an InitPlan (one index lookup), so `id = any(…)` joins the
    // text indexes in one BitmapOr.
    const byBarcode = sql`${goods.id} = any(array(select s.goods_id from goods_skus s where s.renter_id = ${renterId} and s.barcode = ${q.keyword}))`;
    // A keyword without cased letters (Chinese, digits) matches the same rows with LIKE, which skips ILIKE's
    // lower-casing of every candidate title (about 3 times cheaper per row).
    const match = q.keyword.toLowerCase() === q.keyword.toUpperCase() ? like : ilike;
    conds.push(or(match(goods.title, pattern), match(goods.goodsNo, pattern), byBarcode) as SQL);
    // Trigram indexes serve keywords of 3 characters and more. Shorter ones (two Chinese characters are a common
    // search) find their candidates in the 1- and 2-character gram index (migration 0008). Written as its own
    // condition, the bitmap scan alone checks it; the (I)LIKE above stays the exact test.
    if ([...q.keyword].length < 3) conds.push(or(sql`${grams} @> array[lower(${q.keyword})]`, byBarcode) as SQL);
  }
  if (q.categoryPath !== undefined) {
    conds.push(
      inArray(
        goods.categoryId,
        db
          .select({ id: goodsTypes.id })
          .from(goodsTypes)
          .where(and(eq(goodsTypes.renterId, renterId), sql`${goodsTypes.path} like ${`${q.categoryPath}%`}`)),
      ),
    );
  }
  if (q.status === 'on_sale') conds.push(eq(goods.status, 1), sql`${totalStock} > 0`);
  if (q.status === 'sold_out') conds.push(eq(goods.status, 1), sql`${totalStock} = 0`);
  if (q.status === 'off_shelf') conds.push(eq(goods.status, 0));
  if (q.status === 'scheduled') conds.push(eq(goods.status, 2));
  if (q.type !== undefined) conds.push(eq(goods.type, q.type));
  if (q.minPriceFen !== undefined || q.maxPriceFen !== undefined) {
    // Some SKU's price within the range.
    const lo = q.minPriceFen ?? 0;
    const hi = q.maxPriceFen ?? 2_147_483_647;
    conds.push(sql`exists (select 1 from goods_skus s where ${ofOuterGoods} and s.price_fen between ${lo} and ${hi})`);
  }
  if (q.minStock !== undefined) conds.push(sql`${totalStock} >= ${q.minStock}`);
  if (q.maxStock !== undefined) conds.push(sql`${totalStock} <= ${q.maxStock}`);
  return and(...conds);
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
  minPrice: goods.minPriceFen,
  maxPrice: goods.maxPriceFen,
  totalStock: goods.totalStock,
  createdAt: goods.createdAt,
};
export type GoodsListRow = Pick<
  GoodsRow,
  'id' | 'goodsNo' | 'title' | 'type' | 'mainImage' | 'categoryId' | 'status' | 'startSaleAt' | 'sort' | 'totalStock' | 'createdAt'
> & { minPrice: number; maxPrice: number };

export const goodsRepo = {
  /**
   * A page of the list and its total: exact up to COUNT_BOUND matches, past it the planner's estimate with
   * `estimated` set. See the goods README (## Benchmark) for the plans behind each part.
   */
  async page(db: Db, renterId: string, q: GoodsListQuery) {
    const where = goodsListWhere(db, renterId, q);
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
  async byId(db: Db, renterId: string, id: string): Promise<GoodsRow | undefined> {
    const [r] = await db
      .select()
      .from(goods)
      .where(and(of(renterId), eq(goods.id, id)))
      .limit(1);
    return r;
  },
  async byIds(db: Db, renterId: string, ids: string[]): Promise<GoodsRow[]> {
    return db
      .select()
      .from(goods)
      .where(and(of(renterId), inArray(goods.id, ids)));
  },
  async byNo(db: Db, renterId: string, goodsNo: string, exceptId?: string) {
    const conds = [of(renterId), eq(goods.goodsNo, goodsNo)];
    if (exceptId) conds.push(sql`${goods.id} <> ${exceptId}`);
    const [r] = await db
      .select({ id: goods.id })
      .from(goods)
      .where(and(...conds))
      .limit(1);
    return r;
  },
  async skus(db: Db, renterId: string, goodsId: string): Promise<GoodsSkuRow[]> {
    return db
      .select()
      .from(goodsSkus)
      .where(and(skusOf(renterId), eq(goodsSkus.goodsId, goodsId)))
      .orderBy(asc(goodsSkus.sort));
  },
  /** SKUs by id with their goods' title (renter-scoped). */
  async skusByIds(db: Db, renterId: string, ids: string[]) {
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
  async update(db: Db, renterId: string, ids: string[], v: Partial<GoodsInsert>) {
    await db
      .update(goods)
      .set({ ...v, updatedAt: new Date() })
      .where(and(of(renterId), inArray(goods.id, ids)));
  },
  async delete(db: Db, renterId: string, ids: string[]) {
    await db.delete(goodsSkus).where(and(skusOf(renterId), inArray(goodsSkus.goodsId, ids)));
    await db.delete(goods).where(and(of(renterId), inArray(goods.id, ids)));
  },
  async insertSkus(db: Db, rows: SkuInsert[]) {
    if (rows.length) await db.insert(goodsSkus).values(rows);
  },
  async updateSku(db: Db, renterId: string, id: string, v: Partial<SkuInsert>) {
    await db
      .update(goodsSkus)
      .set({ ...v, updatedAt: new Date() })
      .where(and(skusOf(renterId), eq(goodsSkus.id, id)));
  },
  async deleteSkus(db: Db, renterId: string, ids: string[]) {
    if (ids.length) await db.delete(goodsSkus).where(and(skusOf(renterId), inArray(goodsSkus.id, ids)));
  },
  /**
   * Locks the goods rows (in id order) that these SKUs belong to: the SKU triggers rewrite the goods' aggregates, so
   * taking the goods locks first, in one order, keeps concurrent stock takes over several goods from deadlocking.
   */
  async lockGoodsOfSkus(db: Db, renterId: string, skuIds: string[]) {
    if (!skuIds.length) return;
    await db.execute(
      sql`select g.id from goods g where g.renter_id = ${renterId} and g.id in (select s.goods_id from goods_skus s where s.renter_id = ${renterId} and s.id in (${sql.join(
        skuIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})) order by g.id for no key update`,
    );
  },
  /** Takes qty from a SKU only if it has that much; answers whether it did. */
  async takeStock(db: Db, renterId: string, skuId: string, qty: number): Promise<boolean> {
    const r = await db
      .update(goodsSkus)
      .set({ stock: sql`${goodsSkus.stock} - ${qty}`, updatedAt: new Date() })
      .where(and(skusOf(renterId), eq(goodsSkus.id, skuId), sql`${goodsSkus.stock} >= ${qty}`))
      .returning({ id: goodsSkus.id });
    return r.length === 1;
  },
  /** The category's path, within the renter. */
  async categoryPath(db: Db, renterId: string, id: string): Promise<string | undefined> {
    const [r] = await db
      .select({ path: goodsTypes.path })
      .from(goodsTypes)
      .where(and(eq(goodsTypes.renterId, renterId), eq(goodsTypes.id, id)))
      .limit(1);
    return r?.path;
  },
  async unitExists(db: Db, renterId: string, id: string): Promise<boolean> {
    const [r] = await db
      .select({ id: goodsUnits.id })
      .from(goodsUnits)
      .where(and(eq(goodsUnits.renterId, renterId), eq(goodsUnits.id, id)))
      .limit(1);
    return !!r;
  },
  /** How many goods each of these categories holds directly. */
  async countByCategory(db: Db, renterId: string, typeIds: string[]): Promise<Map<string, number>> {
    if (!typeIds.length) return new Map();
    const rows = await db
      .select({ id: goods.categoryId, n: count() })
      .from(goods)
      .where(and(of(renterId), inArray(goods.categoryId, typeIds)))
      .groupBy(goods.categoryId);
    return new Map(rows.map((r) => [r.id as string, Number(r.n)]));
  },
  /** Serialises goods-number allocation and checks within an enterprise for the rest of the transaction. */
  async lockNumbers(db: Db, renterId: string) {
    await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`goods_no:${renterId}`}))`);
  },
};
