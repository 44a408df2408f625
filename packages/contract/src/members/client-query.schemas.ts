import { z } from 'zod';
import { listQuery } from '../core/endpoint';
import { phone, uuid } from '../core/fields';
import { listOf } from '../core/endpoint';

/**
 * 客户查询 (/customerInquiry): the filters of the customer list, turned by the server into one member rule
 * (member-rule.schemas.ts) plus the keyword and the group.
 */

/** At most this many customers in one bulk action (打标签, 移除标签, 加入分组, 审核). */
export const CLIENT_BULK_MAX = 1000;
/** At most this many tags in one bulk 打标签 / 移除标签. */
export const CLIENT_TAGS_MAX = 20;
/** An export holds at most this many customers (narrow the filter for more). */
export const CLIENT_EXPORT_MAX = 200_000;
/** A row shows at most this many tag names. */
export const CLIENT_ROW_TAGS = 3;
/** GetFindUser answers at most this many members. */
export const FIND_USER_MAX = 20;
/** The sorts of GetUserInfoList (sorter field names). */
export const CLIENT_SORTS = ['createTime', 'memberTime', 'spend', 'orderCount', 'lastOrderTime', 'balance', 'points', 'growth'] as const;
export const ALREADY_MEMBER_MSG = '该手机号已是会员';
export const AUTO_TAG_MSG = '自动标签由规则维护，不能手动添加或移除';

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;
const day = (label: string) => z.string().regex(DAY_RE, `${label}日期格式不正确`).optional();

/** A date range (YYYY-MM-DD, both ends included). */
const dayRange = (label: string) =>
  z
    .object({ from: day(`${label}开始`), to: day(`${label}结束`) })
    .refine((r) => !r.from || !r.to || r.from <= r.to, { message: `${label}开始日期不能晚于结束日期` });

const bound = (label: string) =>
  z
    .number({ error: `${label}须为数字` })
    .min(0, `${label}不能小于0`)
    .max(1e9, `${label}超出范围`)
    .optional();
/** A number range (both ends included); money ranges are in yuan. */
const numRange = (label: string) =>
  z
    .object({ min: bound(label), max: bound(label) })
    .refine((r) => r.min === undefined || r.max === undefined || r.min <= r.max, { message: `${label}最小值不能大于最大值` });

const ids = (label: string) => z.array(uuid(label)).max(50, `${label}最多选择50个`).optional().default([]);

/** The filters of the list, its totals and its export. */
export const clientFilter = z.object({
  /** Phone, name or nickname contains it. */
  keyword: z.string().trim().max(50, '关键字不能超过50个字').optional().default(''),
  /** 0 客户, 1 会员; missing: 全部. */
  kind: z.union([z.literal(0), z.literal(1)], { error: '客户类型不正确' }).optional(),
  levelIds: ids('会员等级'),
  /** Holds any of these tags. */
  tagIds: ids('标签'),
  /** Holds any of these rights cards. */
  cardIds: ids('权益卡'),
  /** In this group (its rule's members and those added by hand). */
  groupId: uuid('分组').optional(),
  source: z.number().int().min(1, '来源不正确').max(9, '来源不正确').optional(),
  sex: z.number().int().min(0, '性别不正确').max(2, '性别不正确').optional(),
  status: z.number().int().min(0, '状态不正确').max(1, '状态不正确').optional(),
  audit: z.number().int().min(0, '审核状态不正确').max(2, '审核状态不正确').optional(),
  createTime: dayRange('注册时间').optional(),
  memberTime: dayRange('成为会员时间').optional(),
  lastOrderTime: dayRange('最近消费时间').optional(),
  orderCount: numRange('消费次数').optional(),
  /** Yuan. */
  spend: numRange('累计消费金额').optional(),
  /** Yuan. */
  balance: numRange('储值余额').optional(),
  points: numRange('积分').optional(),
  growth: numRange('成长值').optional(),
});
export type ClientFilter = z.output<typeof clientFilter>;

export const clientListBody = listQuery.extend(clientFilter.shape);
export type ClientListBody = z.output<typeof clientListBody>;

export const clientRow = z.object({
  id: z.string(),
  kind: z.number().int(),
  kindText: z.string(),
  phone: z.string(),
  name: z.string(),
  nickname: z.string(),
  avatar: z.string(),
  sex: z.number().int(),
  sexText: z.string(),
  levelName: z.string(),
  /** At most CLIENT_ROW_TAGS names; tagCount says how many the customer holds. */
  tags: z.array(z.string()),
  tagCount: z.number().int(),
  source: z.number().int(),
  sourceText: z.string(),
  status: z.number().int(),
  audit: z.number().int(),
  auditText: z.string(),
  orderCount: z.number().int(),
  /** Yuan. */
  spend: z.number(),
  lastOrderTime: z.string(),
  /** Yuan. */
  balance: z.number(),
  points: z.number(),
  growth: z.number().int(),
  createTime: z.string(),
  memberTime: z.string(),
});
export type ClientRow = z.output<typeof clientRow>;
export const clientList = listOf(clientRow);

const option = z.object({ value: z.number().int(), label: z.string() });
const named = z.object({ id: z.string(), name: z.string() });
/** LookUserInFind: every filter's options in one answer. */
export const clientFindOptions = z.object({
  levels: z.array(named.extend({ needpay: z.number().int() })),
  tags: z.array(named.extend({ kind: z.number().int() })),
  groups: z.array(named),
  cards: z.array(named),
  sources: z.array(option),
  sexes: z.array(option),
  kinds: z.array(option),
  audits: z.array(option),
  statuses: z.array(option),
});

/** GetFindTotal: the exact count of the filtered set. */
export const clientCount = z.object({ count: z.number().int() });
/** GetFindTotalAdJust: the sums of the filtered set (yuan for money). */
export const clientSums = z.object({ count: z.number().int(), spend: z.number(), balance: z.number(), points: z.number() });

export const findUserBody = z.object({
  keyword: z.string({ error: '请输入手机号或姓名' }).trim().min(1, '请输入手机号或姓名').max(50, '关键字不能超过50个字'),
});
export const foundUser = z.object({
  id: z.string(),
  phone: z.string(),
  name: z.string(),
  nickname: z.string(),
  avatar: z.string(),
  levelName: z.string(),
});

const memberIds = z
  .array(uuid('客户'), { error: '请选择客户' })
  .min(1, '请选择客户')
  .max(CLIENT_BULK_MAX, `一次最多选择${CLIENT_BULK_MAX}个客户`);

export const addToGroupBody = z.object({ groupId: uuid('分组'), ids: memberIds });
export const tagMembersBody = z.object({
  tagIds: z.array(uuid('标签'), { error: '请选择标签' }).min(1, '请选择标签').max(CLIENT_TAGS_MAX, `一次最多选择${CLIENT_TAGS_MAX}个标签`),
  ids: memberIds,
});
/** How many rows a bulk write changed (links added or removed, members moved). */
export const bulkChanged = z.object({ changed: z.number().int() });

export const createVipBody = z.object({
  phone: phone('请输入手机号'),
  name: z.string().trim().max(20, '姓名不能超过20个字').optional().default(''),
  sex: z.number({ error: '性别不正确' }).int().min(0, '性别不正确').max(2, '性别不正确').optional().default(0),
  birthday: z
    .string()
    .regex(DAY_RE, '生日格式不正确')
    // Not after today is the server's check (today in its display zone).
    .refine((d) => !Number.isNaN(Date.parse(d)), { message: '生日格式不正确' })
    .optional(),
  remark: z.string().trim().max(200, '备注不能超过200个字').optional().default(''),
  tagIds: z.array(uuid('标签')).max(CLIENT_TAGS_MAX, `最多选择${CLIENT_TAGS_MAX}个标签`).optional().default([]),
});
export const createdVip = z.object({ id: z.string(), converted: z.boolean() });

export const auditUserBody = z.object({ ids: memberIds, pass: z.boolean({ error: '请选择通过或拒绝' }) });

/** ExportUsers: the list's filters (no paging). */
export const clientExportBody = clientFilter;
/** An export task: 0 running, 1 done (download), 2 failed. */
export const EXPORT_STATUS = { running: 0, done: 1, failed: 2 } as const;
/** Hub event (enterprise room) with an exportProgress while an export is built and when it ends. */
export const EXPORT_PROGRESS_EVENT = 'exportProgress';
export const exportTask = z.object({
  id: z.string(),
  kind: z.string(),
  status: z.number().int(),
  done: z.number().int(),
  total: z.number().int(),
  fileName: z.string(),
  error: z.string(),
  createTime: z.string(),
});
export type ExportTask = z.output<typeof exportTask>;
export const exportIdBody = z.object({ id: uuid('导出任务') });
