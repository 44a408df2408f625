import { z } from 'zod';
import { yuanOut } from '../core/money';
import { listQuery } from '../core/endpoint';
import { requiredText } from '../core/fields';
import { stockAmount, yuanAmount } from './goods.schemas';

export const GOODS_ACTIVITY_NAME_MAX = 30;
export const GOODS_ACTIVITY_SKU_MAX = 1000;

/** 1 限时折扣, 2 秒杀. */
export const goodsActivityType = z.union([z.literal(1), z.literal(2)], { error: '活动类型不正确' });
export const GOODS_ACTIVITY_TYPE_NAMES: Record<number, string> = { 1: '限时折扣', 2: '秒杀' };

/** An order line's activity tag: 限时折扣 / 秒杀, '' without an activity. */
export const activityTagOf = (type: number | null | undefined): string => (type ? (GOODS_ACTIVITY_TYPE_NAMES[type] ?? '') : '');

/** Computed from the times and the status: 1 未开始, 2 进行中, 3 已结束, 4 已停用. */
export const GOODS_ACTIVITY_STATE_NAMES: Record<number, string> = { 1: '未开始', 2: '进行中', 3: '已结束', 4: '已停用' };

const uuidOf = (label: string) => z.string({ error: `缺少${label}` }).uuid(`${label}不正确`);

/** One SKU in an activity: its activity price (yuan, ≤ the SKU's price) and activity stock (≤ the SKU's stock). */
export const goodsActivitySkuInput = z.object({
  skuId: uuidOf('规格id'),
  price: yuanAmount('活动价'),
  stock: stockAmount,
});

/**
 * GoodsActivity/save: creates (no id) or edits an activity. Only an activity that has not started may be edited;
 * one that is running may only be stopped (status 0, the rest of the call is then ignored).
 */
export const goodsActivitySaveBody = z.object({
  id: z.string().uuid('id不正确').optional(),
  name: requiredText('活动名称', GOODS_ACTIVITY_NAME_MAX),
  type: goodsActivityType.optional().default(1),
  /** 'YYYY-MM-DD HH:mm:ss' in the display zone. */
  startTime: z.string({ error: '请选择开始时间' }).trim().min(1, '请选择开始时间'),
  endTime: z.string({ error: '请选择结束时间' }).trim().min(1, '请选择结束时间'),
  /** 1 enabled, 0 stopped (停用; final). */
  status: z
    .union([z.literal(0), z.literal(1)], { error: '状态不正确' })
    .optional()
    .default(1),
  /** Per member per goods; 0 unlimited. */
  perMemberLimit: z.coerce.number().int('每人限购须为整数').min(0, '每人限购不能小于0').max(99_999).optional().default(0),
  tag: z.string().trim().max(10, '活动标签不能超过10个字').optional().default(''),
  remark: z.string().trim().max(200, '备注不能超过200个字').optional().default(''),
  skus: z
    .array(goodsActivitySkuInput, { error: '请选择活动商品' })
    .min(1, '请选择活动商品')
    .max(GOODS_ACTIVITY_SKU_MAX, `活动规格最多${GOODS_ACTIVITY_SKU_MAX}个`),
});

export const GOODS_ACTIVITY_SORT_FIELDS = ['startTime', 'endTime', 'createTime'] as const;

/** GoodsActivity/list: keyword on the name, type, state (0 all); newest first by default. */
export const goodsActivityListBody = listQuery.extend({
  type: goodsActivityType.optional(),
  state: z.coerce
    .number({ error: '活动状态不正确' })
    .int('活动状态不正确')
    .min(0, '活动状态不正确')
    .max(4, '活动状态不正确')
    .optional()
    .default(0),
});

export const goodsActivityRow = z.object({
  id: z.string(),
  name: z.string(),
  type: z.number().int(),
  typeName: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  status: z.number().int(),
  state: z.number().int(),
  stateName: z.string(),
  perMemberLimit: z.number().int(),
  tag: z.string(),
  remark: z.string(),
  goodsCount: z.number().int(),
  skuCount: z.number().int(),
  createTime: z.string(),
});

/** A SKU of an activity, next to the SKU's own price and stock. */
export const goodsActivitySkuRow = z.object({
  skuId: z.string(),
  specValues: z.record(z.string(), z.string()),
  /** The SKU's price, yuan. */
  price: yuanOut(),
  activityPrice: yuanOut(),
  stock: z.number().int(),
  activityStock: z.number().int(),
  sold: z.number().int(),
});

export const goodsActivityGoodsRow = z.object({
  goodsId: z.string(),
  goodsNo: z.string(),
  title: z.string(),
  mainImage: z.string(),
  minActivityPrice: yuanOut(),
  maxActivityPrice: yuanOut(),
  activityStock: z.number().int(),
  sold: z.number().int(),
  skuCount: z.number().int(),
});

export const goodsActivityDetail = goodsActivityRow.extend({
  goods: z.array(goodsActivityGoodsRow.extend({ skus: z.array(goodsActivitySkuRow) })),
  updateTime: z.string(),
});

/** GoodsActivity/goodlist: the goods of one activity, paged; keyword on title or goods number. */
export const goodsActivityGoodsListBody = listQuery.extend({ id: uuidOf('活动id') });

/** GoodsActivity/actGoodsSkuList: the SKUs of one goods in one activity. */
export const goodsActivitySkuListBody = z.object({ id: uuidOf('活动id'), goodsId: uuidOf('商品id') });

/** GoodsActivity/ActList: the enabled activities a goods takes part in now or later. */
export const goodsActivityOfGoodsBody = z.object({ goodsId: uuidOf('商品id'), type: goodsActivityType.optional() });
export const goodsActivityOfGoodsRow = z.object({
  id: z.string(),
  name: z.string(),
  type: z.number().int(),
  typeName: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  state: z.number().int(),
  stateName: z.string(),
  perMemberLimit: z.number().int(),
  tag: z.string(),
  minActivityPrice: yuanOut(),
  maxActivityPrice: yuanOut(),
});

/** 购物返积分 (GetReturnScoreConfig / SetReturnScoreConfig): one setting per enterprise. */
export const returnScoreConfigBody = z.object({
  enabled: z.boolean({ error: '请选择是否开启' }),
  /** Points per 1 yuan actually paid, rounded down. */
  pointsPerYuan: z.coerce
    .number({ error: '请输入每元返积分数' })
    .int('每元返积分须为整数')
    .min(1, '每元返积分须大于0')
    .max(10_000, '每元返积分不能超过10000'),
  /** 1 确认收货后, 2 售后期结束后. */
  timing: z.union([z.literal(1), z.literal(2)], { error: '请选择发放时间' }),
  /** Cap per order; 0 none. */
  maxPerOrder: z.coerce
    .number({ error: '请输入每单上限' })
    .int('每单上限须为整数')
    .min(0, '每单上限不能小于0')
    .max(99_999_999, '每单上限不能超过99999999'),
});
export const returnScoreConfig = returnScoreConfigBody.extend({ updateTime: z.string() });

/** GoodsActivity/OrderList: the orders holding a line of the activity; status -1 all, else GOODS_ORDER_STATUS. */
export const goodsActivityOrderListBody = listQuery.extend({
  id: uuidOf('活动id'),
  status: z.coerce
    .number({ error: '订单状态不正确' })
    .int('订单状态不正确')
    .min(-1, '订单状态不正确')
    .max(4, '订单状态不正确')
    .optional()
    .default(-1),
});
export const goodsActivityOrderRow = z.object({
  id: z.string(),
  orderNo: z.string(),
  memberId: z.string(),
  memberPhone: z.string(),
  consignee: z.string(),
  status: z.number().int(),
  statusText: z.string(),
  /** The order's lines of this activity: normal and activity unit price, units, amount after the activity. */
  lines: z.array(
    z.object({
      title: z.string(),
      skuText: z.string(),
      image: z.string(),
      price: yuanOut(),
      activityPrice: yuanOut(),
      qty: z.number().int(),
      amount: yuanOut(),
    }),
  ),
  /** Units and amount of this activity's lines; payAmount is the whole order's. */
  units: z.number().int(),
  amount: yuanOut(),
  payAmount: yuanOut(),
  createTime: z.string(),
});
export const goodsActivityOrderListData = z.object({
  rows: z.array(goodsActivityOrderRow),
  total_count: z.number().int(),
  /** Over the activity's paid orders (待发货, 已发货, 已完成), whatever the filters: orders, units, amount. */
  sums: z.object({ orders: z.number().int(), units: z.number().int(), amount: yuanOut() }),
});
