import { endpoint, listOf, nothing } from '../core/endpoint';
import * as s from './goods-views.schemas';

/** Any member of the enterprise: pickers read on-sale goods only (like the category pickers). */
const picker = 'renter' as const;

/** Goods views beside /Goodlist: /Glist cards, /goodsList SKU rows, /goodsSort order; and the goods pickers. */
export const goodsViewsEndpoints = {
  GoodsPagelist: endpoint({
    method: 'POST',
    path: '/Goods/Goods/GoodsPagelist',
    summary: '商品卡片分页（关键字、分类含下级、状态），按排序值再按新到旧',
    body: s.goodsPageListBody,
    data: listOf(s.goodsCardRow),
    permission: { menu: 'Glist', op: 'view' },
  }),
  SkuPagelist: endpoint({
    method: 'POST',
    path: '/Goods/Goods/SkuPagelist',
    summary: '规格（SKU）分页：关键字、分类、状态、库存预警；按价格、库存排序',
    body: s.skuPageListBody,
    data: listOf(s.skuListRow),
    permission: { menu: 'goodsList', op: 'view' },
  }),
  SortPagelist: endpoint({
    method: 'POST',
    path: '/Goods/Goods/SortPagelist',
    summary: '在售商品（出售中、定时开售）按展示顺序分页，供商品排序',
    body: s.goodsSortListBody,
    data: listOf(s.goodsCardRow),
    permission: { menu: 'goodsSort', op: 'view' },
  }),
  BatchSort: endpoint({
    method: 'POST',
    path: '/Goods/Goods/BatchSort',
    summary: '批量保存商品排序值 {list:[{id, sort}]}',
    body: s.goodsBatchSortBody,
    data: nothing,
    permission: { menu: 'goodsSort', op: 'edit' },
  }),
  GetAvailableGoods: endpoint({
    method: 'POST',
    path: '/Goods/Goods/GetAvailableGoods',
    summary: '可售商品（出售中有库存，或已到开售时间），含规格摘要（选择器用）',
    body: s.availableGoodsBody,
    data: listOf(s.pickerGoodsRow),
    permission: picker,
  }),
  GetPromotionGoods: endpoint({
    method: 'POST',
    path: '/Goods/Goods/GetPromotionGoods',
    summary: '可参加活动的在售商品，标出已在其他进行中或未开始活动里的商品',
    body: s.promotionGoodsBody,
    data: listOf(s.promotionGoodsRow),
    permission: picker,
  }),
};
