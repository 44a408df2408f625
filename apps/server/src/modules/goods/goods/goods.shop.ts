import { fenToYuan, type h5GoodsListBody } from '@shop/contract';
import type { z } from 'zod';
import type { Ctx } from '@/core/context';
import { BizError, CODE } from '@/core/errors';
import { pageWindow } from '@/core/paging';
import { type GoodsListRow, goodsRepo as repo } from './goods.repository';
import { tenantFor } from '@/core/tenant';

type ShopListInput = z.output<typeof h5GoodsListBody>;

/** What a customer sees of any goods (list row and detail): prices in yuan, no cost or codes. */
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

/**
 * The customer side's goods list (members module): on-shelf goods of the renter (status 1, sold-out ones too, shown as
 * such), by keyword and category, in the console's order; no cost, codes or back-office state.
 */
export async function listedGoods(ctx: Ctx, renterId: string, q: ShopListInput) {
  const { rows, total, estimated } = await repo.pageInCategory(tenantFor(ctx, renterId), q.categoryId, {
    keyword: q.keyword,
    status: 'listed',
    sorter: q.sorter.filter((s) => s.field === 'price' || s.field === 'sort' || s.field === 'createTime'),
    ...pageWindow(q),
  });
  return {
    rows: rows.map(shopSummary),
    total_count: total,
    ...(estimated ? { total_estimated: true } : {}),
  };
}

/** One on-shelf goods for customers; an off-shelf, scheduled or another renter's goods answers like a missing one. */
export async function listedGoodsDetail(ctx: Ctx, renterId: string, id: string) {
  const g = await repo.byId(tenantFor(ctx, renterId), id);
  if (g?.status !== 1) throw notFound();
  const skus = await repo.skus(tenantFor(ctx, renterId), id);
  return {
    ...shopSummary(g),
    images: g.images,
    sellingPoint: g.sellingPoint,
    description: g.description,
    specs: g.specNames,
    skus: skus.map((s) => ({
      skuId: s.id,
      specValues: s.specValues,
      price: fenToYuan(s.priceFen),
      originalPrice: fenToYuan(s.originalPriceFen),
      stock: s.stock,
    })),
    purchaseLimit: g.purchaseLimit,
    postFee: fenToYuan(g.postFeeFen),
  };
}
