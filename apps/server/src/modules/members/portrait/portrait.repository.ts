import type { MemberRule } from '@shop/contract';
import { and, asc, desc, eq, gte, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Tenant } from '@/core/tenant';
import { levelList } from '@/modules/members/levels/level-lookup';
import { memberCards, members, memberTags, vipCards } from '@/modules/members/members.tables';
import { ruleWhere } from '@/modules/members/rules/rule.sql';

/**
 * The figures of 会员概况 and 会员画像 (module README "会员概况与画像"). Each is one statement over one renter's rows,
 * renter first: a count with filters (one pass over the renter's members), a GROUP BY, or a range of the
 * (renter_id, created_at) / (renter_id, member_at) indexes. Nothing is loaded row by row.
 */

const n = (v: unknown) => Number(v ?? 0);
const cnt = (cond: SQL) => sql<string>`count(*) filter (where ${cond})`;
const of = (renterId: string) => eq(members.renterId, renterId);
const isMember = sql`${members.kind} = 1`;
/** A paid level held now. */
const paidNow = (now: Date) =>
  sql`${members.paidLevelId} is not null and (${members.paidLevelExpiresAt} is null or ${members.paidLevelExpiresAt} > ${now})`;
/** A card held now. */
const cardNow = (now: Date) =>
  and(eq(memberCards.status, 1), or(sql`${memberCards.expiresAt} is null`, sql`${memberCards.expiresAt} > ${now}`)) as SQL;
const reachable = sql`${members.phone} is not null and ${members.status} = 1`;

/** The renter's customers per display-zone day of a time column, from `since` to before `until`. */
async function countByDay(
  tenant: Tenant,
  at: typeof members.createdAt | typeof members.memberAt,
  since: Date,
  until: Date,
  timeZone: string,
) {
  const { db, renterId } = tenant;
  const day = sql<string>`to_char(${at} at time zone ${timeZone}, 'YYYY-MM-DD')`;
  const rows = await db
    .select({ day, n: sql<string>`count(*)` })
    .from(members)
    .where(and(of(renterId), gte(at, since), lt(at, until)))
    .groupBy(sql`1`);
  return new Map(rows.map((r) => [r.day, n(r.n)]));
}

export const portraitRepo = {
  async sums(tenant: Tenant, t: { today: Date; yesterday: Date; month: Date }) {
    const { db, renterId } = tenant;
    const [r] = await db
      .select({
        customers: sql<string>`count(*)`,
        members: cnt(isMember),
        newCustomersToday: cnt(sql`${members.createdAt} >= ${t.today}`),
        newMembersToday: cnt(sql`${members.memberAt} >= ${t.today}`),
        newMembersYesterday: cnt(sql`${members.memberAt} >= ${t.yesterday} and ${members.memberAt} < ${t.today}`),
        newMembersMonth: cnt(sql`${members.memberAt} >= ${t.month}`),
        buyers: cnt(sql`${isMember} and ${members.orderCount} > 0`),
        spendFen: sql<string>`coalesce(sum(${members.spendFen}), 0)`,
        balanceFen: sql<string>`coalesce(sum(${members.balanceFen}), 0)`,
        points: sql<string>`coalesce(sum(${members.points}), 0)`,
      })
      .from(members)
      .where(of(renterId));
    return Object.fromEntries(Object.entries(r).map(([k, v]) => [k, n(v)])) as Record<keyof typeof r, number>;
  },

  /** Customers first seen per day from `since` to before `until` ((renter_id, created_at) index). */
  customersByDay: (tenant: Tenant, since: Date, until: Date, timeZone: string) =>
    countByDay(tenant, members.createdAt, since, until, timeZone),

  /** Customers who became members per day ((renter_id, member_at) index). */
  membersByDay: (tenant: Tenant, since: Date, until: Date, timeZone: string) =>
    countByDay(tenant, members.memberAt, since, until, timeZone),

  async survey(tenant: Tenant, now: Date, activeSince: Date) {
    const { db, renterId } = tenant;
    const [r] = await db
      .select({
        customers: cnt(sql`${members.kind} = 0`),
        members: cnt(isMember),
        buyers: cnt(sql`${isMember} and ${members.orderCount} > 0`),
        repeatBuyers: cnt(sql`${isMember} and ${members.orderCount} >= 2`),
        active30: cnt(sql`${isMember} and ${members.lastOrderAt} >= ${activeSince}`),
        paidMembers: cnt(sql`${isMember} and ${paidNow(now)}`),
      })
      .from(members)
      .where(of(renterId));
    return {
      customers: n(r.customers),
      members: n(r.members),
      buyers: n(r.buyers),
      repeatBuyers: n(r.repeatBuyers),
      active30: n(r.active30),
      paidMembers: n(r.paidMembers),
    };
  },

  async market(tenant: Tenant, month: number, nextMonth: number) {
    const { db, renterId } = tenant;
    const bmonth = sql`extract(month from ${members.birthday})::int`;
    const [r] = await db
      .select({
        members: sql<string>`count(*)`,
        smsReachable: cnt(reachable),
        birthdayThisMonth: cnt(sql`${bmonth} = ${month}`),
        birthdayNextMonth: cnt(sql`${bmonth} = ${nextMonth}`),
        withBalance: cnt(sql`${members.balanceFen} > 0`),
        withPoints: cnt(sql`${members.points} > 0`),
      })
      .from(members)
      .where(and(of(renterId), isMember));
    return {
      members: n(r.members),
      smsReachable: n(r.smsReachable),
      birthdayThisMonth: n(r.birthdayThisMonth),
      birthdayNextMonth: n(r.birthdayNextMonth),
      withBalance: n(r.withBalance),
      withPoints: n(r.withPoints),
    };
  },

  /** Members holding at least one valid card (member_cards (renter_id, member_id) index). */
  async cardHolders(tenant: Tenant, now: Date) {
    const { db, renterId } = tenant;
    const [r] = await db
      .select({ n: sql<string>`count(distinct ${memberCards.memberId})` })
      .from(memberCards)
      .where(and(eq(memberCards.renterId, renterId), cardNow(now)));
    return n(r.n);
  },

  async audience(tenant: Tenant, rule: MemberRule, now: Date) {
    const { db, renterId } = tenant;
    const [r] = await db
      .select({ count: sql<string>`count(*)`, smsReachable: cnt(reachable) })
      .from(members)
      .where(and(of(renterId), ruleWhere(rule, now)));
    return { count: n(r.count), smsReachable: n(r.smsReachable) };
  },

  async churn(tenant: Tenant, since: Date) {
    const { db, renterId } = tenant;
    const dormant = sql`${members.orderCount} > 0 and (${members.lastOrderAt} is null or ${members.lastOrderAt} < ${since})`;
    const [r] = await db
      .select({
        members: sql<string>`count(*)`,
        active: cnt(sql`${members.lastOrderAt} >= ${since}`),
        dormant: cnt(dormant),
        dormantSpendFen: sql<string>`coalesce(sum(${members.spendFen}) filter (where ${dormant}), 0)`,
        neverBought: cnt(sql`${members.orderCount} = 0 and ${members.memberAt} < ${since}`),
      })
      .from(members)
      .where(and(of(renterId), isMember));
    return {
      members: n(r.members),
      active: n(r.active),
      dormant: n(r.dormant),
      dormantSpendFen: n(r.dormantSpendFen),
      neverBought: n(r.neverBought),
    };
  },

  /** Members per value of one expression (sex, birth decade, birth month, level), nulls as null. */
  async membersBy(tenant: Tenant, expr: SQL, extra?: SQL) {
    const { db, renterId } = tenant;
    const rows = await db
      .select({ key: sql<string | number | null>`${expr}`, n: sql<string>`count(*)` })
      .from(members)
      .where(and(of(renterId), isMember, extra))
      .groupBy(sql`1`);
    return rows.map((r) => ({ key: r.key === null ? null : String(r.key), count: n(r.n) }));
  },

  async memberCount(tenant: Tenant) {
    const { db, renterId } = tenant;
    const [r] = await db
      .select({ n: sql<string>`count(*)` })
      .from(members)
      .where(and(of(renterId), isMember));
    return n(r.n);
  },

  levels: (tenant: Tenant) => levelList(tenant),

  /** Valid holders per card, every card listed (member_cards (renter_id, card_id, member_id) index). */
  async cardCounts(tenant: Tenant, now: Date) {
    const { db, renterId } = tenant;
    const held = db
      .select({ cardId: memberCards.cardId, n: sql<string>`count(*)`.as('n') })
      .from(memberCards)
      .where(and(eq(memberCards.renterId, renterId), cardNow(now)))
      .groupBy(memberCards.cardId)
      .as('held');
    const rows = await db
      .select({ id: vipCards.id, name: vipCards.name, n: held.n })
      .from(vipCards)
      .leftJoin(held, eq(held.cardId, vipCards.id))
      .where(eq(vipCards.renterId, renterId))
      .orderBy(asc(vipCards.createdAt));
    return rows.map((r) => ({ key: r.id, name: r.name, count: n(r.n) }));
  },

  /** The tags with the most members (their kept member_count). */
  async topTags(tenant: Tenant, limit: number) {
    const { db, renterId } = tenant;
    const rows = await db
      .select({ id: memberTags.id, name: memberTags.name, n: memberTags.memberCount })
      .from(memberTags)
      .where(eq(memberTags.renterId, renterId))
      .orderBy(desc(memberTags.memberCount), asc(memberTags.name))
      .limit(limit);
    return rows.map((r) => ({ key: r.id, name: r.name, count: r.n }));
  },
};
