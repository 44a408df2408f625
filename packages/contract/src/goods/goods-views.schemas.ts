import { z } from 'zod';
import { yuanOut } from '../core/money';
import { listQuery } from '../core/endpoint';
import { goodsSortBody } from './goods-common.schemas';
import { GOODS_LIST_STATUS, stockAmount } from './goods.schemas';

/** Shapes of the goods views (/Glist, /goodsList, /goodsSort) and the goods pickers (GetAvailableGoods, GetPromotionGoods). */

const categoryId = z.string().uuid('商品分类不正确').nullish();
const listStatus = z.enum(GOODS_LIST_STATUS, { error: '状态不正确' }).optional().default('all');

/** GoodsPagelist (/Glist): the catalogue as cards; status is the tab of the goods list (all, on_sale, sold_out…). */
export const goodsPageListBody = listQuery.extend({ categoryId, status: listStatus });

export const goodsCardRow = z.object({
  id: z.string(),
  goodsNo: z.string(),
  title: z.string(),
  mainImage: z.string(),
  categoryId: z.string().nullable(),
  /** The category's name ('' without one). */
  categoryName: z.string(),
  status: z.number().int(),
  startSaleAt: z.string(),
  sort: z.number().int(),
  minPrice: yuanOut(),
  maxPrice: yuanOut(),
  totalStock: z.number().int(),
  skuCount: z.number().int(),
  createTime: z.string(),
});

export const SKU_SORT_FIELDS = ['price', 'stock', 'createTime'] as const;

/** SkuPagelist (/goodsList): one row per SKU; lowStock keeps SKUs with stock ≤ it (库存预警). */
export const skuPageListBody = listQuery.extend({
  categoryId,
  status: listStatus,
  lowStock: stockAmount.optional(),
});

export const skuListRow = z.object({
  skuId: z.string(),
  goodsId: z.string(),
  goodsNo: z.string(),
  title: z.string(),
  mainImage: z.string(),
  specValues: z.record(z.string(), z.string()),
  /** The values in spec order, '红 / M' ('' without specs). */
  specText: z.string(),
  code: z.string(),
  barcode: z.string(),
  price: yuanOut(),
  stock: z.number().int(),
  goodsStatus: z.number().int(),
  goodsTotalStock: z.number().int(),
  startSaleAt: z.string(),
});

/** BatchSort: new sort values for some goods, smaller first (the /goodsSort drag and 置顶 / 置底). */
export const goodsBatchSortBody = goodsSortBody;

/** goodsSort's list: on-sale goods (status 1 and 2) in their display order. */
export const goodsSortListBody = listQuery.extend({ categoryId });

/** A SKU as a picker shows it. */
export const pickerSku = z.object({
  skuId: z.string(),
  specValues: z.record(z.string(), z.string()),
  specText: z.string(),
  price: yuanOut(),
  stock: z.number().int(),
});

const excludeIds = z.array(z.string().uuid('排除的商品不正确')).max(1000, '排除的商品最多1000个').optional().default([]);

/** GetAvailableGoods: goods that can be sold now, for marketing and decoration pickers. */
export const availableGoodsBody = listQuery.extend({ categoryId, excludeIds });

export const pickerGoodsRow = z.object({
  id: z.string(),
  goodsNo: z.string(),
  title: z.string(),
  mainImage: z.string(),
  categoryId: z.string().nullable(),
  status: z.number().int(),
  minPrice: yuanOut(),
  maxPrice: yuanOut(),
  totalStock: z.number().int(),
  skus: z.array(pickerSku),
});

/** GetPromotionGoods: on-sale goods, each flagged when another running or upcoming activity holds it. */
export const promotionGoodsBody = listQuery.extend({
  /** The activity being edited: its own goods are not "in another activity". */
  activityId: z.string().uuid('活动不正确').nullish(),
  categoryId,
  excludeIds,
});

export const promotionGoodsRow = pickerGoodsRow.extend({
  inActivity: z.boolean(),
  activityId: z.string(),
  activityName: z.string(),
});
