import { z } from 'zod';
import { listQuery } from '../core/endpoint';
import { requiredText, uuid } from '../core/fields';
import { memberRule } from './member-rule.schemas';

/** Member tags (标签管理 /labeltag): manual ones attached by staff, automatic ones kept by a rule (members README 标签与分组). */
export const TAG_KIND = { manual: 1, auto: 2 } as const;
export const TAG_KIND_TEXT: Record<number, string> = { 1: '手动标签', 2: '自动标签' };
export const TAG_NAME_MAX = 20;
export const TAG_NAME_TAKEN_MSG = '标签名称已存在';
export const TAG_RULE_MISSING_MSG = '请设置自动标签的条件';
export const TAG_MISSING_MSG = '标签不存在';
/** How many members getScoreUIDS lists beside its count. */
export const SCORE_SAMPLE = 20;

const remark = z.string().trim().max(200, '备注不能超过200个字').optional().default('');

/** GetTagList: every tag of the enterprise, for pickers. */
export const tagPickRow = z.object({ id: z.string(), name: z.string(), kind: z.number().int(), count: z.number().int() });

/** list: keyword on the name, kind 0 all / 1 manual / 2 automatic; sortable by name, memberCount, createTime. */
export const tagListBody = listQuery.extend({
  kind: z.coerce
    .number({ error: '标签类型不正确' })
    .int('标签类型不正确')
    .refine((v) => v === 0 || v === 1 || v === 2, '标签类型不正确')
    .optional()
    .default(0),
});
export const TAG_SORT_FIELDS = ['name', 'memberCount', 'createTime'] as const;

export const tagRow = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.number().int(),
  /** The automatic tag's rule (null for a manual tag). */
  rule: memberRule.nullable(),
  memberCount: z.number().int(),
  remark: z.string(),
  /** Last recompute of an automatic tag ('' never). */
  refreshedAt: z.string(),
  createTime: z.string(),
});

/** save: creates (no id) or updates a tag; an automatic tag needs a rule with at least one condition. */
export const tagSaveBody = z
  .object({
    id: uuid('标签').optional(),
    name: requiredText('标签名称', TAG_NAME_MAX),
    kind: z.union([z.literal(1), z.literal(2)], { error: '请选择标签类型' }),
    rule: memberRule.nullish(),
    remark,
  })
  .superRefine((v, c) => {
    if (v.kind === 2 && !v.rule?.items.length) c.addIssue({ code: 'custom', path: ['rule'], message: TAG_RULE_MISSING_MSG });
  });

export const tagIdBody = z.object({ id: uuid('标签') });
export const tagIdsBody = z.object({
  ids: z.array(uuid('标签'), { error: '请选择标签' }).min(1, '请选择标签').max(200, '一次最多操作200个标签'),
});

/**
 * getScoreUIDS: the members a rule matches now (the rule being edited, or a saved tag's rule by tagId; a manual tag's
 * holders by tagId): their count and the first SCORE_SAMPLE, newest first. The tag editor's preview.
 */
export const scoreBody = z
  .object({ rule: memberRule.optional(), tagId: uuid('标签').optional() })
  .refine((v) => v.rule !== undefined || v.tagId !== undefined, { message: '请设置条件', path: ['rule'] });

/** A member as previews and group member lists show them. */
export const ruleMemberRow = z.object({
  id: z.string(),
  phone: z.string(),
  name: z.string(),
  nickname: z.string(),
});
export const scoreData = z.object({ count: z.number().int(), rows: z.array(ruleMemberRow) });

/** refresh: the automatic tag's recompute is sent as a job; the list shows refreshedAt when it is done. */
export const tagRefreshData = z.object({ id: z.string(), refreshedAt: z.string() });
