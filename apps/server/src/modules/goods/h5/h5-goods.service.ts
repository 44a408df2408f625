import { fenToYuan, GOODS_ACTIVITY_TYPE_NAMES, type h5GoodsListBody, type H5GoodsType } from '@shop/contract';
import type { z } from 'zod';
import type { Ctx } from '@/core/context';
import { BizError, CODE } from '@/core/errors';
import { pageWindow } from '@/core/paging';
import { tenantFor } from '@/core/tenant';
import { fmtTime } from '@/core/time';
import { type GoodsListRow, type GoodsRow, goodsRepo } from '@/modules/goods/goods/goods.repository';
import { sanitizeHtml } from '@/modules/goods/goods/goods.sanitize';
import { goodsTypeRepo } from '@/modules/goods/goods-type/goods-type.repository';
import { nest } from '@/modules/goods/goods-type/goods-type.tree';
import { type ActivityPrice, runningActivityPrices } from '@/modules/goods/goods-activity/goods-activity.checkout';

type ShopListInput = z.output<typeof h5GoodsListBody>;

/** What a customer sees of any goods (list row and detail): prices in yuan, no cost, codes or back-office state. */
function shopSummary(g: Pick<GoodsListRow, 'id' | 'title' | 'mainImage' | 'categoryId' | 'minPriceFen' | 'maxPriceFen' | 'totalStock'>) {
  return {
    id: g.id,
    title: g.title,
    mainImage: g.mainImage,
    categoryId: g.categoryId,
    minPrice: fenToYuan(g.minPriceFen),
    maxPrice: fenToYuan(g.maxPriceFen),
    totalStock: g.totalStock,
  };
}

const notFound = () => new BizError('商品不存在', CODE.notFound);

/** Customers may see it: on sale, or scheduled and past its start time (the `sellable` rule of goods.filter.ts). */
export function customerMaySee(g: Pick<GoodsRow, 'status' | 'startSaleAt'>, now = new Date()): boolean {
  return g.status === 1 || (g.status === 2 && g.startSaleAt !== null && g.startSaleAt <= now);
}

/** The enabled categories as a tree (an enabled category always has enabled ancestors: goods README). */
export async function enabledTypes(ctx: Ctx, renterId: string): Promise<H5GoodsType[]> {
  const rows = await goodsTypeRepo.matching(tenantFor(ctx, renterId), { keyword: '', status: 1 });
  return nest<(typeof rows)[number], H5GoodsType>(rows, (r, children) => ({
    id: r.id,
    name: r.name,
    icon: r.icon,
    children: children ?? [],
  }));
}

/**
 * The customer side's goods list: goods customers may see (sellable, sold-out ones too, shown as such), by keyword and
 * category subtree, in the console's order (sort, then newest) unless sorted by price or time.
 */
export async function listedGoods(ctx: Ctx, renterId: string, q: ShopListInput) {
  const { rows, total, estimated } = await goodsRepo.pageInCategory(tenantFor(ctx, renterId), q.categoryId, {
    keyword: q.keyword,
    sellable: 'any_stock',
    sorter: q.sorter.filter((s) => s.field === 'price' || s.field === 'sort' || s.field === 'createTime'),
    ...pageWindow(q),
  });
  return {
    rows: rows.map(shopSummary),
    total_count: total,
    ...(estimated ? { total_estimated: true } : {}),
  };
}

/** A SKU's running activity as the goods page shows it: what checkout charges (pricing README steps 3–4). */
function activityView(a: ActivityPrice | undefined, now: Date) {
  if (!a || (a.left <= 0 && a.type !== 2)) return null;
  return {
    type: a.type,
    tag: a.tag || (GOODS_ACTIVITY_TYPE_NAMES[a.type] ?? ''),
    price: fenToYuan(a.priceFen),
    left: a.left,
    endTime: fmtTime(a.endAt),
    endsIn: Math.max(0, Math.ceil((a.endAt.getTime() - now.getTime()) / 1000)),
    perMemberLimit: a.perMemberLimit,
  };
}

/** One goods for customers; an off-shelf, not-yet-started or another renter's goods answers like a missing one. */
export async function listedGoodsDetail(ctx: Ctx, renterId: string, id: string) {
  const tenant = tenantFor(ctx, renterId);
  const g = await goodsRepo.byId(tenant, id);
  if (!g || !customerMaySee(g)) throw notFound();
  const skus = await goodsRepo.skus(tenant, id);
  const now = new Date();
  const acts = await runningActivityPrices(
    ctx,
    renterId,
    skus.map((s) => s.id),
    now,
  );
  return {
    ...shopSummary(g),
    images: g.images,
    sellingPoint: g.sellingPoint,
    description: sanitizeHtml(g.description),
    specs: g.specNames,
    skus: skus.map((s) => ({
      skuId: s.id,
      specValues: s.specValues,
      price: fenToYuan(s.priceFen),
      originalPrice: fenToYuan(s.originalPriceFen),
      stock: s.stock,
      activity: activityView(acts.get(s.id), now),
    })),
    purchaseLimit: g.purchaseLimit,
    postFee: fenToYuan(g.postFeeFen),
    delivery: g.delivery,
    startSaleAt: fmtTime(g.startSaleAt),
    memberPrice: g.joinVip && g.showVipPrice,
  };
}
