import { z } from 'zod';
import { yuanOut } from '../core/money';
import { memberRule } from './member-rule.schemas';

/** 会员概况 / 会员画像 (module members README "会员概况与画像"): figures over one renter's customers and members. */

const count = () => z.number().int();
const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;

/** The ranges the trend offers; any 1–366 days is accepted. */
export const PORTRAIT_TREND_DAYS = [7, 30, 90] as const;
export const PORTRAIT_TREND_MAX_DAYS = 366;

/** GetMebCount: new customers and members per day, over the last `days` days (today included) or a date range. */
export const mebCountBody = z
  .object({
    days: z
      .number({ error: '天数须为整数' })
      .int('天数须为整数')
      .min(1, '天数至少为1')
      .max(PORTRAIT_TREND_MAX_DAYS, `天数不能超过${PORTRAIT_TREND_MAX_DAYS}`)
      .optional(),
    startDate: z.string().regex(DAY_RE, '开始日期格式不正确').optional(),
    endDate: z.string().regex(DAY_RE, '结束日期格式不正确').optional(),
  })
  .refine((b) => !b.startDate === !b.endDate, { message: '请选择完整的日期范围' })
  .refine((b) => !b.startDate || !b.endDate || b.startDate <= b.endDate, { message: '开始日期不能晚于结束日期' });
export const mebCountDay = z.object({
  /** YYYY-MM-DD in the display zone. */
  day: z.string(),
  /** Customers first seen that day (members included: a member is a customer too). */
  customers: count(),
  /** Customers who became members (registered a phone) that day. */
  members: count(),
});
export const mebCountData = z.object({
  startDate: z.string(),
  endDate: z.string(),
  list: z.array(mebCountDay),
  customers: count(),
  members: count(),
});

/** GetSumCount: the headline figures of 会员概况. */
export const sumCountData = z.object({
  /** Every customer (members included). */
  customers: count(),
  members: count(),
  newCustomersToday: count(),
  newMembersToday: count(),
  newMembersYesterday: count(),
  newMembersMonth: count(),
  /** Members with at least one order. */
  buyers: count(),
  /** Total spend, stored balance (yuan) and points of all customers. */
  spend: yuanOut(),
  balance: yuanOut(),
  points: count(),
});

/** GetMebSurvey: the member structure (会员结构). */
export const mebSurveyData = z.object({
  /** Customers not (yet) members. */
  customers: count(),
  members: count(),
  /** Members with at least one order, and those without. */
  buyers: count(),
  nonBuyers: count(),
  /** Members with two orders or more. */
  repeatBuyers: count(),
  /** Members who bought within the last 30 days (today included). */
  active30: count(),
  /** Members holding a paid level now. */
  paidMembers: count(),
});

/** One slice of a distribution: key (a value, an id, or 'none' for not filled in), its name, how many. */
export const portraitSlice = z.object({ key: z.string(), name: z.string(), count: count() });
/** A distribution over members (kind 1): sex, birth year band, birth month, level, card, tag. */
export const portraitDistribution = z.object({ total: count(), list: z.array(portraitSlice) });

/** GetMarketCount: how many members each marketing channel or occasion reaches (营销触达). */
export const marketCountData = z.object({
  members: count(),
  /** Members with a phone who are not disabled: reachable by SMS. */
  smsReachable: count(),
  /** Members whose birthday falls in this month / next month (生日营销). */
  birthdayThisMonth: count(),
  birthdayNextMonth: count(),
  /** Members with stored balance / points left (储值、积分提醒). */
  withBalance: count(),
  withPoints: count(),
  /** Members holding a valid rights card. */
  cardHolders: count(),
});

/** GetSetMarket: the audience a member rule (精准营销 人群圈选) would reach. */
export const setMarketBody = z.object({ rule: memberRule });
export const setMarketData = z.object({ count: count(), smsReachable: count() });

/** GetRedMeb: 流失预警 over a window of N days. */
export const redMebBody = z.object({
  days: z.number({ error: '天数须为整数' }).int('天数须为整数').min(1, '天数至少为1').max(3650, '天数不能超过3650'),
});
export const redMebData = z.object({
  days: count(),
  members: count(),
  /** Bought within the last N days. */
  active: count(),
  /** Bought before, but not within the last N days (沉睡会员). */
  dormant: count(),
  /** Their total spend (yuan): what is at stake. */
  dormantSpend: yuanOut(),
  /** Members for more than N days who never bought (未转化). */
  neverBought: count(),
});
export const RED_MEB_DEFAULT_DAYS = 90;
export const RED_MEB_DAY_OPTIONS = [30, 60, 90, 180, 365] as const;
export const redMebDefaultData = z.object({ days: count(), options: z.array(count()) });
