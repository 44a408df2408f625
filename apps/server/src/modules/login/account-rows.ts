/**
 * The rows the account module (企业信息, 企业转让, 登录日志, 账号绑定) reads and writes: the enterprise row, its roles and
 * staff, a user's login records, phone and bindings, all of them identity tables this module owns (login.tables.ts).
 */
import { and, desc, eq, gte, inArray, isNull, lte, type SQL, sql } from 'drizzle-orm';
import { boundedCountSql, totalOf } from '@/core/paging';
import type { Db } from '@/db/client';
import { loginLogs, renters, roles, sessions, shops, staff, userBinds, users } from '@/db/schema';
import type { Tenant } from '@/core/tenant';

export type RenterRow = typeof renters.$inferSelect;
export type UserBindRow = typeof userBinds.$inferSelect;

/** The enterprise row itself (its id is the renter). */
export const renterInfoRows = {
  async byId(tenant: Tenant): Promise<RenterRow | undefined> {
    const { db, renterId } = tenant;
    const [r] = await db.select().from(renters).where(eq(renters.id, renterId)).limit(1);
    return r;
  },
  /** Locks the enterprise row for the rest of the transaction (transfers and edits of it queue up). */
  async lockById(tenant: Tenant): Promise<RenterRow | undefined> {
    const { db, renterId } = tenant;
    const [r] = await db.select().from(renters).where(eq(renters.id, renterId)).limit(1).for('update');
    return r;
  },
  async update(tenant: Tenant, v: Partial<typeof renters.$inferInsert>) {
    const { db, renterId } = tenant;
    await db.update(renters).set(v).where(eq(renters.id, renterId));
  },
};

/** Roles and memberships, as an enterprise transfer moves them. */
export const transRows = {
  async role(tenant: Tenant, id: string) {
    const { db, renterId } = tenant;
    const [r] = await db
      .select()
      .from(roles)
      .where(and(eq(roles.renterId, renterId), eq(roles.id, id)))
      .limit(1);
    return r;
  },
  async firstShopId(tenant: Tenant): Promise<string | undefined> {
    const { db, renterId } = tenant;
    const [s] = await db.select({ id: shops.id }).from(shops).where(eq(shops.renterId, renterId)).orderBy(shops.createdAt).limit(1);
    return s?.id;
  },
  async setMemberRole(tenant: Tenant, userId: string, roleId: string) {
    const { db, renterId } = tenant;
    await db
      .update(staff)
      .set({ roleId, status: 1, updatedAt: new Date() })
      .where(and(eq(staff.renterId, renterId), eq(staff.userId, userId)));
  },
  async insertMember(db: Db, v: typeof staff.$inferInsert) {
    await db.insert(staff).values(v);
  },
  async removeMember(tenant: Tenant, userId: string) {
    const { db, renterId } = tenant;
    await db.delete(staff).where(and(eq(staff.renterId, renterId), eq(staff.userId, userId)));
  },
  /** Ends the live sessions of these users in this enterprise; answers their ids (to close their connections). */
  async endSessionsIn(tenant: Tenant, userIds: string[]): Promise<string[]> {
    const { db, renterId } = tenant;
    const rows = await db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.renterId, renterId), inArray(sessions.userId, userIds), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    return rows.map((r) => r.id);
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

/** A user's own login records (index login_logs_user_idx: user_id, created_at). */
export const loginLogRows = {
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
};

async function countOnly(db: Db, where: SQL | undefined): Promise<number> {
  const [r] = await db.select({ n: boundedCountSql(db, loginLogs, where) }).from(sql`(select 1) as one`);
  return Number(r?.n ?? 0);
}

/** Users as the account screens change them: the login phone. */
export const accountUserRows = {
  async byId(db: Db, id: string) {
    const [u] = await db.select().from(users).where(eq(users.id, id)).limit(1);
    return u;
  },
  async byPhone(db: Db, phone: string) {
    const [u] = await db.select().from(users).where(eq(users.phone, phone)).limit(1);
    return u;
  },
  async setPhone(db: Db, id: string, phone: string) {
    await db.update(users).set({ phone }).where(eq(users.id, id));
  },
};

/** Outside accounts bound to a user (user_binds). */
export const bindRows = {
  async ofUser(db: Db, userId: string, kind: string): Promise<UserBindRow | undefined> {
    const [b] = await db
      .select()
      .from(userBinds)
      .where(and(eq(userBinds.userId, userId), eq(userBinds.kind, kind)))
      .limit(1);
    return b;
  },
  async byOpenid(db: Db, kind: string, openid: string): Promise<UserBindRow | undefined> {
    const [b] = await db
      .select()
      .from(userBinds)
      .where(and(eq(userBinds.kind, kind), eq(userBinds.openid, openid)))
      .limit(1);
    return b;
  },
  /** Inserts the binding; false when the user or the openid got bound meanwhile (the unique indexes decide). */
  async insert(db: Db, v: typeof userBinds.$inferInsert): Promise<boolean> {
    const rows = await db.insert(userBinds).values(v).onConflictDoNothing().returning({ id: userBinds.id });
    return rows.length === 1;
  },
  async remove(db: Db, userId: string, kind: string): Promise<UserBindRow | undefined> {
    const [b] = await db
      .delete(userBinds)
      .where(and(eq(userBinds.userId, userId), eq(userBinds.kind, kind)))
      .returning();
    return b;
  },
};
