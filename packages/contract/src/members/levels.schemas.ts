import { z } from 'zod';
import { listQuery } from '../core/endpoint';
import { requiredText, uuid } from '../core/fields';
import { yuanField, yuanOut } from '../core/money';
import { cardLook, memberRights } from './member.schemas';

/** 0 免费等级 (reached by growth), 1 付费等级 (bought or set by staff). */
export const LEVEL_NEEDPAY_TEXT: Record<number, string> = { 0: '免费等级', 1: '付费等级' };
export const LEVEL_NAME_MAX = 10;
export const LEVEL_RANK_MAX = 30;
export const LEVEL_GROWTH_MAX = 100_000_000;
export const LEVEL_PRICE_MAX_YUAN = 1_000_000;
export const LEVEL_IN_USE_MSG = '该等级下还有会员，不能删除';
export const LEVEL_MISSING_MSG = '等级不存在';
/** GROWTH_KIND: where a growth change comes from (growth_records.kind). */
export const GROWTH_KIND_TEXT: Record<number, string> = { 1: '后台调整', 2: '成长任务', 3: '消费', 4: '导入', 5: '退款' };
/** level_grants.source. */
export const LEVEL_GRANT_SOURCE_TEXT: Record<number, string> = { 1: '购买', 2: '后台设置' };
export const DEFAULT_CARD = { bgColor: '#3d4a5c', bgImage: '', textColor: '#ffffff' } as const;

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;
const day = (label: string) =>
  z
    .string()
    .trim()
    .refine((v) => v === '' || DAY_RE.test(v), `${label}格式不正确`)
    .optional()
    .default('');

/** needpay in a query string ('0' / '1'). */
export const needpay = z.coerce
  .number({ error: '等级类型不正确' })
  .int('等级类型不正确')
  .refine((v) => v === 0 || v === 1, '等级类型不正确');
const onOff = z.coerce.number({ error: '开关值不正确' }).refine((v) => v === 0 || v === 1, '开关值不正确');

export const levelKindQuery = z.object({ needpay });
export const levelIdQuery = z.object({ id: uuid('等级') });

/** update: 启用 (on) / 停用 (off) / 删除 (delete: refused while members hold it). */
export const levelUpdateQuery = z.object({
  id: uuid('等级'),
  op: z.enum(['on', 'off', 'delete'], { error: '操作不正确' }),
});

/**
 * save: a free level needs its growth threshold (strictly rising with the rank), a paid level its price (yuan → fen)
 * and validity. Names are unique within a kind, ranks too.
 */
export const levelSaveBody = z.object({
  id: uuid('等级').optional(),
  needpay: z.union([z.literal(0), z.literal(1)], { error: '等级类型不正确' }),
  name: requiredText('等级名称', LEVEL_NAME_MAX),
  rank: z.number({ error: '请选择等级' }).int('等级须为整数').min(1, '等级须在1到30之间').max(LEVEL_RANK_MAX, '等级须在1到30之间'),
  /** Free levels: growth needed. */
  growth: z
    .number({ error: '请输入成长值' })
    .int('成长值须为整数')
    .min(0, '成长值不能小于0')
    .max(LEVEL_GROWTH_MAX, `成长值不能超过${LEVEL_GROWTH_MAX}`)
    .optional(),
  /** Paid levels: price in yuan (parsed to fen). */
  price: yuanField('价格', { max: LEVEL_PRICE_MAX_YUAN }).optional(),
  /** Paid levels: days a purchase lasts, 0 for ever. */
  validDays: z
    .number({ error: '请输入有效期' })
    .int('有效期须为整数天')
    .min(0, '有效期不能小于0天')
    .max(3650, '有效期不能超过3650天')
    .default(0),
  rights: memberRights,
  card: cardLook.optional(),
  description: z.string().trim().max(200, '等级说明不能超过200个字').default(''),
});

export const levelRow = z.object({
  id: z.string(),
  needpay: z.number().int(),
  name: z.string(),
  rank: z.number().int(),
  growth: z.number().int(),
  price: yuanOut(),
  validDays: z.number().int(),
  rights: memberRights,
  card: cardLook,
  description: z.string(),
  status: z.number().int(),
  /** Members holding it now (a free level: members at it; a paid one: unexpired holders). */
  holders: z.number().int(),
  createTime: z.string(),
});

/** getlvlist: levels of a kind, paged, keyword on the name, status -1 all. */
export const levelListBody = listQuery.extend({
  needpay,
  status: z.number().int().min(-1).max(1).optional().default(-1),
});
export const LEVEL_SORT_FIELDS = ['rank', 'growth', 'price', 'createTime'] as const;

export const levelPick = z.object({
  id: z.string(),
  name: z.string(),
  needpay: z.number().int(),
  rank: z.number().int(),
  status: z.number().int(),
});
export const levelChkQuery = z.object({ needpay: needpay.optional() });

/** The member settings (getconfig). */
export const memberConfig = z.object({ freeOn: z.boolean(), payOn: z.boolean(), auditOn: z.boolean() });
export const switchQuery = z.object({ on: onOff });

/** The registration fields a member fills (注册信息): which profile fields are asked, and which are required. */
export const REG_FIELDS = { name: '姓名', sex: '性别', birthday: '生日' } as const;
export type RegFieldKey = keyof typeof REG_FIELDS;
const regFieldKey = z.enum(Object.keys(REG_FIELDS) as [RegFieldKey, ...RegFieldKey[]], { error: '资料项不正确' });
export const regField = z.object({ key: regFieldKey, on: z.boolean(), required: z.boolean() });
export const regFieldRow = regField.extend({ label: z.string() });
export const regFieldSaveBody = z.object({ fields: z.array(regField).min(1, '请设置资料项').max(10) });
export const regFieldSwitchQuery = z.object({ key: regFieldKey, on: onOff });
export const regFieldCatalogue = z.object({ key: z.string(), label: z.string() });

/** Growth tasks (等级任务). register and profile are applied now; signIn and spend once those features land. */
export const LEVEL_TASKS = { register: '注册', profile: '完善资料', signIn: '每日签到', spend: '消费每元' } as const;
export type LevelTaskKey = keyof typeof LEVEL_TASKS;
export const LIVE_TASKS: readonly LevelTaskKey[] = ['register', 'profile'];
const taskKey = z.enum(Object.keys(LEVEL_TASKS) as [LevelTaskKey, ...LevelTaskKey[]], { error: '任务不正确' });
export const levelTask = z.object({
  key: taskKey,
  on: z.boolean(),
  growth: z.number({ error: '请输入成长值' }).int('成长值须为整数').min(0, '成长值不能小于0').max(100_000, '成长值不能超过100000'),
});
export const levelTaskRow = levelTask.extend({ label: z.string(), live: z.boolean() });
export const levelTaskSaveBody = z.object({ tasks: z.array(levelTask).min(1, '请设置任务').max(10) });

/** The level page's look (等级装修) and each level's card. */
export const levelPageLook = z.object({
  title: z.string().trim().max(20, '页面标题不能超过20个字').default('会员中心'),
  bgColor: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, '页面背景颜色格式不正确')
    .default('#f5f5f5'),
  showNext: z.boolean().default(true),
  showRights: z.boolean().default(true),
});
export const renovationData = z.object({
  page: levelPageLook,
  levels: z.array(z.object({ id: z.string(), name: z.string(), needpay: z.number().int(), rank: z.number().int(), card: cardLook })),
});
export const renovationSaveBody = z.object({
  page: levelPageLook,
  cards: z.array(z.object({ id: uuid('等级'), card: cardLook })).max(LEVEL_RANK_MAX * 2, '等级过多'),
});

/** GetRecordList: level grants (等级购买记录). */
export const grantListBody = listQuery.extend({
  levelId: uuid('等级').optional(),
  phone: z.string().trim().max(20, '手机号不能超过20位').optional().default(''),
  start: day('开始日期'),
  end: day('结束日期'),
});
export const grantRow = z.object({
  id: z.string(),
  memberId: z.string(),
  phone: z.string(),
  nickname: z.string(),
  levelId: z.string(),
  levelName: z.string(),
  source: z.number().int(),
  sourceText: z.string(),
  amount: yuanOut(),
  startTime: z.string(),
  expireTime: z.string(),
  operator: z.string(),
  createTime: z.string(),
});

/** GetGroupLosgPage: growth records (成长值记录) of every member, or one (memberId). */
export const growthLogBody = listQuery.extend({
  memberId: uuid('会员').optional(),
  phone: z.string().trim().max(20, '手机号不能超过20位').optional().default(''),
  kind: z.number().int().min(0).max(9).optional().default(0),
  start: day('开始日期'),
  end: day('结束日期'),
});
export const growthLogRow = z.object({
  id: z.string(),
  memberId: z.string(),
  phone: z.string(),
  nickname: z.string(),
  change: z.number().int(),
  growthAfter: z.number().int(),
  kind: z.number().int(),
  kindText: z.string(),
  reason: z.string(),
  levelBefore: z.string(),
  levelAfter: z.string(),
  operator: z.string(),
  createTime: z.string(),
});

export const allLevelData = z.object({ freeOn: z.boolean(), payOn: z.boolean(), levels: z.array(levelRow) });
