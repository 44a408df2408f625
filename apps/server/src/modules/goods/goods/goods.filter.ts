import { fenToYuan } from '@shop/contract';
import { and, eq, inArray, notInArray, or, type SQL, sql } from 'drizzle-orm';
import { containsMatch, shortKeywordGrams } from '@/core/like';
import { fmtTime } from '@/core/time';
import { goods, goodsTypes } from '@/db/schema';
import type { Tenant } from '@/core/tenant';

/**
 * The one goods filter and the one goods row mapping of every goods list: Goods/list and its export, the goods views
 * (/Glist, /goodsList, /goodsSort), the goods pickers and the goods of an activity. Before, each kept its own copy and
 * the keyword of an activity's goods missed the SKU barcode the others matched.
 */

/** listed: on the shelf whatever the stock (what customers see); the others are the console's tabs. */
export type GoodsTab = 'all' | 'listed' | 'on_sale' | 'sold_out' | 'off_shelf' | 'scheduled';

export interface GoodsFilter {
  keyword: string;
  /** The category's path: the goods of it and its subtree. */
  categoryPath?: string;
  /** The list tab: on_sale status 1 with stock, sold_out status 1 without, off_shelf 0, scheduled 2. */
  status?: GoodsTab;
  type?: number;
  /** Some SKU priced within the range (fen). */
  minPriceFen?: number;
  maxPriceFen?: number;
  /** The total stock within the range. */
  minStock?: number;
  maxStock?: number;
  /** Sellable now: on sale, or scheduled and past the start time (with stock when 'with_stock'). */
  sellable?: 'with_stock' | 'any_stock';
  /** On-sale order of /goodsSort: status 1 and 2. */
  onSaleOrScheduled?: boolean;
  excludeIds?: string[];
}

// Correlated to the outer goods row. Written qualified by hand: Drizzle leaves columns of a single-table select
// unqualified, and inside the subquery "id" would be the SKU's.
const ofOuterGoods = sql.raw('s.renter_id = "goods"."renter_id" and s.goods_id = "goods"."id"');

// The keyword gram index's expression (migration 0008): written exactly as the index is, or the planner cannot use it.
const grams = sql`goods_text_grams(${goods.title} || ' ' || ${goods.goodsNo})`;

/**
 * The keyword conditions: the title or goods number contains it (any case), or a SKU's barcode is it. `bySku`
 * replaces the barcode test when the rows are SKUs (the SKU view matches the SKU itself).
 */
export function goodsKeywordConds(renterId: string, keyword: string, bySku?: SQL[]): SQL[] {
  if (!keyword) return [];
  // Goods with a SKU whose barcode is the keyword: an InitPlan (one index lookup), so `id = any(…)` joins the
  // text indexes in one BitmapOr.
  const byBarcode = bySku ?? [
    sql`${goods.id} = any(array(select s.goods_id from goods_skus s where s.renter_id = ${renterId} and s.barcode = ${keyword}))`,
  ];
  const conds = [or(containsMatch(goods.title, keyword), containsMatch(goods.goodsNo, keyword), ...byBarcode) as SQL];
  // Written as its own condition, the bitmap scan alone checks it; the (I)LIKE above stays the exact test.
  const short = shortKeywordGrams(grams, keyword);
  if (short) conds.push(or(short, ...byBarcode) as SQL);
  return conds;
}

/** The WHERE conditions of the filter on goods, within the renter. */
export function goodsFilterConds(tenant: Tenant, f: GoodsFilter, bySku?: SQL[]): SQL[] {
  const { db, renterId } = tenant;
  const conds: SQL[] = [eq(goods.renterId, renterId), ...goodsKeywordConds(renterId, f.keyword, bySku)];
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
  if (f.status === 'listed') conds.push(eq(goods.status, 1));
  if (f.status === 'on_sale') conds.push(eq(goods.status, 1), sql`${goods.totalStock} > 0`);
  if (f.status === 'sold_out') conds.push(eq(goods.status, 1), sql`${goods.totalStock} = 0`);
  if (f.status === 'off_shelf') conds.push(eq(goods.status, 0));
  if (f.status === 'scheduled') conds.push(eq(goods.status, 2));
  if (f.type !== undefined) conds.push(eq(goods.type, f.type));
  if (f.minPriceFen !== undefined || f.maxPriceFen !== undefined) {
    const lo = f.minPriceFen ?? 0;
    const hi = f.maxPriceFen ?? Number.MAX_SAFE_INTEGER;
    conds.push(sql`exists (select 1 from goods_skus s where ${ofOuterGoods} and s.price_fen between ${lo} and ${hi})`);
  }
  if (f.minStock !== undefined) conds.push(sql`${goods.totalStock} >= ${f.minStock}`);
  if (f.maxStock !== undefined) conds.push(sql`${goods.totalStock} <= ${f.maxStock}`);
  if (f.sellable) {
    conds.push(sql`(${goods.status} = 1 or (${goods.status} = 2 and ${goods.startSaleAt} <= now()))`);
    if (f.sellable === 'with_stock') conds.push(sql`${goods.totalStock} > 0`);
  }
  if (f.onSaleOrScheduled) conds.push(inArray(goods.status, [1, 2]));
  if (f.excludeIds?.length) conds.push(notInArray(goods.id, f.excludeIds));
  return conds;
}

/** The columns of a goods every list row shows. */
export interface GoodsSummarySource {
  id: string;
  goodsNo: string;
  title: string;
  mainImage: string;
  categoryId: string | null;
  status: number;
  startSaleAt: Date | null;
  sort: number;
  minPriceFen: number;
  maxPriceFen: number;
  totalStock: number;
  createdAt: Date;
}

/** The fields of a goods every list row answers (Goods/list, GoodsPagelist, SortPagelist), money in yuan. */
export function goodsSummary(g: GoodsSummarySource) {
  return {
    id: g.id,
    goodsNo: g.goodsNo,
    title: g.title,
    mainImage: g.mainImage,
    categoryId: g.categoryId,
    status: g.status,
    startSaleAt: fmtTime(g.startSaleAt),
    sort: g.sort,
    minPrice: fenToYuan(g.minPriceFen),
    maxPrice: fenToYuan(g.maxPriceFen),
    totalStock: g.totalStock,
    createTime: fmtTime(g.createdAt),
  };
}
