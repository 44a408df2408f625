import { z } from 'zod';
import { listQuery } from '../core/endpoint';
import { requiredText } from '../core/fields';
import { goodsStatus, goodsStatusFilter } from './goods-common.schemas';

export const GOOD_UNIT_NAME_MAX = 10;

/** GoodUnit/save: creates (no id) or renames a unit; a new unit goes last, enabled unless status says otherwise. */
export const goodUnitSaveBody = z.object({
  id: z.string().uuid('id不正确').optional(),
  name: requiredText('单位名称', GOOD_UNIT_NAME_MAX),
  /** Left out of an update: unchanged. */
  status: goodsStatus.optional(),
});

/** GoodUnit/list: keyword on the name, status filter, sortable columns; smallest sort first by default. */
export const goodUnitListBody = listQuery.extend({ status: goodsStatusFilter() });
export const GOOD_UNIT_SORT_FIELDS = ['sort', 'name', 'status', 'createTime'] as const;

/** GoodUnit/movesort: one place up or down (a swap with the neighbour), or to the top. */
export const goodUnitMoveBody = z.object({
  id: z.string({ error: '缺少id' }).uuid('id不正确'),
  direction: z.enum(['up', 'down', 'top'], { error: '移动方向不正确' }),
});

export const goodUnitRow = z.object({
  id: z.string(),
  name: z.string(),
  /** Unique within the enterprise; smaller first. */
  sort: z.number().int(),
  status: z.number().int(),
  createTime: z.string(),
});

/** GoodUnit/all: enabled units, for pickers. */
export const goodUnitPickRow = z.object({ id: z.string(), name: z.string() });
