import { and, asc, count, desc, eq, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { contains } from '@/core/like';
import { paged, sortBy } from '@/core/paging';
import type { Tenant } from '@/core/tenant';
import { memberCards, members, vipCards } from '@/modules/members/members.tables';

export type VipCardRow = typeof vipCards.$inferSelect;
export type VipCardInsert = typeof vipCards.$inferInsert;
export type MemberCardRow = typeof memberCards.$inferSelect;

const of = (renterId: string) => eq(vipCards.renterId, renterId);
const heldOf = (renterId: string) => eq(memberCards.renterId, renterId);

const CARD_SORTS = { createTime: vipCards.createdAt, holderCount: vipCards.holderCount, price: vipCards.priceFen } as const;
const HOLDER_SORTS = { receiveTime: memberCards.startsAt, expireTime: memberCards.expiresAt } as const;

/** A held card is valid while not withdrawn and not run out (no expiry = 永久有效). */
export const validNow = (now: Date) =>
  and(eq(memberCards.status, 1), or(isNull(memberCards.expiresAt), sql`${memberCards.expiresAt} > ${now}`)) as SQL;
const expiredAt = (now: Date) => and(eq(memberCards.status, 1), sql`${memberCards.expiresAt} <= ${now}`) as SQL;

export interface CardListQuery {
  keyword: string;
  status: 'all' | 'on' | 'off';
  sorter: { field: string; order: string }[];
  offset: number;
  limit: number;
}

export interface HolderListQuery {
  cardId: string;
  keyword: string;
  state: 'all' | 'valid' | 'expired' | 'withdrawn';
  sorter: { field: string; order: string }[];
  offset: number;
  limit: number;
  now: Date;
}

export const cardsRepo = {
  async page(tenant: Tenant, q: CardListQuery) {
    const { db, renterId } = tenant;
    const conds: SQL[] = [of(renterId)];
    if (q.keyword) conds.push(ilike(vipCards.name, contains(q.keyword)));
    if (q.status === 'on') conds.push(eq(vipCards.status, 1));
    if (q.status === 'off') conds.push(eq(vipCards.status, 0));
    const where = and(...conds);
    return paged(
      db
        .select()
        .from(vipCards)
        .where(where)
        .orderBy(...sortBy(q.sorter, CARD_SORTS), desc(vipCards.createdAt), asc(vipCards.id))
        .limit(q.limit)
        .offset(q.offset),
      db.select({ n: count() }).from(vipCards).where(where),
    );
  },
  /** One card; `lock` locks it for the rest of the transaction. */
  async byId(tenant: Tenant, id: string, lock = false): Promise<VipCardRow | undefined> {
    const { db, renterId } = tenant;
    const q = db
      .select()
      .from(vipCards)
      .where(and(of(renterId), eq(vipCards.id, id)))
      .limit(1);
    const [r] = lock ? await q.for('update') : await q;
    return r;
  },
  async insert(tenant: Tenant, v: Omit<VipCardInsert, 'renterId'>): Promise<VipCardRow> {
    const { db, renterId } = tenant;
    const [r] = await db
      .insert(vipCards)
      .values({ ...v, renterId })
      .returning();
    return r;
  },
  async update(tenant: Tenant, id: string, v: Partial<VipCardInsert>) {
    const { db, renterId } = tenant;
    await db
      .update(vipCards)
      .set({ ...v, updatedAt: new Date() })
      .where(and(of(renterId), eq(vipCards.id, id)));
  },
  async delete(tenant: Tenant, id: string) {
    const { db, renterId } = tenant;
    await db.delete(vipCards).where(and(of(renterId), eq(vipCards.id, id)));
  },
  /** Whether anyone ever received the card (withdrawn rows included: their record stays). */
  async everHeld(tenant: Tenant, cardId: string): Promise<boolean> {
    const { db, renterId } = tenant;
    const [r] = await db
      .select({ one: sql`1` })
      .from(memberCards)
      .where(and(heldOf(renterId), eq(memberCards.cardId, cardId)))
      .limit(1);
    return r !== undefined;
  },
  /** holder_count + change in one statement, never below zero. */
  async addHolders(tenant: Tenant, cardId: string, change: number) {
    const { db, renterId } = tenant;
    await db
      .update(vipCards)
      .set({ holderCount: sql`greatest(${vipCards.holderCount} + ${change}, 0)` })
      .where(and(of(renterId), eq(vipCards.id, cardId)));
  },

  /** The enabled cards for pickers, and the customer side's list: newest first. */
  async enabledPage(tenant: Tenant, q: { keyword: string; offset: number; limit: number }) {
    const { db, renterId } = tenant;
    const conds: SQL[] = [of(renterId), eq(vipCards.status, 1)];
    if (q.keyword) conds.push(ilike(vipCards.name, contains(q.keyword)));
    const where = and(...conds);
    return paged(
      db.select().from(vipCards).where(where).orderBy(desc(vipCards.createdAt), asc(vipCards.id)).limit(q.limit).offset(q.offset),
      db.select({ n: count() }).from(vipCards).where(where),
    );
  },

  // ---- Held cards (member_cards) ----

  /** A member's row of a card; `lock` locks it. */
  async heldBy(tenant: Tenant, cardId: string, memberId: string, lock = false): Promise<MemberCardRow | undefined> {
    const { db, renterId } = tenant;
    const q = db
      .select()
      .from(memberCards)
      .where(and(heldOf(renterId), eq(memberCards.cardId, cardId), eq(memberCards.memberId, memberId)))
      .limit(1);
    const [r] = lock ? await q.for('update') : await q;
    return r;
  },
  async heldById(tenant: Tenant, id: string, lock = false): Promise<MemberCardRow | undefined> {
    const { db, renterId } = tenant;
    const q = db
      .select()
      .from(memberCards)
      .where(and(heldOf(renterId), eq(memberCards.id, id)))
      .limit(1);
    const [r] = lock ? await q.for('update') : await q;
    return r;
  },
  /** A new held card unless the member has one (unique (renter, card, member)): the row, or undefined. */
  async insertHeld(tenant: Tenant, v: Omit<typeof memberCards.$inferInsert, 'renterId'>): Promise<MemberCardRow | undefined> {
    const { db, renterId } = tenant;
    const [r] = await db
      .insert(memberCards)
      .values({ ...v, renterId })
      .onConflictDoNothing({ target: [memberCards.renterId, memberCards.cardId, memberCards.memberId] })
      .returning();
    return r;
  },
  async updateHeld(tenant: Tenant, id: string, v: Partial<typeof memberCards.$inferInsert>) {
    const { db, renterId } = tenant;
    await db
      .update(memberCards)
      .set(v)
      .where(and(heldOf(renterId), eq(memberCards.id, id)));
  },
  /** Members of the renter by id: id, kind, phone. */
  async membersByIds(tenant: Tenant, ids: string[]) {
    const { db, renterId } = tenant;
    if (ids.length === 0) return [];
    return db
      .select({ id: members.id, kind: members.kind, phone: members.phone, name: members.name, nickname: members.nickname })
      .from(members)
      .where(and(eq(members.renterId, renterId), inArray(members.id, ids)));
  },
  async membersByPhones(tenant: Tenant, phones: string[]) {
    const { db, renterId } = tenant;
    if (phones.length === 0) return [];
    return db
      .select({ id: members.id, kind: members.kind, phone: members.phone, name: members.name, nickname: members.nickname })
      .from(members)
      .where(and(eq(members.renterId, renterId), inArray(members.phone, phones)));
  },
  /** The holders of a card with their member's name and phone. */
  async holders(tenant: Tenant, q: HolderListQuery) {
    const { db, renterId } = tenant;
    const conds: SQL[] = [heldOf(renterId), eq(memberCards.cardId, q.cardId)];
    if (q.state === 'valid') conds.push(validNow(q.now));
    if (q.state === 'expired') conds.push(expiredAt(q.now));
    if (q.state === 'withdrawn') conds.push(eq(memberCards.status, 0));
    if (q.keyword) {
      const k = contains(q.keyword);
      conds.push(or(ilike(members.phone, k), ilike(members.name, k), ilike(members.nickname, k), ilike(memberCards.cardNo, k)) as SQL);
    }
    const where = and(...conds);
    const on = and(eq(members.renterId, memberCards.renterId), eq(members.id, memberCards.memberId));
    return paged(
      db
        .select({
          held: memberCards,
          name: members.name,
          nickname: members.nickname,
          phone: members.phone,
        })
        .from(memberCards)
        .innerJoin(members, on)
        .where(where)
        .orderBy(...sortBy(q.sorter, HOLDER_SORTS), desc(memberCards.startsAt), asc(memberCards.id))
        .limit(q.limit)
        .offset(q.offset),
      db.select({ n: count() }).from(memberCards).innerJoin(members, on).where(where),
    );
  },
  /** The member's rows of some cards (the customer side's "held" flag). */
  async heldOfCards(tenant: Tenant, memberId: string, cardIds: string[]): Promise<MemberCardRow[]> {
    const { db, renterId } = tenant;
    if (cardIds.length === 0) return [];
    return db
      .select()
      .from(memberCards)
      .where(and(heldOf(renterId), eq(memberCards.memberId, memberId), inArray(memberCards.cardId, cardIds)));
  },
  /** A member's cards not withdrawn, valid first (by expiry, 永久 last), then the expired ones. */
  async mine(tenant: Tenant, memberId: string, q: { offset: number; limit: number; now: Date }) {
    const { db, renterId } = tenant;
    const where = and(heldOf(renterId), eq(memberCards.memberId, memberId), eq(memberCards.status, 1));
    const on = and(eq(vipCards.renterId, memberCards.renterId), eq(vipCards.id, memberCards.cardId));
    return paged(
      db
        .select({ held: memberCards, card: vipCards })
        .from(memberCards)
        .innerJoin(vipCards, on)
        .where(where)
        .orderBy(
          sql`(${memberCards.expiresAt} is not null and ${memberCards.expiresAt} <= ${q.now})`,
          sql`${memberCards.expiresAt} asc nulls last`,
          asc(memberCards.id),
        )
        .limit(q.limit)
        .offset(q.offset),
      db.select({ n: count() }).from(memberCards).where(where),
    );
  },
};
