import { z } from 'zod';
import { listQuery } from '../core/endpoint';
import { yuanOut } from '../core/money';

// What customers see of the catalogue (the H5 shop): never a cost, code, barcode or back-office state.

/** A category as the shop shows it: enabled ones only, children nested. */
export interface H5GoodsType {
  id: string;
  name: string;
  icon: string;
  children: H5GoodsType[];
}
export const h5GoodsType: z.ZodType<H5GoodsType> = z.lazy(() =>
  z.object({ id: z.string(), name: z.string(), icon: z.string(), children: z.array(h5GoodsType) }),
);

/** The shop home: name and logo (店铺信息), the top-level categories as chips. */
export const h5ShopHome = z.object({
  shopId: z.string(),
  name: z.string(),
  logo: z.string(),
  categories: z.array(z.object({ id: z.string(), name: z.string(), icon: z.string() })),
});

/** Goods a customer may see: on sale, or scheduled and past its start time; by category (and its subtree) and keyword. */
export const h5GoodsListBody = listQuery.extend({ categoryId: z.string().uuid('商品分类不正确').nullish() });

/** What a customer sees of a goods in a list. */
export const h5GoodsRow = z.object({
  id: z.string(),
  title: z.string(),
  mainImage: z.string(),
  categoryId: z.string().nullable(),
  minPrice: yuanOut(),
  maxPrice: yuanOut(),
  totalStock: z.number().int(),
});

export const h5GoodsSku = z.object({
  skuId: z.string(),
  /** spec name → value, one per spec of the goods ({} for a goods without specs). */
  specValues: z.record(z.string(), z.string()),
  price: yuanOut(),
  originalPrice: yuanOut(),
  stock: z.number().int(),
  /**
   * The 限时折扣 / 秒杀 running now that checkout prices the SKU by (null: none, or a 限时折扣 whose activity stock is
   * gone): `tag` the merchant's label else the type's name, `left` the activity stock left (0: a 秒杀 已抢光),
   * `endTime` 'YYYY-MM-DD HH:mm:ss', `perMemberLimit` 0 none.
   */
  activity: z
    .object({
      type: z.number().int(),
      tag: z.string(),
      price: yuanOut(),
      left: z.number().int(),
      endTime: z.string(),
      /** Seconds to the end when answered: the countdown, free of the phone's clock and zone. */
      endsIn: z.number().int(),
      perMemberLimit: z.number().int(),
    })
    .nullable(),
});

export const h5GoodsDetail = h5GoodsRow.extend({
  images: z.array(z.string()),
  sellingPoint: z.string(),
  /** Rich text, sanitised (allow-listed tags and attributes). */
  description: z.string(),
  specs: z.array(z.object({ name: z.string(), values: z.array(z.string()) })),
  skus: z.array(h5GoodsSku),
  /** Most a customer may buy of it; 0 no limit. */
  purchaseLimit: z.number().int(),
  postFee: yuanOut(),
  /** express / pickup / local (GOODS_DELIVERY). */
  delivery: z.array(z.string()),
  /** 'YYYY-MM-DD HH:mm:ss' of a scheduled sale, '' when none. */
  startSaleAt: z.string(),
  /** The goods joins the member discount (joinvip) and shows it (showvipprice): the page says members pay less. */
  memberPrice: z.boolean(),
});

export const h5GoodsIdBody = z.object({ id: z.string({ error: '缺少商品' }).uuid('商品不存在') });
