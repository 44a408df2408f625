import type { MemberRule } from '@shop/contract';
import { and, asc, count, desc, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import { contains } from '@/core/like';
import { paged, sortBy } from '@/core/paging';
import type { Tenant } from '@/core/tenant';
import { tenantTable } from '@/core/tenant-repo';
import { memberGroupLinks, memberGroups, members } from '@/modules/members/members.tables';
import { groupWhere, ruleWhere } from '@/modules/members/rules/rule.sql';

export type GroupRow = typeof memberGroups.$inferSelect;

const SORTS = { name: memberGroups.name, memberCount: memberGroups.memberCount, createTime: memberGroups.createdAt } as const;
const of = (renterId: string) => eq(memberGroups.renterId, renterId);
const addedCount = sql<number>`(select count(*)::int from member_group_links gl where gl.renter_id = "member_groups"."renter_id" and gl.group_id = "member_groups"."id")`;

/** The members a rule (or group) matches within the renter: one condition for one SQL statement. */
export const inRenter = (renterId: string, where: SQL) => and(eq(members.renterId, renterId), where) as SQL;

const groups = tenantTable(memberGroups);

export const groupsRepo = {
  /** Serialises one renter's group writes (names stay unique with a friendly message). */
  async lock(tenant: Tenant) {
    const { db, renterId } = tenant;
    await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`member_groups:${renterId}`}))`);
  },
  async page(tenant: Tenant, q: { keyword: string; sorter: { field: string; order: string }[]; offset: number; limit: number }) {
    const { db, renterId } = tenant;
    const conds: SQL[] = [of(renterId)];
    if (q.keyword) conds.push(ilike(memberGroups.name, contains(q.keyword)));
    const where = and(...conds);
    return paged(
      db
        .select({ g: memberGroups, addedCount })
        .from(memberGroups)
        .where(where)
        .orderBy(...sortBy(q.sorter, SORTS), desc(memberGroups.createdAt), asc(memberGroups.id))
        .limit(q.limit)
        .offset(q.offset),
      db.select({ n: count() }).from(memberGroups).where(where),
    );
  },
  async byId(tenant: Tenant, id: string) {
    const { db, renterId } = tenant;
    const [r] = await db
      .select({ g: memberGroups, addedCount })
      .from(memberGroups)
      .where(and(of(renterId), eq(memberGroups.id, id)))
      .limit(1);
    return r;
  },
  lockById: groups.lockById,
  byIds: groups.byIds,
  async addedCount(tenant: Tenant, id: string): Promise<number> {
    const { db, renterId } = tenant;
    const [r] = await db
      .select({ n: count() })
      .from(memberGroupLinks)
      .where(and(eq(memberGroupLinks.renterId, renterId), eq(memberGroupLinks.groupId, id)));
    return Number(r?.n ?? 0);
  },
  async insert(tenant: Tenant, v: { name: string; rule: MemberRule; remark: string }): Promise<GroupRow> {
    const { db, renterId } = tenant;
    const [r] = await db
      .insert(memberGroups)
      .values({ renterId, ...v })
      .returning();
    return r;
  },
  async update(tenant: Tenant, id: string, v: { name: string; rule: MemberRule; remark: string }) {
    const { db, renterId } = tenant;
    await db
      .update(memberGroups)
      .set({ ...v, updatedAt: new Date() })
      .where(and(of(renterId), eq(memberGroups.id, id)));
  },
  async remove(tenant: Tenant, ids: string[]) {
    const { db, renterId } = tenant;
    await db.delete(memberGroups).where(and(of(renterId), inArray(memberGroups.id, ids)));
  },
  /** Recounts a group's members now (one count statement) and stores it with the time. */
  async recount(tenant: Tenant, group: { id: string; rule: MemberRule }, now: Date) {
    const { db, renterId } = tenant;
    const [r] = await db
      .update(memberGroups)
      .set({
        memberCount: sql`(select count(*)::int from ${members} where ${inRenter(renterId, groupWhere(group, now))})`,
        countedAt: now,
      })
      .where(and(of(renterId), eq(memberGroups.id, group.id)))
      .returning({ memberCount: memberGroups.memberCount, countedAt: memberGroups.countedAt });
    return r;
  },
  /** How many of the renter's members the rule matches now: one count statement. */
  async countRule(tenant: Tenant, rule: MemberRule, now: Date): Promise<number> {
    const { db, renterId } = tenant;
    const [r] = await db
      .select({ n: count() })
      .from(members)
      .where(inRenter(renterId, ruleWhere(rule, now)));
    return Number(r?.n ?? 0);
  },
  /** A page of the group's members now, newest first, with their level's name and whether they were added by hand. */
  async members(tenant: Tenant, group: { id: string; rule: MemberRule }, now: Date, p: { offset: number; limit: number }) {
    const { db, renterId } = tenant;
    const where = inRenter(renterId, groupWhere(group, now));
    return paged(
      db
        .select({
          m: {
            id: members.id,
            phone: members.phone,
            name: members.name,
            nickname: members.nickname,
            kind: members.kind,
            orderCount: members.orderCount,
            spendFen: members.spendFen,
          },
          levelName: sql<string>`coalesce((select lv.name from member_levels lv where lv.renter_id = "members"."renter_id" and lv.id = "members"."level_id"), '')`,
          added: sql<boolean>`exists (select 1 from member_group_links ga where ga.renter_id = "members"."renter_id" and ga.member_id = "members"."id" and ga.group_id = ${group.id})`,
        })
        .from(members)
        .where(where)
        .orderBy(desc(members.createdAt), asc(members.id))
        .limit(p.limit)
        .offset(p.offset),
      db.select({ n: count() }).from(members).where(where),
    );
  },
};
