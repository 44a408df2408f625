import { z } from 'zod';
import { listQuery } from '../core/endpoint';
import { imageUrl as imageUrlOf, requiredText } from '../core/fields';
import { yuanField, yuanOut } from '../core/money';
import { goodsIdsBody, goodsSortValue } from './goods-common.schemas';

export const GOODS_TITLE_MAX = 100;
export const GOODS_SKU_MAX = 600;
export const GOODS_PRICE_MAX = 9_999_999;

/**
 * A goods money field (price, 划线价, cost, post fee, activity price, cash): yuan in, integer fen out (core/money.ts),
 * ≥ 0, at most 2 decimals, at most GOODS_PRICE_MAX yuan.
 */
export const yuanAmount = (label: string) => yuanField(label, { max: GOODS_PRICE_MAX, maxText: String(GOODS_PRICE_MAX) });

export const stockAmount = z.coerce
  .number({ error: '请输入库存' })
  .int('库存须为整数')
  .min(0, '库存不能小于0')
  .max(99_999_999, '库存不能超过99999999');

/** 1 physical (实物), 2 virtual (虚拟), 3 service (服务). */
export const goodsType = z.union([z.literal(1), z.literal(2), z.literal(3)], { error: '商品类型不正确' });
/** 1 on sale (出售中), 0 off shelf (仓库中), 2 scheduled (定时开售, at startSaleAt). */
export const goodsSaleStatus = z.union([z.literal(0), z.literal(1), z.literal(2)], { error: '商品状态不正确' });

const specValue = z.string({ error: '请输入规格值' }).trim().min(1, '请输入规格值').max(20, '规格值不能超过20个字');
/** One spec dimension and its values, in display order. */
export const goodsSpec = z.object({
  name: z.string({ error: '请输入规格名' }).trim().min(1, '请输入规格名').max(10, '规格名不能超过10个字'),
  values: z.array(specValue, { error: '请输入规格值' }).min(1, '请输入规格值').max(50, '规格值最多50个'),
});

/** One SKU row of the matrix; specValues names its combination ({} without specs). */
export const goodsSkuInput = z.object({
  specValues: z.record(z.string(), z.string().trim()).optional().default({}),
  price: yuanAmount('价格'),
  originalPrice: yuanAmount('划线价').optional().default(0),
  cost: yuanAmount('成本价').optional().default(0),
  stock: stockAmount,
  /**
   * The stock the edit form showed (an existing SKU): when `stock` still equals it the merchant did not touch the stock,
   * and it stays as sales moved it meanwhile; otherwise the stock is set to `stock` (a ledger adjustment).
   */
  stockSeen: stockAmount.optional(),
  weight: z.coerce.number().int('重量须为整数（克）').min(0, '重量不能小于0').optional().default(0),
  code: z.string().trim().max(50, '规格编码不能超过50个字').optional().default(''),
  barcode: z.string().trim().max(50, '条形码不能超过50个字').optional().default(''),
});

const imageUrl = imageUrlOf('图片');

/** How a goods reaches the buyer (配送方式); a goods offers at least one. */
export const GOODS_DELIVERY = ['express', 'pickup', 'local'] as const;
export type GoodsDelivery = (typeof GOODS_DELIVERY)[number];
export const GOODS_DELIVERY_LABELS: Record<GoodsDelivery, string> = { express: '快递发货', pickup: '到店自提', local: '同城配送' };
export const goodsDelivery = z
  .array(z.enum(GOODS_DELIVERY, { error: '配送方式不正确' }), { error: '请至少选择一种配送方式' })
  .min(1, '请至少选择一种配送方式')
  .max(GOODS_DELIVERY.length, '配送方式不正确')
  .refine((v) => new Set(v).size === v.length, '配送方式不能重复');
/** 1 a flat post fee (统一邮费), 2 a freight template (运费模板, freightTemplateId: one of the enterprise's enabled ones). */
export const goodsPostFeeMode = z.union([z.literal(1), z.literal(2)], { error: '运费设置不正确' });
/** The template of postFeeMode 2; ignored (stored null) with mode 1. */
export const goodsFreightTemplateId = z.string({ error: '运费模板不正确' }).uuid('运费模板不正确').nullable().optional().default(null);
export const GOODS_WARRANTY_MAX = 3650;
export const goodsWarrantyDays = z.coerce
  .number({ error: '请输入保修天数' })
  .int('保修天数须为整数')
  .min(0, '保修天数不能小于0')
  .max(GOODS_WARRANTY_MAX, `保修天数不能超过${GOODS_WARRANTY_MAX}天`);

export const PROPERTY_KEY_NAME_MAX = 20;
export const PROPERTY_VALUE_MAX = 50;
export const GOODS_EXTENSIONS_MAX = 30;
/** One custom property of a goods: key is the id of one of the enterprise's property keys (商品扩展属性). */
export const goodsExtension = z.object({
  key: z.string({ error: '请选择扩展属性' }).uuid('请选择扩展属性'),
  value: z
    .string({ error: '请填写扩展属性的值' })
    .trim()
    .min(1, '请填写扩展属性的值')
    .max(PROPERTY_VALUE_MAX, `扩展属性的值不能超过${PROPERTY_VALUE_MAX}个字`),
});

/** Goods/save: creates (no id) or replaces a goods and its SKU matrix. */
export const goodsSaveBody = z.object({
  id: z.string().uuid('id不正确').optional(),
  /** Left out of a new goods: the next number (getnextgoodsno). */
  goodsNo: z.string().trim().max(32, '商品编号不能超过32个字').optional().default(''),
  title: requiredText('商品名称', GOODS_TITLE_MAX),
  type: goodsType.optional().default(1),
  categoryId: z.string().uuid('商品分类不正确').nullish(),
  unitId: z.string().uuid('商品单位不正确').nullish(),
  mainImage: imageUrl.optional().default(''),
  images: z.array(imageUrl).max(15, '商品图片最多15张').optional().default([]),
  sellingPoint: z.string().trim().max(60, '卖点不能超过60个字').optional().default(''),
  /** HTML; scripts, styles, event attributes and javascript: addresses are removed. */
  description: z.string().max(200_000, '商品详情过长').optional().default(''),
  specs: z.array(goodsSpec).max(3, '规格最多3种').optional().default([]),
  skus: z
    .array(goodsSkuInput, { error: '请至少添加一个商品规格' })
    .min(1, '请至少添加一个商品规格')
    .max(GOODS_SKU_MAX, `商品规格最多${GOODS_SKU_MAX}个`),
  status: goodsSaleStatus.optional().default(0),
  /** 'YYYY-MM-DD HH:mm:ss'; required with status 2. */
  startSaleAt: z.string().trim().optional().default(''),
  sort: goodsSortValue.optional().default(0),
  joinvip: z.boolean().optional().default(false),
  showvipprice: z.boolean().optional().default(false),
  havevipprice: z.boolean().optional().default(false),
  trackSerial: z.boolean().optional().default(false),
  purchaseLimit: z.coerce.number().int('限购数量须为整数').min(0, '限购数量不能小于0').optional().default(0),
  postFee: yuanAmount('运费').optional().default(0),
  delivery: goodsDelivery.optional().default(['express']),
  postFeeMode: goodsPostFeeMode.optional().default(1),
  freightTemplateId: goodsFreightTemplateId,
  warrantyDays: goodsWarrantyDays.optional().default(0),
  extensions: z
    .array(goodsExtension, { error: '扩展属性不正确' })
    .max(GOODS_EXTENSIONS_MAX, `扩展属性最多${GOODS_EXTENSIONS_MAX}个`)
    .optional()
    .default([]),
});

export const GOODS_LIST_STATUS = ['all', 'on_sale', 'sold_out', 'off_shelf', 'scheduled'] as const;
export const GOODS_SORT_FIELDS = ['price', 'stock', 'sort', 'createTime'] as const;

/** Goods/list: keyword over title / goods no / barcode, category with its subtree, status tab, ranges. */
export const goodsListBody = listQuery.extend({
  categoryId: z.string().uuid('商品分类不正确').nullish(),
  status: z.enum(GOODS_LIST_STATUS, { error: '状态不正确' }).optional().default('all'),
  type: goodsType.optional(),
  minPrice: yuanAmount('最低价').optional(),
  maxPrice: yuanAmount('最高价').optional(),
  minStock: stockAmount.optional(),
  maxStock: stockAmount.optional(),
});

export const goodsSkuRow = z.object({
  skuId: z.string(),
  specValues: z.record(z.string(), z.string()),
  price: yuanOut(),
  originalPrice: yuanOut(),
  cost: yuanOut(),
  stock: z.number().int(),
  weight: z.number().int(),
  code: z.string(),
  barcode: z.string(),
});

export const goodsListRow = z.object({
  id: z.string(),
  goodsNo: z.string(),
  title: z.string(),
  type: z.number().int(),
  mainImage: z.string(),
  categoryId: z.string().nullable(),
  status: z.number().int(),
  startSaleAt: z.string(),
  sort: z.number().int(),
  minPrice: yuanOut(),
  maxPrice: yuanOut(),
  totalStock: z.number().int(),
  createTime: z.string(),
});

export const goodsDetail = goodsListRow.extend({
  unitId: z.string().nullable(),
  images: z.array(z.string()),
  sellingPoint: z.string(),
  description: z.string(),
  specs: z.array(z.object({ name: z.string(), values: z.array(z.string()) })),
  skus: z.array(goodsSkuRow),
  joinvip: z.boolean(),
  showvipprice: z.boolean(),
  havevipprice: z.boolean(),
  trackSerial: z.boolean(),
  purchaseLimit: z.number().int(),
  postFee: yuanOut(),
  delivery: z.array(z.string()),
  postFeeMode: z.number().int(),
  freightTemplateId: z.string().nullable(),
  warrantyDays: z.number().int(),
  /** name is the property key's current name. */
  extensions: z.array(z.object({ key: z.string(), name: z.string(), value: z.string() })),
  updateTime: z.string(),
});

export const goodsOnOffBody = goodsIdsBody.extend({
  status: z.union([z.literal(0), z.literal(1)], { error: '状态不正确' }),
});
export const goodsChangeTypeBody = goodsIdsBody.extend({ type: goodsType });

const skuId = z.string({ error: '缺少规格id' }).uuid('规格id不正确');
export const goodsEditPriceBody = z.object({
  id: z.string({ error: '缺少id' }).uuid('id不正确'),
  skus: z
    .array(z.object({ skuId, price: yuanAmount('价格') }), { error: '请选择规格' })
    .min(1, '请选择规格')
    .max(GOODS_SKU_MAX),
});
export const goodsEditSortBody = z.object({ id: z.string({ error: '缺少id' }).uuid('id不正确'), sort: goodsSortValue });
/** BatchEditGoodsStock: sets each SKU's stock to the given number. */
export const goodsBatchStockBody = z.object({
  items: z
    .array(z.object({ skuId, stock: stockAmount }), { error: '请选择规格' })
    .min(1, '请选择规格')
    .max(1000, '一次最多修改1000个规格'),
});

/** joinvip / showvipprice / havevipprice: sets one member-price flag on several goods. */
export const goodsFlagBody = goodsIdsBody.extend({ value: z.boolean({ error: '请选择开启或关闭' }) });

/** BatchEditGoodsLogistics: delivery methods and post fee of several goods. */
export const goodsLogisticsBody = goodsIdsBody.extend({
  delivery: goodsDelivery,
  postFeeMode: goodsPostFeeMode.optional().default(1),
  freightTemplateId: goodsFreightTemplateId,
  postFee: yuanAmount('运费').optional().default(0),
});

/** SetStartSale: schedules goods to go on sale at startSaleAt ('YYYY-MM-DD HH:mm:ss'), or null to drop the schedule. */
export const goodsStartSaleBody = goodsIdsBody.extend({
  startSaleAt: z.string({ error: '请选择开售时间' }).trim().min(1, '请选择开售时间').nullable(),
});

const propertyValue = z
  .string({ error: '请输入属性值' })
  .trim()
  .min(1, '请输入属性值')
  .max(PROPERTY_VALUE_MAX, `属性值不能超过${PROPERTY_VALUE_MAX}个字`);
/** SaveRenterPropertyKey: a custom goods property (商品扩展属性) with the values the goods form offers. */
export const propertyKeySaveBody = z.object({
  id: z.string().uuid('id不正确').optional(),
  name: requiredText('属性名称', PROPERTY_KEY_NAME_MAX),
  values: z
    .array(propertyValue, { error: '属性值不正确' })
    .max(50, '属性值最多50个')
    .refine((v) => new Set(v).size === v.length, '属性值不能重复')
    .optional()
    .default([]),
});
export const propertyKeyListBody = listQuery;
export const propertyKeyRow = z.object({
  id: z.string(),
  name: z.string(),
  values: z.array(z.string()),
  /** How many goods carry this property. */
  goodsCount: z.number().int(),
  createTime: z.string(),
});
export const propertyKeyPickRow = z.object({ id: z.string(), name: z.string(), values: z.array(z.string()) });
