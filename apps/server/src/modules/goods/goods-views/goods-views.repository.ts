import { and, asc, count, desc, eq, ilike, inArray, notInArray, or, type SQL, sql } from 'drizzle-orm';
import { contains } from '../../../core/like';
import { paged, sortBy } from '../../../core/paging';
import type { Db } from '../../../db/client';
import { goods, goodsActivities, goodsActivitySkus, goodsSkus, goodsTypes } from '../../../db/schema';

export type ListTab = 'all' | 'on_sale' | 'sold_out' | 'off_shelf' | 'scheduled';

export interface GoodsFilter {
  keyword: string;
  /** The category's path: its goods and its subtree's. */
  categoryPath?: string;
  tab?: ListTab;
  /** Sellable now: on sale, or scheduled and past the start time (with stock when withStock). */
  sellable?: 'with_stock' | 'any_stock';
  /** On-sale order of /goodsSort: status 1 and 2. */
  onSaleOrScheduled?: boolean;
  excludeIds?: string[];
}

export interface Page {
  offset: number;
  limit: number;
}

// Correlated to the outer goods row, qualified by hand (Drizzle leaves single-table columns unqualified).
const ofOuterGoods = sql.raw('s2.renter_id = "goods"."renter_id" and s2.goods_id = "goods"."id"');

/** Smaller sort first, then newest: the order of the shop and of every goods list by default. */
const displayOrder = [asc(goods.sort), desc(goods.createdAt), asc(goods.id)];

/** The goods conditions shared by the views and pickers (indexed by renter; keyword by the trigram indexes). */
function goodsWhere(db: Db, renterId: string, f: GoodsFilter, skuKeyword?: SQL[]): SQL[] {
  const conds: SQL[] = [eq(goods.renterId, renterId)];
  if (f.keyword) {
    // Goods-level views find a goods by any SKU's barcode; the SKU view matches the SKU itself (skuKeyword).
    const bySku = skuKeyword ?? [sql`exists (select 1 from goods_skus s2 where ${ofOuterGoods} and s2.barcode = ${f.keyword})`];
    conds.push(or(ilike(goods.title, contains(f.keyword)), ilike(goods.goodsNo, contains(f.keyword)), ...bySku) as SQL);
  }
  if (f.categoryPath !== undefined) {
    conds.push(
      inArray(
        goods.categoryId,
        db
          .select({ id: goodsTypes.id })
          .from(goodsTypes)
          .where(and(eq(goodsTypes.renterId, renterId), sql`${goodsTypes.path} like ${`${f.categoryPath}%`}`)),
      ),
    );
  }
  if (f.tab === 'on_sale') conds.push(eq(goods.status, 1), sql`${goods.totalStock} > 0`);
  if (f.tab === 'sold_out') conds.push(eq(goods.status, 1), sql`${goods.totalStock} = 0`);
  if (f.tab === 'off_shelf') conds.push(eq(goods.status, 0));
  if (f.tab === 'scheduled') conds.push(eq(goods.status, 2));
  if (f.sellable) {
    conds.push(sql`(${goods.status} = 1 or (${goods.status} = 2 and ${goods.startSaleAt} <= now()))`);
    if (f.sellable === 'with_stock') conds.push(sql`${goods.totalStock} > 0`);
  }
  if (f.onSaleOrScheduled) conds.push(inArray(goods.status, [1, 2]));
  if (f.excludeIds?.length) conds.push(notInArray(goods.id, f.excludeIds));
  return conds;
}

const cardColumns = {
  g: goods,
  categoryName: sql<string>`coalesce(${goodsTypes.name}, '')`,
  skuCount: sql<number>`(select count(*)::int from goods_skus s2 where ${ofOuterGoods})`,
};

export const goodsViewsRepo = {
  /** Goods cards (/Glist, /goodsSort): the goods with category name and SKU count, in display order. */
  async cards(db: Db, renterId: string, f: GoodsFilter, p: Page) {
    const where = and(...goodsWhere(db, renterId, f));
    return paged(
      db
        .select(cardColumns)
        .from(goods)
        .leftJoin(goodsTypes, and(eq(goodsTypes.id, goods.categoryId), eq(goodsTypes.renterId, goods.renterId)))
        .where(where)
        .orderBy(...displayOrder)
        .limit(p.limit)
        .offset(p.offset),
      db.select({ n: count() }).from(goods).where(where),
    );
  },

  /** Picker rows: the goods only (their SKUs come from skusOf). */
  async pick(db: Db, renterId: string, f: GoodsFilter, p: Page) {
    const where = and(...goodsWhere(db, renterId, f));
    return paged(
      db
        .select()
        .from(goods)
        .where(where)
        .orderBy(...displayOrder)
        .limit(p.limit)
        .offset(p.offset),
      db.select({ n: count() }).from(goods).where(where),
    );
  },

  /** One row per SKU with its goods; sorted by SKU price / stock or goods age, else in goods display order. */
  async skus(db: Db, renterId: string, f: GoodsFilter & { lowStock?: number; sorter: { field: string; order: string }[] }, p: Page) {
    // A keyword also finds a SKU by its own code or barcode (exact).
    const conds = goodsWhere(db, renterId, f, [eq(goodsSkus.code, f.keyword), eq(goodsSkus.barcode, f.keyword)]);
    conds.push(eq(goodsSkus.renterId, renterId));
    if (f.lowStock !== undefined) conds.push(sql`${goodsSkus.stock} <= ${f.lowStock}`);
    const where = and(...conds);
    const join = and(eq(goods.id, goodsSkus.goodsId), eq(goods.renterId, goodsSkus.renterId));
    const sorts = { price: goodsSkus.priceFen, stock: goodsSkus.stock, createTime: goods.createdAt };
    return paged(
      db
        .select({ s: goodsSkus, g: goods })
        .from(goodsSkus)
        .innerJoin(goods, join)
        .where(where)
        .orderBy(...sortBy(f.sorter, sorts), ...displayOrder, asc(goodsSkus.sort), asc(goodsSkus.id))
        .limit(p.limit)
        .offset(p.offset),
      db.select({ n: count() }).from(goodsSkus).innerJoin(goods, join).where(where),
    );
  },

  /** The SKUs of these goods (renter-scoped), in their matrix order. */
  async skusOf(db: Db, renterId: string, goodsIds: string[]) {
    if (!goodsIds.length) return [];
    return db
      .select()
      .from(goodsSkus)
      .where(and(eq(goodsSkus.renterId, renterId), inArray(goodsSkus.goodsId, goodsIds)))
      .orderBy(asc(goodsSkus.sort), asc(goodsSkus.id));
  },

  /**
   * For each of these goods, the first enabled activity (other than exceptActivityId) that is running or has not
   * started, by start time: the activity a promotion picker shows the goods as taken by.
   */
  async activitiesOf(db: Db, renterId: string, goodsIds: string[], exceptActivityId?: string) {
    if (!goodsIds.length) return new Map<string, { id: string; name: string }>();
    const conds = [
      eq(goodsActivitySkus.renterId, renterId),
      inArray(goodsActivitySkus.goodsId, goodsIds),
      eq(goodsActivities.status, 1),
      sql`${goodsActivities.endAt} > now()`,
    ];
    if (exceptActivityId) conds.push(sql`${goodsActivities.id} <> ${exceptActivityId}`);
    const rows = await db
      .selectDistinct({
        goodsId: goodsActivitySkus.goodsId,
        id: goodsActivities.id,
        name: goodsActivities.name,
        startAt: goodsActivities.startAt,
      })
      .from(goodsActivitySkus)
      .innerJoin(
        goodsActivities,
        and(eq(goodsActivities.id, goodsActivitySkus.activityId), eq(goodsActivities.renterId, goodsActivitySkus.renterId)),
      )
      .where(and(...conds))
      .orderBy(asc(goodsActivities.startAt));
    const map = new Map<string, { id: string; name: string }>();
    for (const r of rows) if (!map.has(r.goodsId)) map.set(r.goodsId, { id: r.id, name: r.name });
    return map;
  },

  /** The category's path within the renter. */
  async categoryPath(db: Db, renterId: string, id: string): Promise<string | undefined> {
    const [r] = await db
      .select({ path: goodsTypes.path })
      .from(goodsTypes)
      .where(and(eq(goodsTypes.renterId, renterId), eq(goodsTypes.id, id)))
      .limit(1);
    return r?.path;
  },

  async byIds(db: Db, renterId: string, ids: string[]) {
    return db
      .select({ id: goods.id, title: goods.title, status: goods.status, sort: goods.sort })
      .from(goods)
      .where(and(eq(goods.renterId, renterId), inArray(goods.id, ids)));
  },

  /** The on-sale order (status 1 and 2) of the whole enterprise: ids and sort values, in display order. */
  async onSaleOrder(db: Db, renterId: string) {
    return db
      .select({ id: goods.id, sort: goods.sort })
      .from(goods)
      .where(and(eq(goods.renterId, renterId), inArray(goods.status, [1, 2])))
      .orderBy(...displayOrder);
  },

  /** Sets sort values, one statement per 500 rows. */
  async setSorts(db: Db, renterId: string, rows: { id: string; sort: number }[]) {
    for (let i = 0; i < rows.length; i += 500) {
      const chunk = rows.slice(i, i + 500);
      const values = sql.join(
        chunk.map((r) => sql`(${r.id}::uuid, ${r.sort}::int)`),
        sql`, `,
      );
      await db.execute(
        sql`update goods set sort = v.sort, updated_at = now() from (values ${values}) as v(id, sort) where goods.renter_id = ${renterId} and goods.id = v.id`,
      );
    }
  },

  /** Serialises /goodsSort writes within an enterprise. */
  async lockSort(db: Db, renterId: string) {
    await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`goods_sort:${renterId}`}))`);
  },
};
