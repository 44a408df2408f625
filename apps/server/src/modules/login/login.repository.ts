import { and, asc, count, desc, eq, gt, gte, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  agreements,
  areas,
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
} from '../../db/schema';

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
  /** Adds one failure and returns the new count; atomic under concurrent attempts. */
  async addFailure(db: Db, id: string): Promise<number> {
    const [r] = await db
      .update(users)
      .set({ failedLogins: sql`${users.failedLogins} + 1` })
      .where(eq(users.id, id))
      .returning({ n: users.failedLogins });
    return r?.n ?? 0;
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
  async liveCode(db: Db, phone: string, type: number) {
    const [r] = await db
      .select()
      .from(smsCodes)
      .where(and(eq(smsCodes.phone, phone), eq(smsCodes.type, type), isNull(smsCodes.usedAt), gt(smsCodes.expiresAt, new Date())))
      .orderBy(desc(smsCodes.createdAt))
      .limit(1);
    return r;
  },
  async addAttempt(db: Db, id: string) {
    await db
      .update(smsCodes)
      .set({ attempts: sql`${smsCodes.attempts} + 1` })
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
