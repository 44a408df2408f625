import { and, asc, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Tenant } from '@/core/tenant';
import { groupWhere } from '@/modules/members/rules/rule.sql';
import {
  levelGrants,
  memberCards,
  memberEvents,
  memberGroups,
  members,
  memberTagLinks,
  memberTags,
  memberTokens,
  vipCards,
} from '@/modules/members/members.tables';

const ofMember = (tenant: Tenant, id: string) => and(eq(members.renterId, tenant.renterId), eq(members.id, id));

/** What 会员详情 reads and writes of one member, beside members.repository (the member by id) and growth.service (growth). */
export const detailRepo = {
  async update(tenant: Tenant, id: string, v: Partial<typeof members.$inferInsert>): Promise<void> {
    await tenant.db
      .update(members)
      .set({ ...v, updatedAt: sql`now()` })
      .where(ofMember(tenant, id));
  },
  async tags(tenant: Tenant, memberId: string) {
    return tenant.db
      .select({ id: memberTags.id, name: memberTags.name })
      .from(memberTagLinks)
      .innerJoin(memberTags, and(eq(memberTags.renterId, memberTagLinks.renterId), eq(memberTags.id, memberTagLinks.tagId)))
      .where(and(eq(memberTagLinks.renterId, tenant.renterId), eq(memberTagLinks.memberId, memberId)))
      .orderBy(asc(memberTags.name));
  },
  /**
   * The groups the member is in: the renter's groups, then ONE query over the member's row asking each group's
   * condition (its rule or added by hand) as one `case when` of an array.
   */
  async groups(tenant: Tenant, memberId: string, now: Date): Promise<{ id: string; name: string }[]> {
    const all = await tenant.db
      .select({ id: memberGroups.id, name: memberGroups.name, rule: memberGroups.rule })
      .from(memberGroups)
      .where(eq(memberGroups.renterId, tenant.renterId))
      .orderBy(asc(memberGroups.createdAt), asc(memberGroups.id));
    if (all.length === 0) return [];
    const cases = sql.join(
      all.map((g) => sql`case when ${groupWhere(g, now)} then ${g.id}::text end`),
      sql`, `,
    );
    const [r] = await tenant.db
      .select({ ids: sql<string[] | null>`array_remove(array[${cases}], null)` })
      .from(members)
      .where(ofMember(tenant, memberId));
    const inIt = new Set(r?.ids ?? []);
    return all.filter((g) => inIt.has(g.id)).map((g) => ({ id: g.id, name: g.name }));
  },
  async cards(tenant: Tenant, memberId: string) {
    return tenant.db
      .select({
        id: memberCards.id,
        cardId: memberCards.cardId,
        name: vipCards.name,
        cardNo: memberCards.cardNo,
        startsAt: memberCards.startsAt,
        expiresAt: memberCards.expiresAt,
        status: memberCards.status,
      })
      .from(memberCards)
      .innerJoin(vipCards, and(eq(vipCards.renterId, memberCards.renterId), eq(vipCards.id, memberCards.cardId)))
      .where(and(eq(memberCards.renterId, tenant.renterId), eq(memberCards.memberId, memberId)))
      .orderBy(desc(memberCards.createdAt));
  },
  /** The paid levels granted to the member, newest first (at most 100: a member holds few). */
  async grants(tenant: Tenant, memberId: string) {
    return tenant.db
      .select()
      .from(levelGrants)
      .where(and(eq(levelGrants.renterId, tenant.renterId), eq(levelGrants.memberId, memberId)))
      .orderBy(desc(levelGrants.createdAt))
      .limit(100);
  },
  async insertGrant(tenant: Tenant, v: Omit<typeof levelGrants.$inferInsert, 'renterId'>) {
    await tenant.db.insert(levelGrants).values({ ...v, renterId: tenant.renterId });
  },
  /** One page of the member's history, newest first, and how many lines it has. */
  async events(tenant: Tenant, memberId: string, limit: number, offset: number) {
    const where = and(eq(memberEvents.renterId, tenant.renterId), eq(memberEvents.memberId, memberId));
    const [rows, [c]] = await Promise.all([
      tenant.db
        .select()
        .from(memberEvents)
        .where(where)
        .orderBy(desc(memberEvents.createdAt), desc(memberEvents.id))
        .limit(limit)
        .offset(offset),
      tenant.db.select({ n: count() }).from(memberEvents).where(where),
    ]);
    return { rows, total: Number(c.n) };
  },
  /** Ends every live token of the member at once (forbidding). */
  async revokeTokens(tenant: Tenant, memberId: string): Promise<number> {
    const r = await tenant.db
      .update(memberTokens)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(memberTokens.renterId, tenant.renterId), eq(memberTokens.memberId, memberId), isNull(memberTokens.revokedAt)))
      .returning({ id: memberTokens.id });
    return r.length;
  },
};

/** Where customers come from (the customer rows): found by phone or visitor id, created for a form's visitor. */
export const customerRepo = {
  async byPhone(tenant: Tenant, phone: string) {
    const [r] = await tenant.db
      .select({ id: members.id, phone: members.phone, visitorId: members.visitorId })
      .from(members)
      .where(and(eq(members.renterId, tenant.renterId), eq(members.phone, phone)))
      .limit(1);
    return r;
  },
  async byVisitor(tenant: Tenant, visitorId: string) {
    const [r] = await tenant.db
      .select({ id: members.id, phone: members.phone, visitorId: members.visitorId })
      .from(members)
      .where(and(eq(members.renterId, tenant.renterId), eq(members.visitorId, visitorId)))
      .limit(1);
    return r;
  },
  /** A new customer; nothing when the phone or the visitor id has a row already (one raced it). */
  async insert(tenant: Tenant, v: { phone: string | null; visitorId: string | null; nickname: string; source: number }) {
    await tenant.db
      .insert(members)
      .values({ ...v, renterId: tenant.renterId, kind: 0 })
      .onConflictDoNothing();
  },
  /** Gives a phone to a customer known by its visitor id only (when no other row has that phone). */
  async givePhone(tenant: Tenant, id: string, phone: string) {
    await tenant.db
      .update(members)
      .set({ phone, updatedAt: sql`now()` })
      .where(
        and(
          ofMember(tenant, id),
          isNull(members.phone),
          sql`not exists (select 1 from ${members} o where o.renter_id = ${tenant.renterId} and o.phone = ${phone})`,
        ),
      );
  },
  /** A paid order of the customer: count, spend and last purchase in one statement. */
  async addOrder(tenant: Tenant, id: string, fen: number, at: Date) {
    await tenant.db
      .update(members)
      .set({
        orderCount: sql`${members.orderCount} + 1`,
        spendFen: sql`${members.spendFen} + ${fen}`,
        lastOrderAt: sql`greatest(coalesce(${members.lastOrderAt}, ${at}), ${at})`,
        updatedAt: sql`now()`,
      })
      .where(ofMember(tenant, id));
  },
};
