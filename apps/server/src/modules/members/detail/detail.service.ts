import { fenToYuan, MEMBER_AUDIT_TEXT, MEMBER_KIND_TEXT, MEMBER_SOURCE_TEXT, MEMBER_STATUS_TEXT, SEX_TEXT, scaleFen } from '@shop/contract';
import type { Ctx } from '@/core/context';
import { type Tenant, tenantOf } from '@/core/tenant';
import { fmtTime, parseTime } from '@/core/time';
import { operatorNames } from '@/modules/members/operators';
import { foundMember, type MemberRow } from '@/modules/members/members.repository';
import { enabledPaidLevels, levelsByIds, nextFreeLevel } from '@/modules/members/levels/level-lookup';
import { detailRepo } from './detail.repository';

const GRANT_SOURCE_TEXT: Record<number, string> = { 1: '购买', 2: '商家设置' };

/** The free level after the member's and the growth still needed for it (null at the top or without levels). */
async function nextOf(tenant: Tenant, growth: number) {
  const n = await nextFreeLevel(tenant, growth);
  return n ? { id: n.id, name: n.name, growth: n.growth, need: n.growth - growth } : null;
}

const paidValid = (m: MemberRow, now: Date) => !!m.paidLevelId && (!m.paidLevelExpiresAt || m.paidLevelExpiresAt > now);

const figuresOf = (m: MemberRow) => ({
  orderCount: m.orderCount,
  spend: fenToYuan(m.spendFen),
  lastOrderTime: fmtTime(m.lastOrderAt),
});

/** GetUserDetail: profile, running figures, level and growth, tags, groups, rights cards of one member. */
export async function userDetail(ctx: Ctx, id: string) {
  const tenant = tenantOf(ctx);
  const m = await foundMember(tenant, id);
  const now = new Date();
  const [levels, next, tags, groups, cards] = await Promise.all([
    levelsByIds(tenant, [m.levelId, m.paidLevelId]),
    nextOf(tenant, m.growth),
    detailRepo.tags(tenant, m.id),
    detailRepo.groups(tenant, m.id, now),
    detailRepo.cards(tenant, m.id),
  ]);
  return {
    id: m.id,
    phone: m.phone ?? '',
    name: m.name,
    nickname: m.nickname,
    avatar: m.avatar,
    sex: m.sex,
    sexText: SEX_TEXT[m.sex] ?? '',
    birthday: m.birthday ?? '',
    source: m.source,
    sourceText: MEMBER_SOURCE_TEXT[m.source] ?? '',
    kind: m.kind,
    kindText: MEMBER_KIND_TEXT[m.kind] ?? '',
    status: m.status,
    statusText: MEMBER_STATUS_TEXT[m.status] ?? '',
    audit: m.audit,
    auditText: MEMBER_AUDIT_TEXT[m.audit] ?? '',
    remark: m.remark,
    createTime: fmtTime(m.createdAt),
    memberTime: fmtTime(m.memberAt),
    lastLoginTime: fmtTime(m.lastLoginAt),
    ...figuresOf(m),
    balance: fenToYuan(m.balanceFen),
    points: m.points,
    growth: m.growth,
    levelId: m.levelId ?? '',
    levelName: (m.levelId && levels.get(m.levelId)?.name) || '',
    paidLevelId: paidValid(m, now) ? (m.paidLevelId ?? '') : '',
    paidLevelName: paidValid(m, now) ? (m.paidLevelId && levels.get(m.paidLevelId)?.name) || '' : '',
    paidLevelExpire: paidValid(m, now) ? fmtTime(m.paidLevelExpiresAt) : '',
    nextLevel: next,
    tags,
    groups,
    cards: cards.map((c) => {
      const valid = c.status === 1 && (!c.expiresAt || c.expiresAt > now);
      return {
        id: c.id,
        cardId: c.cardId,
        name: c.name,
        cardNo: c.cardNo,
        startTime: fmtTime(c.startsAt),
        expireTime: fmtTime(c.expiresAt),
        valid,
        stateText: c.status !== 1 ? '已撤回' : valid ? '有效' : '已过期',
      };
    }),
  };
}

/** GetUserVip: free level and the next, the paid level and its expiry, the paid levels granted. */
export async function userVip(ctx: Ctx, id: string) {
  const tenant = tenantOf(ctx);
  const m = await foundMember(tenant, id);
  const now = new Date();
  const [levels, next, grants, paidLevels] = await Promise.all([
    levelsByIds(tenant, [m.levelId, m.paidLevelId]),
    nextOf(tenant, m.growth),
    detailRepo.grants(tenant, m.id),
    enabledPaidLevels(tenant),
  ]);
  return {
    growth: m.growth,
    levelId: m.levelId ?? '',
    levelName: (m.levelId && levels.get(m.levelId)?.name) || '',
    nextLevel: next,
    paidLevelId: m.paidLevelId ?? '',
    paidLevelName: (m.paidLevelId && levels.get(m.paidLevelId)?.name) || '',
    paidLevelExpire: fmtTime(m.paidLevelExpiresAt),
    paidLevelValid: paidValid(m, now),
    grants: grants.map((g) => ({
      id: g.id,
      levelId: g.levelId,
      levelName: g.levelName,
      source: g.source,
      sourceText: GRANT_SOURCE_TEXT[g.source] ?? '',
      amount: fenToYuan(g.amountFen),
      startTime: fmtTime(g.startsAt),
      expireTime: fmtTime(g.expiresAt),
      createTime: fmtTime(g.createdAt),
    })),
    paidLevels,
  };
}

/** The first day of the month 11 months before this one, in the display zone: "the last 12 months" counts this one. */
function twelveMonthsAgo(now: Date, timeZone: string): Date {
  const [y, mo] = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit' }).format(now).split('-').map(Number);
  const n = y * 12 + (mo - 1) - 11;
  return parseTime(`${Math.floor(n / 12)}-${String((n % 12) + 1).padStart(2, '0')}-01 00:00:00`);
}

/** Whose orders a member's are: the member, the visitor id they ordered with and their phone (either may be missing). */
export interface MemberAsBuyer {
  memberId: string;
  visitorId: string | null;
  phone: string | null;
}

/** The buyer's paid orders by month ('YYYY-MM' in the zone) since a day: answered by the orders module. */
export type OrderMonthsOf = (
  tenant: Tenant,
  who: MemberAsBuyer,
  since: Date,
  timeZone: string,
) => Promise<{ month: string; count: number; spendFen: number }[]>;

/**
 * GetUserOrderStic: the member's kept figures (order count, spend, last purchase), the average spend, and the paid
 * orders by month of the last 12 months, which the orders module reads (`monthsOf`: orders imports members, so the
 * call is answered from there).
 */
export async function userOrderStats(ctx: Ctx, id: string, monthsOf: OrderMonthsOf) {
  const tenant = tenantOf(ctx);
  const m = await foundMember(tenant, id);
  const tz = ctx.services.config.timeZone;
  const months = await monthsOf(tenant, { memberId: m.id, visitorId: m.visitorId, phone: m.phone }, twelveMonthsAgo(new Date(), tz), tz);
  return {
    ...figuresOf(m),
    average: m.orderCount > 0 ? fenToYuan(scaleFen(m.spendFen, 1, m.orderCount)) : 0,
    months: months.map((x) => ({ month: x.month, count: x.count, spend: fenToYuan(x.spendFen) })),
  };
}

/** GetMebGropName: the names of the groups the member is in. */
export async function groupNames(ctx: Ctx, id: string): Promise<string[]> {
  const tenant = tenantOf(ctx);
  const m = await foundMember(tenant, id);
  return (await detailRepo.groups(tenant, m.id, new Date())).map((g) => g.name);
}

/** GetInterEvent: a page of the member's history, newest first, with the staff member's name who did it. */
export async function events(ctx: Ctx, q: { id: string; page_index: number; page_size: number }) {
  const tenant = tenantOf(ctx);
  const m = await foundMember(tenant, q.id);
  const { rows, total } = await detailRepo.events(tenant, m.id, q.page_size, (q.page_index - 1) * q.page_size);
  const ops = await operatorNames(
    tenant,
    rows.map((r) => r.operatorId),
  );
  return {
    rows: rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      title: r.title,
      detail: r.detail,
      operatorName: (r.operatorId && ops.get(r.operatorId)) || r.operatorName,
      createTime: fmtTime(r.createdAt),
    })),
    total_count: total,
  };
}

/** GetUserInfo: the short card of a member. */
export async function userCard(ctx: Ctx, id: string) {
  const tenant = tenantOf(ctx);
  const m = await foundMember(tenant, id);
  const levels = await levelsByIds(tenant, [m.paidLevelId, m.levelId]);
  const paid = paidValid(m, new Date()) && m.paidLevelId ? levels.get(m.paidLevelId)?.name : undefined;
  return {
    id: m.id,
    phone: m.phone ?? '',
    name: m.name,
    nickname: m.nickname,
    avatar: m.avatar,
    levelName: paid || (m.levelId && levels.get(m.levelId)?.name) || '',
  };
}
