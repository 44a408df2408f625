import { and, eq, gt, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { containsMatch } from '@/core/like';
import { MEMBER_MISSING_MSG, PHONE_RE } from '@shop/contract';
import { BizError, CODE } from '@/core/errors';
import type { Db } from '@/db/client';
import { memberTokens, members } from './members.tables';
import type { Tenant } from '@/core/tenant';

export type MemberRow = typeof members.$inferSelect;

/**
 * Phone, name or nickname contains the keyword, any case (客户查询, 查找会员, the growth and level records' phone
 * search), through the search column's indexes (migration 0027). Keywords of 3 characters and more: (I)LIKE on the
 * trigram index. Shorter ones: the column's characters hold the keyword's (the characters' index), then the exact
 * test. That test is strpos, not LIKE, on purpose: the planner multiplies the two conditions' selectivities as if
 * independent, and LIKE's accurate estimate times the characters' made a common surname look rare (1,467 rows for
 * 42,848), which chose a parallel walk that read 30 times the rows needed; strpos' default estimate (a third) keeps
 * the product near the truth.
 */
export function memberTextContains(keyword: string): SQL {
  // A whole mobile number is that member (the phone's unique index), not every text holding those digits (a trigram
  // search of 11 digits intersects nine long lists).
  if (PHONE_RE.test(keyword)) return eq(members.phone, keyword);
  const chars = [...keyword.toLowerCase()];
  if (chars.length >= 3) return containsMatch(members.searchText, keyword);
  const has = sql.join(
    chars.map((c) => sql`${c}`),
    sql`, `,
  );
  return sql`(strpos(lower(${members.searchText}), ${keyword.toLowerCase()}) > 0 and string_to_array(lower(${members.searchText}), NULL) @> array[${has}]::text[])`;
}

export const memberRepo = {
  async byPhone(tenant: Tenant, phone: string): Promise<MemberRow | undefined> {
    const { db, renterId } = tenant;
    const [r] = await db
      .select()
      .from(members)
      .where(and(eq(members.renterId, renterId), eq(members.phone, phone)))
      .limit(1);
    return r;
  },
  async byId(tenant: Tenant, id: string): Promise<MemberRow | undefined> {
    const { db, renterId } = tenant;
    const [r] = await db
      .select()
      .from(members)
      .where(and(eq(members.renterId, renterId), eq(members.id, id)))
      .limit(1);
    return r;
  },
  /** The member row locked for a change (select … for update), in the caller's transaction. */
  async lock(tenant: Tenant, id: string): Promise<MemberRow | undefined> {
    const { db, renterId } = tenant;
    const [r] = await db
      .select()
      .from(members)
      .where(and(eq(members.renterId, renterId), eq(members.id, id)))
      .for('update');
    return r;
  },
  /**
   * The member of the phone, created if there is none, in one statement: however many first logins arrive at once,
   * the unique key (renter, phone) lets one insert through and the others read that row. A customer with the phone
   * (kind 0: a form gave it) becomes the member (kind 1, member_at now) by one conditional update instead of a new
   * row; only one of racing logins turns it. created tells whether this login made the member.
   */
  async upsertByPhone(tenant: Tenant, v: { phone: string; shopId: string; nickname: string }) {
    const { db, renterId } = tenant;
    const [ins] = await db
      .insert(members)
      .values({ ...v, renterId, kind: 1, memberAt: new Date() })
      .onConflictDoNothing({ target: [members.renterId, members.phone] })
      .returning();
    if (ins) return { member: ins, created: true };
    const [turned] = await db
      .update(members)
      .set({ kind: 1, memberAt: sql`now()`, shopId: sql`coalesce(${members.shopId}, ${v.shopId}::uuid)`, updatedAt: sql`now()` })
      .where(and(eq(members.renterId, renterId), eq(members.phone, v.phone), eq(members.kind, 0)))
      .returning();
    if (turned) return { member: turned, created: true };
    const found = await memberRepo.byPhone(tenant, v.phone);
    if (!found) throw new Error('member vanished between insert and read');
    return { member: found, created: false };
  },
  /** Names and phones of some members of a renter (for the operation log's 操作人). */
  async names(tenant: Tenant, ids: string[]) {
    const { db, renterId } = tenant;
    if (ids.length === 0) return [];
    return db
      .select({ id: members.id, nickname: members.nickname, phone: members.phone })
      .from(members)
      .where(and(eq(members.renterId, renterId), inArray(members.id, ids)));
  },
  async update(tenant: Tenant, id: string, v: Partial<typeof members.$inferInsert>): Promise<MemberRow | undefined> {
    const { db, renterId } = tenant;
    const [r] = await db
      .update(members)
      .set({ ...v, updatedAt: new Date() })
      .where(and(eq(members.renterId, renterId), eq(members.id, id)))
      .returning();
    return r;
  },
};

/** 会员不存在 (1004): a missing member, and another renter's one alike. */
export const memberMissing = () => new BizError(MEMBER_MISSING_MSG, CODE.notFound);

/**
 * The member (or customer) of this renter by id, or 会员不存在; `lock` takes its row lock for the caller's transaction.
 * Every reader of one member by id (会员详情, its staff operations, growth changes, the member centre, 我的资料) goes
 * through here.
 */
export async function foundMember(tenant: Tenant, id: string, lock = false): Promise<MemberRow> {
  const m = lock ? await memberRepo.lock(tenant, id) : await memberRepo.byId(tenant, id);
  if (!m) throw memberMissing();
  return m;
}

export const memberTokenRepo = {
  async insert(db: Db, v: typeof memberTokens.$inferInsert) {
    await db.insert(memberTokens).values(v);
  },
  /** The live token of an active member of this renter: one statement, every member call runs it. */
  async live(db: Db, tokenHash: string, renterId: string) {
    const [r] = await db
      .select({ tokenId: memberTokens.id, memberId: memberTokens.memberId })
      .from(memberTokens)
      .innerJoin(members, and(eq(members.renterId, memberTokens.renterId), eq(members.id, memberTokens.memberId)))
      .where(
        and(
          eq(memberTokens.tokenHash, tokenHash),
          eq(memberTokens.renterId, renterId),
          isNull(memberTokens.revokedAt),
          gt(memberTokens.expiresAt, new Date()),
          eq(members.status, 1),
        ),
      )
      .limit(1);
    return r;
  },
  async revoke(tenant: Tenant, id: string) {
    const { db, renterId } = tenant;
    await db
      .update(memberTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(memberTokens.renterId, renterId), eq(memberTokens.id, id)));
  },
};
