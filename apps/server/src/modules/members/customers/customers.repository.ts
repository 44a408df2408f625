import type { ClientFilter, MemberRule, MemberRuleCond } from '@shop/contract';
import { and, asc, desc, eq, gt, inArray, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { sumFen } from '@/core/money';
import { boundedCount, boundedCountSql, COUNT_BOUND, noRow, recentEstimate, totalOf } from '@/core/paging';
import type { Tenant } from '@/core/tenant';
import { memberGroupLinks, memberGroups, memberLevels, members, memberTagLinks, memberTags } from '@/modules/members/members.tables';
import { memberTextContains } from '@/modules/members/members.repository';
import { groupWhere, ruleWhere } from '@/modules/members/rules/rule.sql';
import { exportTasks } from './export.tables';

/**
 * The list's filters as one member rule (all joined by 且): the same compiler as groups and automatic tags. The keyword
 * and the group are added beside it by `filterWhere`.
 */
export function filterRule(f: ClientFilter): MemberRule {
  const items: MemberRuleCond[] = [];
  if (f.kind !== undefined) items.push({ field: 'kind', in: [f.kind] });
  if (f.levelIds.length) items.push({ field: 'level', in: f.levelIds });
  if (f.tagIds.length) items.push({ field: 'tags', match: 'any', ids: f.tagIds });
  if (f.cardIds.length) items.push({ field: 'cards', match: 'any', ids: f.cardIds });
  if (f.source !== undefined) items.push({ field: 'source', in: [f.source] });
  if (f.sex !== undefined) items.push({ field: 'sex', in: [f.sex] });
  if (f.status !== undefined) items.push({ field: 'status', in: [f.status] });
  if (f.audit !== undefined) items.push({ field: 'audit', in: [f.audit] });
  for (const field of ['createTime', 'memberTime', 'lastOrderTime'] as const) {
    const r = f[field];
    if (r && (r.from || r.to)) items.push({ field, ...(r.from ? { from: r.from } : {}), ...(r.to ? { to: r.to } : {}) });
  }
  for (const field of ['orderCount', 'spend', 'balance', 'points', 'growth'] as const) {
    const r = f[field];
    if (r && (r.min !== undefined || r.max !== undefined)) items.push({ field, min: r.min, max: r.max });
  }
  return { op: 'and', items };
}

const levels = alias(memberLevels, 'lv');
const paidLevels = alias(memberLevels, 'plv');

const SORTS = {
  createTime: members.createdAt,
  memberTime: members.memberAt,
  spend: members.spendFen,
  orderCount: members.orderCount,
  lastOrderTime: members.lastOrderAt,
  balance: members.balanceFen,
  points: members.points,
  growth: members.growth,
};
type SortField = keyof typeof SORTS;
/** Times that may be unset: never bought, not a member. */
const NULLABLE = new Set<SortField>(['memberTime', 'lastOrderTime']);

/**
 * ORDER BY of a page: the first sorter the list knows (else the newest first), then the creation time and the id in
 * the same direction, so one index (renter_id, field, created_at, id; members.tables.ts) reads a page in order either
 * way, however many customers share a value (most share 0 orders, or no purchase time: sorting such a tie group took
 * 3 s at 1,000,000 members). An unset time sorts as the earliest: last going down, first going up.
 *
 * `unindexed` writes the same order so that no index matches it (`+ 0`, `+ interval '0'`): a filter known to match at
 * most COUNT_BOUND rows is read through its own index and those rows sorted, never walked down the sort's index hoping
 * to meet matches soon (with a rare keyword that walk read every member: 2 s).
 */
function pageOrder(sorter: { field: string; order: string }[], unindexed: boolean): SQL[] {
  const chosen = sorter.find((x) => Object.hasOwn(SORTS, x.field));
  const field = (chosen?.field ?? 'createTime') as SortField;
  const down = chosen ? !chosen.order.startsWith('asc') : true;
  const dir = sql.raw(down ? 'desc' : 'asc');
  const plain = (f: SortField) =>
    unindexed ? (f === 'createTime' || NULLABLE.has(f) ? sql`(${SORTS[f]} + interval '0')` : sql`(${SORTS[f]} + 0)`) : sql`${SORTS[f]}`;
  const nulls = sql.raw(NULLABLE.has(field) ? (down ? ' nulls last' : ' nulls first') : '');
  return [
    ...(field === 'createTime' ? [] : [sql`${plain(field)} ${dir}${nulls}`]),
    sql`${plain('createTime')} ${dir}`,
    sql`${members.id} ${dir}`,
  ];
}

const rowColumns = (now: Date) => ({
  id: members.id,
  kind: members.kind,
  phone: members.phone,
  name: members.name,
  nickname: members.nickname,
  avatar: members.avatar,
  sex: members.sex,
  source: members.source,
  status: members.status,
  audit: members.audit,
  orderCount: members.orderCount,
  spendFen: members.spendFen,
  lastOrderAt: members.lastOrderAt,
  balanceFen: members.balanceFen,
  points: members.points,
  growth: members.growth,
  createdAt: members.createdAt,
  memberAt: members.memberAt,
  // A paid level held and not expired shows before the free level the growth gives.
  levelName: sql<string>`coalesce(case when ${paidLevels.id} is not null and (${members.paidLevelExpiresAt} is null or ${members.paidLevelExpiresAt} > ${now}) then ${paidLevels.name} end, ${levels.name}, '')`,
});
export type ClientDbRow = Awaited<ReturnType<typeof customersRepo.batchAfter>>[number];

export const customersRepo = {
  /** The renter's customers matching the filter (the group's members when one is named; a missing group matches none). */
  async filterWhere(tenant: Tenant, f: ClientFilter, now: Date): Promise<SQL> {
    const parts: SQL[] = [eq(members.renterId, tenant.renterId), ruleWhere(filterRule(f), now)];
    if (f.keyword) parts.push(memberTextContains(f.keyword));
    if (f.groupId) {
      const [g] = await tenant.db
        .select({ id: memberGroups.id, rule: memberGroups.rule })
        .from(memberGroups)
        .where(and(eq(memberGroups.renterId, tenant.renterId), eq(memberGroups.id, f.groupId)));
      parts.push(g ? groupWhere(g, now) : noRow(members.id));
    }
    return and(...parts) as SQL;
  },

  /**
   * One page (rows and a bounded count in one round trip, as the goods list). With a keyword the count comes first:
   * the planner's guess of a keyword's matches can be far off (a character nobody has looked like 1,660 members), and
   * a page of a filter matching at most COUNT_BOUND rows is then sorted from those rows (pageOrder).
   */
  async page(
    tenant: Tenant,
    where: SQL,
    sorter: { field: string; order: string }[],
    offset: number,
    limit: number,
    now: Date,
    opts: { keyword?: boolean } = {},
  ) {
    const { db } = tenant;
    let known = recentEstimate(db, members, where);
    if (!known && opts.keyword) known = await boundedCount(db, members, where);
    const few = known !== undefined && !known.estimated;
    const order = pageOrder(sorter, few);
    // The page's ids first, then their rows (as the goods list): skipping `offset` rows then reads index entries only
    // (an index-only scan of the sort's index when no filter needs the row), not whole member rows.
    const pageIds = db
      .select({ id: members.id })
      .from(members)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset);
    const rows = await db
      .select({ ...rowColumns(now), counted: known ? sql<number>`0` : boundedCountSql(db, members, where) })
      .from(members)
      .leftJoin(levels, and(eq(levels.renterId, members.renterId), eq(levels.id, members.levelId)))
      .leftJoin(paidLevels, and(eq(paidLevels.renterId, members.renterId), eq(paidLevels.id, members.paidLevelId)))
      .where(and(eq(members.renterId, tenant.renterId), inArray(members.id, pageIds)))
      .orderBy(...order);
    const counted =
      known ?? (rows.length ? await totalOf(db, members, where, Number(rows[0].counted)) : await boundedCount(db, members, where));
    // An estimate is never below what this page shows.
    return { rows, ...counted, total: counted.estimated ? Math.max(counted.total, offset + rows.length) : counted.total };
  },

  /** Rows in creation order after a (createdAt, id) cursor: the export's pages (keyset, never a deep OFFSET). */
  async batchAfter(tenant: Tenant, where: SQL, after: { at: Date; id: string } | null, limit: number, now: Date) {
    const cursor = after
      ? (or(gt(members.createdAt, after.at), and(eq(members.createdAt, after.at), gt(members.id, after.id))) as SQL)
      : undefined;
    return tenant.db
      .select(rowColumns(now))
      .from(members)
      .leftJoin(levels, and(eq(levels.renterId, members.renterId), eq(levels.id, members.levelId)))
      .leftJoin(paidLevels, and(eq(paidLevels.renterId, members.renterId), eq(paidLevels.id, members.paidLevelId)))
      .where(and(where, cursor))
      .orderBy(asc(members.createdAt), asc(members.id))
      .limit(limit);
  },

  /** The tag names of these customers (at most `max` each, by name) and how many they hold: one query for a page. */
  async tagsOf(tenant: Tenant, memberIds: string[], max: number): Promise<Map<string, { names: string[]; count: number }>> {
    const out = new Map<string, { names: string[]; count: number }>();
    if (!memberIds.length) return out;
    const rows = await tenant.db
      .select({ memberId: memberTagLinks.memberId, name: memberTags.name })
      .from(memberTagLinks)
      .innerJoin(memberTags, and(eq(memberTags.renterId, memberTagLinks.renterId), eq(memberTags.id, memberTagLinks.tagId)))
      .where(and(eq(memberTagLinks.renterId, tenant.renterId), inArray(memberTagLinks.memberId, memberIds)))
      .orderBy(asc(memberTags.name));
    for (const r of rows) {
      const e = out.get(r.memberId) ?? { names: [], count: 0 };
      if (e.names.length < max) e.names.push(r.name);
      e.count += 1;
      out.set(r.memberId, e);
    }
    return out;
  },

  /** More than COUNT_BOUND customers match (stops counting there). */
  async isLarge(tenant: Tenant, where: SQL): Promise<boolean> {
    const [r] = await tenant.db.select({ n: boundedCountSql(tenant.db, members, where) }).from(sql`(select 1) as one`);
    return Number(r?.n ?? 0) > COUNT_BOUND;
  },

  async count(tenant: Tenant, where: SQL): Promise<number> {
    const [r] = await tenant.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(members)
      .where(where);
    return r?.n ?? 0;
  },

  async sums(tenant: Tenant, where: SQL) {
    const [r] = await tenant.db
      .select({
        n: sql<number>`count(*)`.mapWith(Number),
        spendFen: sumFen(members.spendFen),
        balanceFen: sumFen(members.balanceFen),
        points: sumFen(members.points),
      })
      .from(members)
      .where(where);
    return r;
  },

  async groupExists(tenant: Tenant, id: string): Promise<boolean> {
    const [g] = await tenant.db
      .select({ id: memberGroups.id })
      .from(memberGroups)
      .where(and(eq(memberGroups.renterId, tenant.renterId), eq(memberGroups.id, id)));
    return !!g;
  },

  /** Members (kind 1) whose phone, name or nickname contains the keyword, at most `limit`. */
  async findMembers(tenant: Tenant, keyword: string, limit: number, now: Date) {
    return tenant.db
      .select(rowColumns(now))
      .from(members)
      .leftJoin(levels, and(eq(levels.renterId, members.renterId), eq(levels.id, members.levelId)))
      .leftJoin(paidLevels, and(eq(paidLevels.renterId, members.renterId), eq(paidLevels.id, members.paidLevelId)))
      .where(and(eq(members.renterId, tenant.renterId), eq(members.kind, 1), memberTextContains(keyword)))
      .orderBy(desc(members.createdAt))
      .limit(limit);
  },

  /** Which of these ids are the renter's customers. */
  async existingIds(tenant: Tenant, ids: string[]): Promise<string[]> {
    const rows = await tenant.db
      .select({ id: members.id })
      .from(members)
      .where(and(eq(members.renterId, tenant.renterId), inArray(members.id, ids)));
    return rows.map((r) => r.id);
  },

  async tagsByIds(tenant: Tenant, ids: string[]) {
    return tenant.db
      .select({ id: memberTags.id, name: memberTags.name, kind: memberTags.kind })
      .from(memberTags)
      .where(and(eq(memberTags.renterId, tenant.renterId), inArray(memberTags.id, ids)));
  },

  /** Links each member to each tag (existing links stay); answers how many links were added. */
  async linkTags(tenant: Tenant, tagIds: string[], memberIds: string[]): Promise<number> {
    const values = tagIds.flatMap((tagId) => memberIds.map((memberId) => ({ renterId: tenant.renterId, tagId, memberId })));
    let added = 0;
    for (let i = 0; i < values.length; i += 2000) {
      const r = await tenant.db
        .insert(memberTagLinks)
        .values(values.slice(i, i + 2000))
        .onConflictDoNothing()
        .returning({ t: memberTagLinks.tagId });
      added += r.length;
    }
    return added;
  },

  async unlinkTags(tenant: Tenant, tagIds: string[], memberIds: string[]): Promise<number> {
    const r = await tenant.db
      .delete(memberTagLinks)
      .where(
        and(
          eq(memberTagLinks.renterId, tenant.renterId),
          inArray(memberTagLinks.tagId, tagIds),
          inArray(memberTagLinks.memberId, memberIds),
        ),
      )
      .returning({ t: memberTagLinks.tagId });
    return r.length;
  },

  async linkGroup(tenant: Tenant, groupId: string, memberIds: string[]): Promise<number> {
    const r = await tenant.db
      .insert(memberGroupLinks)
      .values(memberIds.map((memberId) => ({ renterId: tenant.renterId, groupId, memberId })))
      .onConflictDoNothing()
      .returning({ m: memberGroupLinks.memberId });
    return r.length;
  },

  /** The row of this phone, locked (a customer turning member, or the refusal of a member already there). */
  async lockByPhone(tenant: Tenant, phone: string) {
    const [r] = await tenant.db
      .select({ id: members.id, kind: members.kind })
      .from(members)
      .where(and(eq(members.renterId, tenant.renterId), eq(members.phone, phone)))
      .for('update');
    return r;
  },

  async insertMember(tenant: Tenant, v: { phone: string; name: string; sex: number; birthday: string | null; remark: string; at: Date }) {
    const [r] = await tenant.db
      .insert(members)
      .values({
        renterId: tenant.renterId,
        phone: v.phone,
        kind: 1,
        name: v.name,
        sex: v.sex,
        birthday: v.birthday,
        remark: v.remark,
        source: 2,
        memberAt: v.at,
        audit: 1,
        nickname: `用户${v.phone.slice(-4)}`,
      })
      .onConflictDoNothing()
      .returning({ id: members.id });
    return r;
  },

  /** A customer (kind 0) of this phone becomes a member; answers undefined when it is a member already. */
  async convertCustomer(tenant: Tenant, id: string, v: { name: string; sex: number; birthday: string | null; remark: string; at: Date }) {
    const [r] = await tenant.db
      .update(members)
      .set({
        kind: 1,
        memberAt: v.at,
        audit: 1,
        updatedAt: v.at,
        ...(v.name ? { name: v.name } : {}),
        ...(v.sex ? { sex: v.sex } : {}),
        ...(v.birthday ? { birthday: v.birthday } : {}),
        ...(v.remark ? { remark: v.remark } : {}),
      })
      .where(and(eq(members.renterId, tenant.renterId), eq(members.id, id), eq(members.kind, 0)))
      .returning({ id: members.id });
    return r;
  },

  /** Waiting members (audit 0) of these ids set to 1 or 2; answers the changed ids. */
  async setAudit(tenant: Tenant, ids: string[], audit: 1 | 2): Promise<string[]> {
    const r = await tenant.db
      .update(members)
      .set({ audit, updatedAt: new Date() })
      .where(and(eq(members.renterId, tenant.renterId), inArray(members.id, ids), eq(members.audit, 0)))
      .returning({ id: members.id });
    return r.map((x) => x.id);
  },
};

export const exportRepo = {
  async create(
    tenant: Tenant,
    v: { kind: string; params: Record<string, unknown>; total: number; fileName: string; createdBy: string | null },
  ) {
    const [r] = await tenant.db
      .insert(exportTasks)
      .values({ renterId: tenant.renterId, ...v })
      .returning();
    return r;
  },
  async byId(tenant: Tenant, id: string) {
    const [r] = await tenant.db
      .select()
      .from(exportTasks)
      .where(and(eq(exportTasks.renterId, tenant.renterId), eq(exportTasks.id, id)));
    return r;
  },
  async progress(tenant: Tenant, id: string, done: number, total: number) {
    await tenant.db
      .update(exportTasks)
      .set({ done, total })
      .where(and(eq(exportTasks.renterId, tenant.renterId), eq(exportTasks.id, id), eq(exportTasks.status, 0)));
  },
  async finish(tenant: Tenant, id: string, v: { status: 1 | 2; done: number; total: number; filePath?: string; error?: string }) {
    const [r] = await tenant.db
      .update(exportTasks)
      .set({ ...v, finishedAt: new Date() })
      .where(and(eq(exportTasks.renterId, tenant.renterId), eq(exportTasks.id, id)))
      .returning();
    return r;
  },
  /** Exports of this kind still running for the renter, started in the last hour (older ones count as dead). */
  async running(tenant: Tenant, kind: string): Promise<number> {
    const [r] = await tenant.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(exportTasks)
      .where(
        and(
          eq(exportTasks.renterId, tenant.renterId),
          eq(exportTasks.kind, kind),
          eq(exportTasks.status, 0),
          gt(exportTasks.createdAt, new Date(Date.now() - 3_600_000)),
        ),
      );
    return r?.n ?? 0;
  },
};
