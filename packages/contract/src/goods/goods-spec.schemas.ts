import { z } from 'zod';
import { listQuery } from '../core/endpoint';
import { requiredText } from '../core/fields';
import { goodsSortValue } from './goods-common.schemas';
import { goodsSpec } from './goods.schemas';

export const SPEC_TEMPLATE_NAME_MAX = 20;

/** GoodsSpec/save: a named set of up to 3 specs with their values (the goods form applies it). */
export const specTemplateSaveBody = z.object({
  id: z.string().uuid('id不正确').optional(),
  name: requiredText('模板名称', SPEC_TEMPLATE_NAME_MAX),
  specs: z.array(goodsSpec, { error: '请至少添加一个规格' }).min(1, '请至少添加一个规格').max(3, '规格最多3种'),
  /** Smaller first; a new template goes last when left out. */
  sort: goodsSortValue.optional(),
});

export const specTemplateListBody = listQuery;

export const specTemplateRow = z.object({
  id: z.string(),
  name: z.string(),
  specs: z.array(z.object({ name: z.string(), values: z.array(z.string()) })),
  sort: z.number().int(),
  createTime: z.string(),
  updateTime: z.string(),
});

export const specTemplateOption = z.object({
  id: z.string(),
  name: z.string(),
  specs: z.array(z.object({ name: z.string(), values: z.array(z.string()) })),
});
