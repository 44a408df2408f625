import { and, asc, eq, gte, ilike, inArray, lt, type SQL, sql } from 'drizzle-orm';
import { contains } from '@/core/like';
import { boundedCount, noRow, sortBy } from '@/core/paging';
import type { Tenant } from '@/core/tenant';
import { tenantTable } from '@/core/tenant-repo';
import { growthRecords, levelGrants, memberLevels, memberSettings, members } from '@/modules/members/members.tables';
import { memberTextContains } from '@/modules/members/members.repository';

export type LevelRow = typeof memberLevels.$inferSelect;
export type SettingsRow = typeof memberSettings.$inferSelect;

const of = (renterId: string) => eq(memberLevels.renterId, renterId);

const LEVEL_SORTS = {
  rank: memberLevels.rank,
  growth: memberLevels.growth,
  price: memberLevels.priceFen,
  createTime: memberLevels.createdAt,
} as const;

export interface LevelPageQuery {
  needpay: number;
  keyword: string;
  status: number;
  offset: number;
  limit: number;
  sorter: { field: string; order: string }[];
}

const levels = tenantTable(memberLevels);

export const levelRepo = {
  /** Serialises a renter's level writes (rank and threshold order, unique names) for the rest of the transaction. */
  async lock(tenant: Tenant) {
    await tenant.db.execute(sql`select pg_advisory_xact_lock(hashtext(${`member_levels:${tenant.renterId}`}))`);
  },
  async ofKind(tenant: Tenant, needpay?: number, enabledOnly = false): Promise<LevelRow[]> {
    const conds: SQL[] = [of(tenant.renterId)];
    if (needpay !== undefined) conds.push(eq(memberLevels.needpay, needpay));
    if (enabledOnly) conds.push(eq(memberLevels.status, 1));
    return tenant.db
      .select()
      .from(memberLevels)
      .where(and(...conds))
      .orderBy(asc(memberLevels.needpay), asc(memberLevels.rank));
  },
  async page(tenant: Tenant, q: LevelPageQuery) {
    const conds: SQL[] = [of(tenant.renterId), eq(memberLevels.needpay, q.needpay)];
    if (q.keyword) conds.push(ilike(memberLevels.name, contains(q.keyword)));
    if (q.status !== -1) conds.push(eq(memberLevels.status, q.status));
    const where = and(...conds);
    const [rows, total] = await Promise.all([
      tenant.db
        .select()
        .from(memberLevels)
        .where(where)
        .orderBy(...sortBy(q.sorter, LEVEL_SORTS), asc(memberLevels.rank))
        .limit(q.limit)
        .offset(q.offset),
      boundedCount(tenant.db, memberLevels, where),
    ]);
    return { rows, total: total.total };
  },
  byId: levels.byId,
  byIds: levels.byIds,
  async insert(tenant: Tenant, v: Omit<typeof memberLevels.$inferInsert, 'renterId'>): Promise<LevelRow> {
    const [r] = await tenant.db
      .insert(memberLevels)
      .values({ ...v, renterId: tenant.renterId })
      .returning();
    return r;
  },
  async update(tenant: Tenant, id: string, v: Partial<typeof memberLevels.$inferInsert>) {
    await tenant.db
      .update(memberLevels)
      .set({ ...v, updatedAt: new Date() })
      .where(and(of(tenant.renterId), eq(memberLevels.id, id)));
  },
  async remove(tenant: Tenant, id: string) {
    await tenant.db.delete(memberLevels).where(and(of(tenant.renterId), eq(memberLevels.id, id)));
  },
  /**
   * Members holding each of these levels: a free level its members (members_renter_level_idx), a paid one the holders
   * whose purchase has not run out.
   */
  async holders(tenant: Tenant, levels: Pick<LevelRow, 'id' | 'needpay'>[]): Promise<Map<string, number>> {
    const out = new Map<string, number>();
    const freeIds = levels.filter((l) => l.needpay === 0).map((l) => l.id);
    const paidIds = levels.filter((l) => l.needpay === 1).map((l) => l.id);
    const r = tenant.renterId;
    const [free, paid] = await Promise.all([
      freeIds.length
        ? tenant.db
            .select({ id: members.levelId, n: sql<number>`count(*)::int` })
            .from(members)
            .where(and(eq(members.renterId, r), inArray(members.levelId, freeIds)))
            .groupBy(members.levelId)
        : [],
      paidIds.length
        ? tenant.db
            .select({ id: members.paidLevelId, n: sql<number>`count(*)::int` })
            .from(members)
            .where(
              and(
                eq(members.renterId, r),
                inArray(members.paidLevelId, paidIds),
                sql`(${members.paidLevelExpiresAt} is null or ${members.paidLevelExpiresAt} > now())`,
              ),
            )
            .groupBy(members.paidLevelId)
        : [],
    ]);
    for (const x of [...free, ...paid]) if (x.id) out.set(x.id, Number(x.n));
    return out;
  },
  /** Whether any member holds the level at all (expired paid holders included: their grants name it). */
  async inUse(tenant: Tenant, id: string): Promise<boolean> {
    const [m] = await tenant.db
      .select({ one: sql`1` })
      .from(members)
      .where(and(eq(members.renterId, tenant.renterId), sql`(${members.levelId} = ${id} or ${members.paidLevelId} = ${id})`))
      .limit(1);
    return !!m;
  },
  /**
   * Every member's free level set to what their growth reaches now, in ONE statement: the enabled free level with the
   * highest threshold not above the growth (levelForGrowth's rule), only rows whose level changes. Rows a growth
   * change holds locked are re-read after it commits (READ COMMITTED re-checks an updated row), so the result matches
   * the final growth.
   */
  async recompute(tenant: Tenant): Promise<number> {
    const r = tenant.renterId;
    const target = sql`(select l.id from member_levels l where l.renter_id = ${r} and l.needpay = 0 and l.status = 1 and l.growth <= m.growth order by l.growth desc limit 1)`;
    const res = await tenant.db.execute(sql`
      update members m set level_id = ${target}, updated_at = now()
      where m.renter_id = ${r} and m.kind = 1 and m.level_id is distinct from ${target}`);
    return Number((res as { rowCount?: number; affectedRows?: number }).rowCount ?? (res as { affectedRows?: number }).affectedRows ?? 0);
  },
};

export const settingsRepo = {
  async get(tenant: Tenant): Promise<SettingsRow | undefined> {
    const [r] = await tenant.db.select().from(memberSettings).where(eq(memberSettings.renterId, tenant.renterId));
    return r;
  },
  /** Creates the renter's settings row with defaults if missing, then locks it (answers it). */
  async lock(tenant: Tenant): Promise<SettingsRow> {
    await tenant.db.insert(memberSettings).values({ renterId: tenant.renterId }).onConflictDoNothing();
    const [r] = await tenant.db.select().from(memberSettings).where(eq(memberSettings.renterId, tenant.renterId)).for('update');
    return r;
  },
  async update(tenant: Tenant, v: Partial<typeof memberSettings.$inferInsert>) {
    await tenant.db
      .update(memberSettings)
      .set({ ...v, updatedAt: new Date() })
      .where(eq(memberSettings.renterId, tenant.renterId));
  },
};

export interface RecordFilter {
  memberIds?: string[];
  levelId?: string;
  kind?: number;
  from?: Date;
  to?: Date;
  offset: number;
  limit: number;
  sorter: { field: string; order: string }[];
}

/** Member rows for a page of records: phone and nickname by id. */
async function memberNames(tenant: Tenant, ids: string[]) {
  if (ids.length === 0) return new Map<string, { phone: string; nickname: string }>();
  const rows = await tenant.db
    .select({ id: members.id, phone: members.phone, nickname: members.nickname })
    .from(members)
    .where(and(eq(members.renterId, tenant.renterId), inArray(members.id, [...new Set(ids)])));
  return new Map(rows.map((r) => [r.id, { phone: r.phone ?? '', nickname: r.nickname }]));
}

export const recordRepo = {
  /** Members whose phone (or name, nickname) contains the text (at most 500: a narrower phone finds the rest). */
  async memberIdsByPhone(tenant: Tenant, phone: string): Promise<string[]> {
    const rows = await tenant.db
      .select({ id: members.id })
      .from(members)
      .where(and(eq(members.renterId, tenant.renterId), memberTextContains(phone)))
      .limit(500);
    return rows.map((r) => r.id);
  },
  memberNames,
  async growthPage(tenant: Tenant, f: RecordFilter) {
    const conds: SQL[] = [eq(growthRecords.renterId, tenant.renterId)];
    if (f.memberIds) conds.push(f.memberIds.length ? inArray(growthRecords.memberId, f.memberIds) : noRow(growthRecords.memberId));
    if (f.kind) conds.push(eq(growthRecords.kind, f.kind));
    if (f.from) conds.push(gte(growthRecords.createdAt, f.from));
    if (f.to) conds.push(lt(growthRecords.createdAt, f.to));
    const where = and(...conds);
    const sorts = { createTime: growthRecords.createdAt, change: growthRecords.change, growthAfter: growthRecords.growthAfter };
    const [rows, total] = await Promise.all([
      tenant.db
        .select()
        .from(growthRecords)
        .where(where)
        .orderBy(...sortBy(f.sorter, sorts), sql`${growthRecords.createdAt} desc`, sql`${growthRecords.id} desc`)
        .limit(f.limit)
        .offset(f.offset),
      boundedCount(tenant.db, growthRecords, where),
    ]);
    return { rows, total };
  },
  async grantPage(tenant: Tenant, f: RecordFilter) {
    const conds: SQL[] = [eq(levelGrants.renterId, tenant.renterId)];
    if (f.memberIds) conds.push(f.memberIds.length ? inArray(levelGrants.memberId, f.memberIds) : noRow(levelGrants.memberId));
    if (f.levelId) conds.push(eq(levelGrants.levelId, f.levelId));
    if (f.from) conds.push(gte(levelGrants.createdAt, f.from));
    if (f.to) conds.push(lt(levelGrants.createdAt, f.to));
    const where = and(...conds);
    const sorts = { createTime: levelGrants.createdAt, amount: levelGrants.amountFen, expireTime: levelGrants.expiresAt };
    const [rows, total] = await Promise.all([
      tenant.db
        .select()
        .from(levelGrants)
        .where(where)
        .orderBy(...sortBy(f.sorter, sorts), sql`${levelGrants.createdAt} desc`, sql`${levelGrants.id} desc`)
        .limit(f.limit)
        .offset(f.offset),
      boundedCount(tenant.db, levelGrants, where),
    ]);
    return { rows, total };
  },
};
