import { z } from 'zod';
import { uuid } from '../core/fields';

/**
 * A member rule (分组条件, 自动标签条件, later 精准营销's audience): conditions joined by 且 (and) or 或 (or). The server
 * compiles it to one SQL condition over the member columns (members/rules/rule.sql.ts); the customer query's filters
 * are such a rule too.
 */

/** Fields chosen from a list of values. */
export const RULE_CHOICE_FIELDS = {
  kind: '客户类型',
  sex: '性别',
  source: '来源',
  birthMonth: '生日月份',
  audit: '审核状态',
  status: '会员状态',
} as const;
/** Number fields (a range). spend and balance are in yuan. */
export const RULE_NUMBER_FIELDS = {
  orderCount: '消费次数',
  spend: '累计消费金额',
  balance: '储值余额',
  points: '积分',
  growth: '成长值',
} as const;
/** Time fields (a date range, within the last N days, or not within them). */
export const RULE_TIME_FIELDS = {
  createTime: '成为客户时间',
  memberTime: '成为会员时间',
  lastOrderTime: '最近消费时间',
} as const;
/** Fields naming rows: levels (any of), tags and rights cards (any, all or none of). */
export const RULE_SET_FIELDS = { level: '会员等级', tags: '标签', cards: '权益卡' } as const;

export type RuleChoiceField = keyof typeof RULE_CHOICE_FIELDS;
export type RuleNumberField = keyof typeof RULE_NUMBER_FIELDS;
export type RuleTimeField = keyof typeof RULE_TIME_FIELDS;

export const RULE_MAX_ITEMS = 20;
export const RULE_MAX_IDS = 50;
const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;
const keys = <T extends Record<string, string>>(o: T) => Object.keys(o) as [keyof T & string, ...(keyof T & string)[]];

const day = (label: string) => z.string().regex(DAY_RE, `${label}日期格式不正确`).optional();
const days = z.number({ error: '天数须为整数' }).int('天数须为整数').min(1, '天数至少为1').max(3650, '天数不能超过3650');
const bound = z.number({ error: '范围须为数字' }).min(0, '范围不能小于0').max(1e11, '范围超出限制');

const choiceCond = z.object({
  field: z.enum(keys(RULE_CHOICE_FIELDS)),
  in: z.array(z.number().int()).min(1, '请选择条件的值').max(20),
});
const levelCond = z.object({ field: z.literal('level'), in: z.array(uuid('等级')).min(1, '请选择会员等级').max(RULE_MAX_IDS) });
const setCond = z.object({
  field: z.enum(['tags', 'cards']),
  /** any 包含任一, all 全部包含 (tags only), none 都不包含. */
  match: z.enum(['any', 'all', 'none']),
  ids: z.array(uuid('标签或权益卡')).min(1, '请选择标签或权益卡').max(RULE_MAX_IDS),
});
const numberCond = z
  .object({ field: z.enum(keys(RULE_NUMBER_FIELDS)), min: bound.optional(), max: bound.optional() })
  .refine((c) => c.min !== undefined || c.max !== undefined, { message: '请填写范围' })
  .refine((c) => c.min === undefined || c.max === undefined || c.min <= c.max, { message: '最小值不能大于最大值' });
const timeCond = z
  .object({
    field: z.enum(keys(RULE_TIME_FIELDS)),
    from: day('开始'),
    to: day('结束'),
    /** Within the last N days (today included). */
    withinDays: days.optional(),
    /** Not within the last N days (never counts as not within). */
    notWithinDays: days.optional(),
  })
  .refine((c) => [c.from ?? c.to, c.withinDays, c.notWithinDays].filter((x) => x !== undefined).length === 1, {
    message: '请选择一种时间条件',
  })
  .refine((c) => !c.from || !c.to || c.from <= c.to, { message: '开始日期不能晚于结束日期' });

// setCond first: test/cross-renter.test.ts makes a body up from a union's first option, so its ids get tried.
export const memberRuleCond = z.union([setCond, choiceCond, levelCond, numberCond, timeCond]);
export type MemberRuleCond = z.infer<typeof memberRuleCond>;

export const memberRule = z.object({
  /** and 满足全部条件, or 满足任一条件. */
  op: z.enum(['and', 'or'], { error: '请选择条件关系' }),
  items: z.array(memberRuleCond).max(RULE_MAX_ITEMS, `条件不能超过${RULE_MAX_ITEMS}个`),
});
export type MemberRule = z.infer<typeof memberRule>;
