import { and, asc, count, desc, eq, gt, gte, inArray, isNull, lte, type SQL, sql } from 'drizzle-orm';
import { boundedCountSql, totalOf } from '@/core/paging';
import type { Tenant } from '@/core/tenant';
import type { Db } from '@/db/client';
import { agreements, areas, authCounters, industries, loginLogs, products, renters, sessions, smsCodes, users } from '@/db/schema';

export type UserRow = typeof users.$inferSelect;
export type RenterRow = typeof renters.$inferSelect;
export type ProductRow = typeof products.$inferSelect;

export const userRepo = {
  async byPhone(db: Db, phone: string): Promise<UserRow | undefined> {
    const [u] = await db.select().from(users).where(eq(users.phone, phone)).limit(1);
    return u;
  },
  async byId(db: Db, id: string): Promise<UserRow | undefined> {
    const [u] = await db.select().from(users).where(eq(users.id, id)).limit(1);
    return u;
  },
  async insert(db: Db, v: typeof users.$inferInsert): Promise<UserRow> {
    const [u] = await db.insert(users).values(v).returning();
    return u;
  },
  async update(db: Db, id: string, v: Partial<typeof users.$inferInsert>): Promise<void> {
    await db.update(users).set(v).where(eq(users.id, id));
  },
  /** Inserts the user unless the phone is taken (another request created it meanwhile): undefined then. */
  async insertIfNew(db: Db, v: typeof users.$inferInsert): Promise<{ id: string } | undefined> {
    const [u] = await db.insert(users).values(v).onConflictDoNothing().returning({ id: users.id });
    return u;
  },
  /** Name and phone of these users. */
  async names(db: Db, ids: string[]) {
    if (ids.length === 0) return [];
    return db.select({ id: users.id, name: users.name, phone: users.phone }).from(users).where(inArray(users.id, ids));
  },
};

const rowsOf = <T>(r: unknown): T[] => (r as { rows: T[] }).rows;

/** The attempt counters of the login area (auth_counters); every change is one statement. */
export const counterRepo = {
  /**
   * Takes one attempt of the key in one conditional upsert: answers the attempt's number (1 = the first of the window),
   * or null when the key is locked or its max attempts of the window are taken. A window older than windowSeconds
   * starts again at 1.
   */
  async take(db: Db, key: string, max: number, windowSeconds: number): Promise<number | null> {
    const r = await db.execute(sql`
      insert into auth_counters as c (key, count, window_start) values (${key}, 1, now())
      on conflict (key) do update set
        count = case when c.window_start <= now() - ${windowSeconds} * interval '1 second' then 1 else c.count + 1 end,
        window_start = case when c.window_start <= now() - ${windowSeconds} * interval '1 second' then now() else c.window_start end
      where (c.locked_until is null or c.locked_until <= now())
        and (c.count < ${max} or c.window_start <= now() - ${windowSeconds} * interval '1 second')
      returning count`);
    const [row] = rowsOf<{ count: number | string }>(r);
    return row ? Number(row.count) : null;
  },
  /** Gives an attempt back (it was not evaluated, or it succeeded and should not count). */
  async giveBack(db: Db, key: string): Promise<void> {
    await db
      .update(authCounters)
      .set({ count: sql`greatest(${authCounters.count} - 1, 0)` })
      .where(eq(authCounters.key, key));
  },
  /** Locks the key for the given seconds and starts its count again. */
  async lock(db: Db, key: string, seconds: number): Promise<void> {
    await db
      .update(authCounters)
      .set({ count: 0, windowStart: sql`now()`, lockedUntil: sql`now() + ${seconds} * interval '1 second'` })
      .where(eq(authCounters.key, key));
  },
  /** Forgets the attempts and the lock of these keys. */
  async clear(db: Db, keys: string[]): Promise<void> {
    if (keys.length === 0) return;
    await db.update(authCounters).set({ count: 0, lockedUntil: null }).where(inArray(authCounters.key, keys));
  },
  /** Forgets the attempts and locks of every key starting with the prefix. */
  async clearPrefix(db: Db, prefix: string): Promise<void> {
    await db.update(authCounters).set({ count: 0, lockedUntil: null }).where(sql`starts_with(${authCounters.key}, ${prefix})`);
  },
  /** Seconds until the key can be tried again: its lock, else the end of its window; 0 when nothing holds it. */
  async secondsLeft(db: Db, key: string, windowSeconds: number): Promise<number> {
    const r = await db.execute(sql`
      select greatest(
        coalesce(extract(epoch from locked_until - now()), 0),
        case when locked_until is null or locked_until <= now()
          then extract(epoch from window_start + ${windowSeconds} * interval '1 second' - now()) else 0 end,
        0) as s
      from auth_counters where key = ${key}`);
    const [row] = rowsOf<{ s: number | string }>(r);
    return row ? Number(row.s) : 0;
  },
  /** Deletes counters whose window and lock are long over (a timed job). */
  async purge(db: Db, olderThanSeconds: number): Promise<number> {
    const r = await db
      .delete(authCounters)
      .where(
        and(
          sql`${authCounters.windowStart} < now() - ${olderThanSeconds} * interval '1 second'`,
          sql`(${authCounters.lockedUntil} is null or ${authCounters.lockedUntil} < now())`,
        ),
      )
      .returning({ key: authCounters.key });
    return r.length;
  },
};

export const renterRepo = {
  async byId(db: Db, id: string): Promise<RenterRow | undefined> {
    const [r] = await db.select().from(renters).where(eq(renters.id, id)).limit(1);
    return r;
  },
  /** These enterprises with their product (版本), any order. */
  async withProducts(db: Db, ids: string[]) {
    if (ids.length === 0) return [];
    return db
      .select({ r: renters, p: products })
      .from(renters)
      .leftJoin(products, eq(products.id, renters.productId))
      .where(inArray(renters.id, ids));
  },
  /** Creates the enterprise row on a trial (its shop, roles and staff are their owners' rows). */
  async insert(
    db: Db,
    v: { name: string; industry: string; area: string[]; productId: string; ownerUserId: string; serviceEndAt: Date },
  ): Promise<RenterRow> {
    const [r] = await db
      .insert(renters)
      .values({ ...v, isTrial: true, mdornf: 0 })
      .returning();
    return r;
  },
  /** The tenant's own enterprise row; locked until the transaction ends with `lock` (transfers and edits queue up). */
  async ofTenant(tenant: Tenant, lock = false): Promise<RenterRow | undefined> {
    const { db, renterId } = tenant;
    const q = db.select().from(renters).where(eq(renters.id, renterId)).limit(1);
    const [r] = lock ? await q.for('update') : await q;
    return r;
  },
  async updateOfTenant(tenant: Tenant, v: Partial<typeof renters.$inferInsert>): Promise<void> {
    const { db, renterId } = tenant;
    await db.update(renters).set(v).where(eq(renters.id, renterId));
  },
};

/** The enterprise's service period (服务到期), bought through billing: the renters row itself, by its id. */
export const renterServiceRepo = {
  /** The enterprise row, locked for the rest of the transaction (two payments of one enterprise never interleave). */
  async lock(db: Db, id: string): Promise<RenterRow | undefined> {
    const [r] = await db.select().from(renters).where(eq(renters.id, id)).for('update').limit(1);
    return r;
  },
  async setBuyout(db: Db, id: string): Promise<RenterRow> {
    const [r] = await db.update(renters).set({ isTrial: false, mdornf: 1, serviceEndAt: null }).where(eq(renters.id, id)).returning();
    return r;
  },
  /** Annual: the years count from the later of now and the current end (trial days left are kept). */
  async addYears(db: Db, id: string, years: number): Promise<RenterRow> {
    const [r] = await db
      .update(renters)
      .set({
        isTrial: false,
        mdornf: 2,
        serviceEndAt: sql`greatest(now(), coalesce(${renters.serviceEndAt}, now())) + make_interval(years => ${years}::int)`,
      })
      .where(eq(renters.id, id))
      .returning();
    return r;
  },
};

export const sessionRepo = {
  /** The live session of a token hash with its enterprise's service (one statement: every API call runs it). */
  async live(db: Db, tokenHash: string) {
    const [r] = await db
      .select({ s: sessions, mdornf: renters.mdornf, serviceEndAt: renters.serviceEndAt })
      .from(sessions)
      .leftJoin(renters, eq(renters.id, sessions.renterId))
      .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())))
      .limit(1);
    return r;
  },
  /** Ends the live sessions of these users in the tenant's enterprise; answers the ended session ids. */
  async revokeIn(tenant: Tenant, userIds: string[]): Promise<string[]> {
    const { db, renterId } = tenant;
    if (userIds.length === 0) return [];
    const rows = await db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.renterId, renterId), inArray(sessions.userId, userIds), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    return rows.map((r) => r.id);
  },
  async insert(db: Db, v: typeof sessions.$inferInsert) {
    const [s] = await db.insert(sessions).values(v).returning();
    return s;
  },
  async revoke(db: Db, id: string) {
    await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, id));
  },
  /** Ends every live session of a user, but one. */
  async revokeAllOf(db: Db, userId: string, exceptId?: string) {
    const live = and(eq(sessions.userId, userId), isNull(sessions.revokedAt));
    await db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(exceptId ? and(live, sql`${sessions.id} <> ${exceptId}`) : live);
  },
};

export const smsRepo = {
  /** Serialises code requests of one phone, so the cooldown holds under concurrent requests. */
  async lockPhone(db: Db, phone: string) {
    await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`sms:${phone}`}))`);
  },
  async last(db: Db, phone: string) {
    const [r] = await db.select().from(smsCodes).where(eq(smsCodes.phone, phone)).orderBy(desc(smsCodes.createdAt)).limit(1);
    return r;
  },
  async countSince(db: Db, phone: string, since: Date): Promise<number> {
    const [r] = await db
      .select({ n: count() })
      .from(smsCodes)
      .where(and(eq(smsCodes.phone, phone), gte(smsCodes.createdAt, since)));
    return Number(r?.n ?? 0);
  },
  async insert(db: Db, v: typeof smsCodes.$inferInsert) {
    await db.insert(smsCodes).values(v);
  },
  async liveCode(db: Db, phone: string, type: number, scope = '') {
    const [r] = await db
      .select()
      .from(smsCodes)
      .where(
        and(
          eq(smsCodes.phone, phone),
          eq(smsCodes.type, type),
          eq(smsCodes.scope, scope),
          isNull(smsCodes.usedAt),
          gt(smsCodes.expiresAt, new Date()),
        ),
      )
      .orderBy(desc(smsCodes.createdAt))
      .limit(1);
    return r;
  },
  /**
   * Takes one try of a live code in one conditional UPDATE, before the code is compared: answers false when its tries
   * are used up (or it was used or ran out meanwhile), so however many guesses arrive at once, at most max are compared.
   */
  async takeAttempt(db: Db, id: string, max: number): Promise<boolean> {
    const r = await db
      .update(smsCodes)
      .set({ attempts: sql`${smsCodes.attempts} + 1` })
      .where(and(eq(smsCodes.id, id), sql`${smsCodes.attempts} < ${max}`, isNull(smsCodes.usedAt), gt(smsCodes.expiresAt, sql`now()`)))
      .returning({ id: smsCodes.id });
    return r.length === 1;
  },
  /** Gives a try back: the code was right (a check that does not use it up costs no try). */
  async giveBackAttempt(db: Db, id: string) {
    await db
      .update(smsCodes)
      .set({ attempts: sql`greatest(${smsCodes.attempts} - 1, 0)` })
      .where(eq(smsCodes.id, id));
  },
  /** Marks the code used; false when another request used it first. */
  async consume(db: Db, id: string): Promise<boolean> {
    const r = await db
      .update(smsCodes)
      .set({ usedAt: new Date() })
      .where(and(eq(smsCodes.id, id), isNull(smsCodes.usedAt)))
      .returning({ id: smsCodes.id });
    return r.length === 1;
  },
};

export interface LoginLogQuery {
  stime?: Date;
  endtime?: Date;
  /** -1 all. */
  ok: number;
  offset: number;
  limit: number;
}

export const loginLogRepo = {
  async insert(db: Db, v: typeof loginLogs.$inferInsert) {
    await db.insert(loginLogs).values(v);
  },
  /** A user's own login records, newest first (index login_logs_user_idx: user_id, created_at). */
  async page(db: Db, userId: string, q: LoginLogQuery) {
    const conds: SQL[] = [eq(loginLogs.userId, userId)];
    if (q.stime) conds.push(gte(loginLogs.createdAt, q.stime));
    if (q.endtime) conds.push(lte(loginLogs.createdAt, q.endtime));
    if (q.ok !== -1) conds.push(eq(loginLogs.ok, q.ok === 1));
    const where = and(...conds);
    const rows = await db
      .select({ r: loginLogs, counted: boundedCountSql(db, loginLogs, where) })
      .from(loginLogs)
      .where(where)
      .orderBy(desc(loginLogs.createdAt), desc(loginLogs.id))
      .limit(q.limit)
      .offset(q.offset);
    const counted = rows[0]?.counted ?? (q.offset === 0 ? 0 : await countOnly(db, where));
    const total = await totalOf(db, loginLogs, where, counted);
    return { rows: rows.map((x) => x.r), ...total };
  },
  /** A user's latest login attempts into the tenant's enterprise (index login_logs_user_idx). */
  async recentIn(tenant: Tenant, userId: string, limit: number) {
    const { db, renterId } = tenant;
    return db
      .select()
      .from(loginLogs)
      .where(and(eq(loginLogs.userId, userId), eq(loginLogs.renterId, renterId)))
      .orderBy(desc(loginLogs.createdAt))
      .limit(limit);
  },
  /** Successful logins into the enterprise per day (YYYY-MM-DD in the zone) since `since`. */
  async byDay(tenant: Tenant, since: Date, timeZone: string): Promise<{ day: string; count: number }[]> {
    const { db, renterId } = tenant;
    const day = sql<string>`to_char(${loginLogs.createdAt} at time zone ${timeZone}, 'YYYY-MM-DD')`;
    const rows = await db
      .select({ day, n: count() })
      .from(loginLogs)
      .where(and(eq(loginLogs.renterId, renterId), eq(loginLogs.ok, true), gte(loginLogs.createdAt, since)))
      .groupBy(sql`1`); // by position: the zone is a parameter, so the expression differs textually
    return rows.map((r) => ({ day: r.day, count: Number(r.n) }));
  },
};

async function countOnly(db: Db, where: SQL | undefined): Promise<number> {
  const [r] = await db.select({ n: boundedCountSql(db, loginLogs, where) }).from(sql`(select 1) as one`);
  return Number(r?.n ?? 0);
}

export const catalogueRepo = {
  products: (db: Db) => db.select().from(products).orderBy(asc(products.sort)),
  async product(db: Db, id: string): Promise<ProductRow | undefined> {
    const [p] = await db.select().from(products).where(eq(products.id, id)).limit(1);
    return p;
  },
  industries: (db: Db) => db.select().from(industries).orderBy(asc(industries.sort)),
  async industry(db: Db, id: string) {
    const [r] = await db.select().from(industries).where(eq(industries.id, id)).limit(1);
    return r;
  },
  agreements: (db: Db) => db.select().from(agreements).orderBy(asc(agreements.sort)),
  async areaChildren(db: Db, parentCode: string) {
    const rows = await db.select().from(areas).where(eq(areas.parentCode, parentCode)).orderBy(asc(areas.code));
    return rows;
  },
  async areasByCodes(db: Db, codes: string[]) {
    if (codes.length === 0) return [];
    return db.select().from(areas).where(sql`${areas.code} in ${codes}`);
  },
};
