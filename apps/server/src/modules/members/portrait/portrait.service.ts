import {
  fenToYuan,
  type mebCountBody,
  PORTRAIT_TREND_MAX_DAYS,
  RED_MEB_DAY_OPTIONS,
  RED_MEB_DEFAULT_DAYS,
  type redMebBody,
  SEX_TEXT,
  type setMarketBody,
} from '@shop/contract';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Ctx } from '@/core/context';
import { BizError, CODE } from '@/core/errors';
import { tenantOf } from '@/core/tenant';
import { fmtDay, parseTime } from '@/core/time';
import { members } from '@/modules/members/members.tables';
import { windowStart } from '@/modules/members/rules/rule.sql';
import { portraitRepo as repo } from './portrait.repository';

const DAY_MS = 86_400_000;
const TREND_DEFAULT_DAYS = 30;
const TOP_TAGS = 20;
const NONE = 'none';

/** Midnight of a YYYY-MM-DD day in the display zone. */
const dayStart = (day: string) => parseTime(`${day} 00:00:00`);
/** The day after (by the calendar, whatever the zone's offset). */
const nextDay = (day: string) => fmtDay(new Date(dayStart(day).getTime() + DAY_MS + 12 * 3_600_000));

export async function sumCount(ctx: Ctx) {
  const now = new Date();
  const todayDay = fmtDay(now);
  const today = dayStart(todayDay);
  const yesterday = windowStart(2, now);
  const month = dayStart(`${todayDay.slice(0, 8)}01`);
  const r = await repo.sums(tenantOf(ctx), { today, yesterday, month });
  return {
    customers: r.customers,
    members: r.members,
    newCustomersToday: r.newCustomersToday,
    newMembersToday: r.newMembersToday,
    newMembersYesterday: r.newMembersYesterday,
    newMembersMonth: r.newMembersMonth,
    buyers: r.buyers,
    spend: fenToYuan(r.spendFen),
    balance: fenToYuan(r.balanceFen),
    points: r.points,
  };
}

/** New customers and members per day, every day of the range listed (0 on a quiet day). */
export async function mebCount(ctx: Ctx, b: z.output<typeof mebCountBody>) {
  const now = new Date();
  let startDate: string;
  let endDate: string;
  if (b.startDate && b.endDate) {
    startDate = b.startDate;
    endDate = b.endDate;
    const span = Math.round((dayStart(endDate).getTime() - dayStart(startDate).getTime()) / DAY_MS) + 1;
    if (span > PORTRAIT_TREND_MAX_DAYS) throw new BizError(`日期范围不能超过${PORTRAIT_TREND_MAX_DAYS}天`, CODE.validation);
  } else {
    endDate = fmtDay(now);
    startDate = fmtDay(windowStart(b.days ?? TREND_DEFAULT_DAYS, now));
  }
  const since = dayStart(startDate);
  const until = dayStart(nextDay(endDate));
  const tz = ctx.services.config.timeZone;
  const tenant = tenantOf(ctx);
  const [customers, joined] = await Promise.all([
    repo.customersByDay(tenant, since, until, tz),
    repo.membersByDay(tenant, since, until, tz),
  ]);
  const list: { day: string; customers: number; members: number }[] = [];
  for (let day = startDate; day <= endDate; day = nextDay(day)) {
    list.push({ day, customers: customers.get(day) ?? 0, members: joined.get(day) ?? 0 });
  }
  return {
    startDate,
    endDate,
    list,
    customers: list.reduce((s, d) => s + d.customers, 0),
    members: list.reduce((s, d) => s + d.members, 0),
  };
}

export async function mebSurvey(ctx: Ctx) {
  const now = new Date();
  const r = await repo.survey(tenantOf(ctx), now, windowStart(30, now));
  return { ...r, nonBuyers: r.members - r.buyers };
}

export async function marketCount(ctx: Ctx) {
  const now = new Date();
  const month = Number(fmtDay(now).slice(5, 7));
  const tenant = tenantOf(ctx);
  const [r, cardHolders] = await Promise.all([repo.market(tenant, month, (month % 12) + 1), repo.cardHolders(tenant, now)]);
  return { ...r, cardHolders };
}

export async function setMarket(ctx: Ctx, b: z.output<typeof setMarketBody>) {
  return repo.audience(tenantOf(ctx), b.rule, new Date());
}

export async function redMeb(ctx: Ctx, b: z.output<typeof redMebBody>) {
  const r = await repo.churn(tenantOf(ctx), windowStart(b.days, new Date()));
  return {
    days: b.days,
    members: r.members,
    active: r.active,
    dormant: r.dormant,
    dormantSpend: fenToYuan(r.dormantSpendFen),
    neverBought: r.neverBought,
  };
}

export function redMebDefault() {
  return { days: RED_MEB_DEFAULT_DAYS, options: [...RED_MEB_DAY_OPTIONS] };
}

const total = (list: { count: number }[]) => list.reduce((s, x) => s + x.count, 0);

export async function mebSex(ctx: Ctx) {
  const rows = await repo.membersBy(tenantOf(ctx), sql`${members.sex}`);
  const by = new Map(rows.map((r) => [r.key, r.count]));
  const list = [1, 2, 0].map((k) => ({ key: String(k), name: SEX_TEXT[k], count: by.get(String(k)) ?? 0 }));
  return { total: total(list), list };
}

/** Birth decades shown, newest first; earlier ones join 60前. */
const DECADES = [2010, 2000, 1990, 1980, 1970, 1960];
const decadeName = (d: number) => `${String(d % 100).padStart(2, '0')}后`;

export async function mebBirYear(ctx: Ctx) {
  const rows = await repo.membersBy(tenantOf(ctx), sql`(extract(year from ${members.birthday})::int / 10) * 10`);
  const by = new Map<string, number>();
  for (const r of rows) {
    const key = r.key === null ? NONE : Number(r.key) >= 2010 ? '2010' : Number(r.key) < 1960 ? 'before1960' : r.key;
    by.set(key, (by.get(key) ?? 0) + r.count);
  }
  const list = [
    ...DECADES.map((d) => ({ key: String(d), name: decadeName(d), count: by.get(String(d)) ?? 0 })),
    { key: 'before1960', name: '60前', count: by.get('before1960') ?? 0 },
    { key: NONE, name: '未填写', count: by.get(NONE) ?? 0 },
  ];
  return { total: total(list), list };
}

export async function mebBirMonth(ctx: Ctx) {
  const rows = await repo.membersBy(tenantOf(ctx), sql`extract(month from ${members.birthday})::int`);
  const by = new Map(rows.map((r) => [r.key ?? NONE, r.count]));
  const list = [
    ...Array.from({ length: 12 }, (_, i) => ({ key: String(i + 1), name: `${i + 1}月`, count: by.get(String(i + 1)) ?? 0 })),
    { key: NONE, name: '未填写', count: by.get(NONE) ?? 0 },
  ];
  return { total: total(list), list };
}

/** Free levels by members' level (无等级 for none), then paid levels held now (a member may be in both). */
export async function mebLv(ctx: Ctx) {
  const tenant = tenantOf(ctx);
  const now = new Date();
  const [levels, free, paid] = await Promise.all([
    repo.levels(tenant),
    repo.membersBy(tenant, sql`${members.levelId}`),
    repo.membersBy(
      tenant,
      sql`${members.paidLevelId}`,
      sql`${members.paidLevelId} is not null and (${members.paidLevelExpiresAt} is null or ${members.paidLevelExpiresAt} > ${now})`,
    ),
  ]);
  const freeBy = new Map(free.map((r) => [r.key ?? NONE, r.count]));
  const paidBy = new Map(paid.map((r) => [r.key ?? NONE, r.count]));
  const freeLevels = levels.filter((l) => l.needpay === 0);
  const known = new Set(freeLevels.map((l) => l.id));
  // A member whose level row is gone counts as 无等级 (levels are removed only when empty; stay honest anyway).
  const orphan = free.filter((r) => r.key !== null && !known.has(r.key)).reduce((s, r) => s + r.count, 0);
  const list = [
    ...freeLevels.map((l) => ({ key: l.id, name: l.name, count: freeBy.get(l.id) ?? 0 })),
    { key: NONE, name: '无等级', count: (freeBy.get(NONE) ?? 0) + orphan },
    ...levels.filter((l) => l.needpay === 1).map((l) => ({ key: l.id, name: `${l.name}（付费）`, count: paidBy.get(l.id) ?? 0 })),
  ];
  return { total: total(free), list };
}

export async function mebCard(ctx: Ctx) {
  const tenant = tenantOf(ctx);
  const [list, members] = await Promise.all([repo.cardCounts(tenant, new Date()), repo.memberCount(tenant)]);
  return { total: members, list };
}

export async function mebTag(ctx: Ctx) {
  const tenant = tenantOf(ctx);
  const [list, members] = await Promise.all([repo.topTags(tenant, TOP_TAGS), repo.memberCount(tenant)]);
  return { total: members, list };
}
