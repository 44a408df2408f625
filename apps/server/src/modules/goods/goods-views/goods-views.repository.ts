import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { paged, sortBy } from '@/core/paging';
import { goods, goodsActivities, goodsActivitySkus, goodsSkus, goodsTypes } from '@/db/schema';
import { type GoodsFilter, goodsFilterConds } from '@/modules/goods/goods/goods.filter';
import type { Tenant } from '@/core/tenant';

export type { GoodsFilter } from '@/modules/goods/goods/goods.filter';

export interface Page {
  offset: number;
  limit: number;
}

// Correlated to the outer goods row, qualified by hand (Drizzle leaves single-table columns unqualified).
const ofOuterGoods = sql.raw('s2.renter_id = "goods"."renter_id" and s2.goods_id = "goods"."id"');

/** Smaller sort first, then newest: the order of the shop and of every goods list by default. */
const displayOrder = [asc(goods.sort), desc(goods.createdAt), asc(goods.id)];

const cardColumns = {
  g: goods,
  categoryName: sql<string>`coalesce(${goodsTypes.name}, '')`,
  skuCount: sql<number>`(select count(*)::int from goods_skus s2 where ${ofOuterGoods})`,
};

export const goodsViewsRepo = {
  /** Goods cards (/Glist, /goodsSort): the goods with category name and SKU count, in display order. */
  async cards(tenant: Tenant, f: GoodsFilter, p: Page) {
    const { db } = tenant;
    const where = and(...goodsFilterConds(tenant, f));
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
  async pick(tenant: Tenant, f: GoodsFilter, p: Page) {
    const { db } = tenant;
    const where = and(...goodsFilterConds(tenant, f));
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
  async skus(tenant: Tenant, f: GoodsFilter & { lowStock?: number; sorter: { field: string; order: string }[] }, p: Page) {
    const { db, renterId } = tenant;
    // A keyword also finds a SKU by its own code or barcode (exact).
    const conds = goodsFilterConds(tenant, f, [eq(goodsSkus.code, f.keyword), eq(goodsSkus.barcode, f.keyword)]);
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
  async skusOf(tenant: Tenant, goodsIds: string[]) {
    const { db, renterId } = tenant;
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
  async activitiesOf(tenant: Tenant, goodsIds: string[], exceptActivityId?: string) {
    const { db, renterId } = tenant;
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
  async categoryPath(tenant: Tenant, id: string): Promise<string | undefined> {
    const { db, renterId } = tenant;
    const [r] = await db
      .select({ path: goodsTypes.path })
      .from(goodsTypes)
      .where(and(eq(goodsTypes.renterId, renterId), eq(goodsTypes.id, id)))
      .limit(1);
    return r?.path;
  },

  async byIds(tenant: Tenant, ids: string[]) {
    const { db, renterId } = tenant;
    return db
      .select({ id: goods.id, title: goods.title, status: goods.status, sort: goods.sort })
      .from(goods)
      .where(and(eq(goods.renterId, renterId), inArray(goods.id, ids)));
  },

  /** The on-sale order (status 1 and 2) of the whole enterprise: ids and sort values, in display order. */
  async onSaleOrder(tenant: Tenant) {
    const { db, renterId } = tenant;
    return db
      .select({ id: goods.id, sort: goods.sort })
      .from(goods)
      .where(and(eq(goods.renterId, renterId), inArray(goods.status, [1, 2])))
      .orderBy(...displayOrder);
  },

  /** Sets sort values, one statement per 500 rows. */
  async setSorts(tenant: Tenant, rows: { id: string; sort: number }[]) {
    const { db, renterId } = tenant;
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
  async lockSort(tenant: Tenant) {
    const { db, renterId } = tenant;
    await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`goods_sort:${renterId}`}))`);
  },
};
