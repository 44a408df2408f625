import { z } from 'zod';
import { listQuery } from '../core/endpoint';
import { requiredText, uuid } from '../core/fields';
import { yuanOut } from '../core/money';
import { memberRule } from './member-rule.schemas';

/** Member groups (会员分组 /mebgroup, 编辑分组 /EditGroup): a rule plus members added by hand (members README 标签与分组). */
export const GROUP_NAME_MAX = 20;
export const GROUP_NAME_TAKEN_MSG = '分组名称已存在';
export const GROUP_RULE_MISSING_MSG = '请设置分组条件';
export const GROUP_MISSING_MSG = '分组不存在';
/** A cached count older than this is shown as possibly stale (人数统计于…). */
export const GROUP_COUNT_STALE_HOURS = 24;

/** GetGropList: keyword on the name; sortable by name, memberCount, createTime (newest first by default). */
export const groupListBody = listQuery;
export const GROUP_SORT_FIELDS = ['name', 'memberCount', 'createTime'] as const;

export const groupRow = z.object({
  id: z.string(),
  name: z.string(),
  rule: memberRule,
  remark: z.string(),
  /** The count at the last save or 刷新人数. */
  memberCount: z.number().int(),
  /** When memberCount was counted ('' never). */
  countedAt: z.string(),
  /** Members added by hand (客户查询 加入分组). */
  addedCount: z.number().int(),
  createTime: z.string(),
});

/**
 * SaveGroup: a new group needs at least one condition; a saved group may drop its conditions only while it holds
 * members added by hand (it then is those members).
 */
export const groupSaveBody = z.object({
  id: uuid('分组').optional(),
  name: requiredText('分组名称', GROUP_NAME_MAX),
  rule: memberRule,
  remark: z.string().trim().max(200, '备注不能超过200个字').optional().default(''),
});

export const groupIdBody = z.object({ id: uuid('分组') });
export const groupIdsBody = z.object({
  ids: z.array(uuid('分组'), { error: '请选择分组' }).min(1, '请选择分组').max(200, '一次最多操作200个分组'),
});
export const groupCountData = z.object({ id: z.string(), memberCount: z.number().int(), countedAt: z.string() });

/** CountRule: how many members the rule matches now (the editors' live count). */
export const countRuleBody = z.object({ rule: memberRule });
export const countRuleData = z.object({ count: z.number().int() });

/** GroupMembers: the group's members now (rule or added by hand), newest first. */
export const groupMembersBody = z.object({
  id: uuid('分组'),
  page_index: z.coerce.number().int().min(1, '页码必须大于0').default(1),
  page_size: z.coerce.number().int().min(1, '每页条数必须大于0').max(200, '每页条数不能超过200').default(10),
});
export const groupMemberRow = z.object({
  id: z.string(),
  phone: z.string(),
  name: z.string(),
  nickname: z.string(),
  kind: z.number().int(),
  levelName: z.string(),
  orderCount: z.number().int(),
  spend: yuanOut(),
  /** Added by hand rather than matched by the rule. */
  added: z.boolean(),
});

/** RuleOptions: what a rule's level, tag and card conditions can name (the rule editor's selects). */
export const ruleOptionsData = z.object({
  levels: z.array(z.object({ id: z.string(), name: z.string(), needpay: z.number().int() })),
  tags: z.array(z.object({ id: z.string(), name: z.string(), kind: z.number().int() })),
  cards: z.array(z.object({ id: z.string(), name: z.string() })),
});
