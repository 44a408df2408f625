import type { contract } from '@shop/contract';
import { type Handlers, withMsg } from '@/core/register';
import * as svc from './goods-views.service';

export const goodsViewsHandlers: Handlers<typeof contract.goodsViews> = {
  GoodsPagelist: (ctx, b) => svc.goodsPageList(ctx, b),
  SkuPagelist: (ctx, b) => svc.skuPageList(ctx, b),
  SortPagelist: (ctx, b) => svc.sortPageList(ctx, b),
  BatchSort: async (ctx, b) => withMsg(await svc.batchSort(ctx, b.list), '排序成功'),
  GetAvailableGoods: (ctx, b) => svc.availableGoods(ctx, b),
  GetPromotionGoods: (ctx, b) => svc.promotionGoods(ctx, b),
};
