import { z } from 'zod';

/** Shapes shared by the goods catalogue calls (categories, units). */

/** Status of a category or a unit: 1 enabled (启用), 0 disabled (禁用). */
export const goodsStatus = z.union([z.literal(0), z.literal(1)], { error: '状态不正确' });
/** A status filter of a list: -1 all, 1 enabled, 0 disabled. */
export const goodsStatusFilter = (byDefault: -1 | 0 | 1 = -1) =>
  z.coerce
    .number({ error: '状态不正确' })
    .int('状态不正确')
    .refine((v) => v === -1 || v === 0 || v === 1, '状态不正确')
    .optional()
    .default(byDefault);

export const GOODS_SORT_MAX = 999_999;

export const goodsSortValue = z.coerce
  .number({ error: '请输入排序值' })
  .int('排序值须为整数')
  .min(0, '排序值不能小于0')
  .max(GOODS_SORT_MAX, `排序值不能超过${GOODS_SORT_MAX}`);

export const goodsIdBody = z.object({ id: z.string({ error: '缺少id' }).uuid('id不正确') });
export const goodsIdsBody = z.object({
  ids: z.array(z.string().uuid('选中的数据不正确'), { error: '请选择数据' }).min(1, '请选择数据').max(200, '一次最多操作200条'),
});
export const goodsStateBody = goodsIdsBody.extend({ status: goodsStatus });
/** sort: new sort values, smaller first. */
export const goodsSortBody = z.object({
  list: z
    .array(z.object({ id: z.string({ error: '缺少id' }).uuid('id不正确'), sort: goodsSortValue }), { error: '请选择要排序的数据' })
    .min(1, '请选择要排序的数据')
    .max(500, '一次最多排序500条'),
});
