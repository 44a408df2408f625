import { and, asc, count, desc, eq, gt, gte, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import {
  agreements,
  areas,
  authCounters,
  industries,
  loginLogs,
  products,
  renters,
  roles,
  sessions,
  shops,
  smsCodes,
  staff,
  users,
} from '@/db/schema';

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

export interface Membership {
  staffId: string;
  status: number;
  shopId: string;
  renter: RenterRow;
  roleName: string;
  isOwner: boolean;
  productName: string;
  productType: number;
  productStr: string;
}

export const membershipRepo = {
  /** The enterprises of a user, oldest first. */
  async ofUser(db: Db, userId: string): Promise<Membership[]> {
    const rows = await db
      .select({ s: staff, r: renters, role: roles, p: products })
      .from(staff)
      .innerJoin(renters, eq(renters.id, staff.renterId))
      .innerJoin(roles, and(eq(roles.id, staff.roleId), eq(roles.renterId, staff.renterId)))
      .leftJoin(products, eq(products.id, renters.productId))
      .where(eq(staff.userId, userId))
      .orderBy(asc(staff.createdAt));
    return rows.map(({ s, r, role, p }) => ({
      staffId: s.id,
      status: s.status,
      shopId: s.shopId,
      renter: r,
      roleName: role.name,
      isOwner: role.isOwner,
      productName: p?.name ?? '',
      productType: p?.productType ?? 1,
      productStr: p?.productStr ?? '',
    }));
  },
  async one(db: Db, userId: string, renterId: string): Promise<Membership | undefined> {
    return (await membershipRepo.ofUser(db, userId)).find((m) => m.renter.id === renterId);
  },
};

export const renterRepo = {
  async byId(db: Db, id: string): Promise<RenterRow | undefined> {
    const [r] = await db.select().from(renters).where(eq(renters.id, id)).limit(1);
    return r;
  },
  /** Creates the enterprise, its first shop, the owner role and the owner's staff row. */
  async create(
    db: Db,
    v: {
      name: string;
      industry: string;
      area: string[];
      productId: string;
      ownerUserId: string;
      ownerName: string;
      serviceEndAt: Date;
      allKeys: string[];
    },
  ) {
    const [renter] = await db
      .insert(renters)
      .values({
        name: v.name,
        industry: v.industry,
        area: v.area,
        productId: v.productId,
        ownerUserId: v.ownerUserId,
        isTrial: true,
        mdornf: 0,
        serviceEndAt: v.serviceEndAt,
      })
      .returning();
    const [shop] = await db.insert(shops).values({ renterId: renter.id, name: v.name }).returning();
    const [role] = await db
      .insert(roles)
      .values({ renterId: renter.id, name: '超级管理员', isOwner: true, menuKeys: v.allKeys })
      .returning();
    const [member] = await db
      .insert(staff)
      .values({ renterId: renter.id, userId: v.ownerUserId, shopId: shop.id, roleId: role.id, name: v.ownerName })
      .returning();
    return { renter, shop, role, member };
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

export const loginLogRepo = {
  async insert(db: Db, v: typeof loginLogs.$inferInsert) {
    await db.insert(loginLogs).values(v);
  },
};

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
