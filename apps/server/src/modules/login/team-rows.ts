/**
 * The enterprise's roles, staff, shops and invited users as the team module (成员管理, 角色权限) reads and writes them:
 * rows of the identity tables this module owns (login.tables.ts), answered here so that only their owner touches them.
 */
import { and, asc, count, desc, eq, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { contains } from '@/core/like';
import { paged, sortBy } from '@/core/paging';
import type { Db } from '@/db/client';
import { loginLogs, roles, sessions, shops, staff, users } from '@/db/schema';
import type { Tenant } from '@/core/tenant';

export type RoleRow = typeof roles.$inferSelect;
export type StaffRow = typeof staff.$inferSelect;

const roleOf = (renterId: string) => eq(roles.renterId, renterId);
const staffOf = (renterId: string) => eq(staff.renterId, renterId);

/**
 * Members holding a role (index staff_renter_role_idx). Written out in SQL: Drizzle leaves the table off columns in
 * a one-table select, which would tie the inner columns to the inner table.
 */
const holders = sql<number>`(select count(*) from staff h where h.renter_id = roles.renter_id and h.role_id = roles.id)`.mapWith(Number);

export const teamRows = {
  /**
   * Serialises one enterprise's role and staff writes for the rest of the transaction: role names stay unique, and a
   * role is never deleted while a member is being given it.
   */
  async lock(tenant: Tenant) {
    const { db, renterId } = tenant;
    await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`team:${renterId}`}))`);
  },
  async shops(tenant: Tenant) {
    const { db, renterId } = tenant;
    return db.select({ id: shops.id, name: shops.name }).from(shops).where(eq(shops.renterId, renterId)).orderBy(asc(shops.createdAt));
  },
};

export const roleRows = {
  /** A page of roles: the owner role first, then oldest first; each with how many members hold it. */
  async page(tenant: Tenant, q: { keyword: string; offset: number; limit: number }) {
    const { db, renterId } = tenant;
    const where = and(roleOf(renterId), q.keyword ? ilike(roles.name, contains(q.keyword)) : undefined);
    return paged(
      db
        .select({ r: roles, staffCount: holders })
        .from(roles)
        .where(where)
        .orderBy(desc(roles.isOwner), asc(roles.createdAt), asc(roles.id))
        .limit(q.limit)
        .offset(q.offset),
      db.select({ n: count() }).from(roles).where(where),
    );
  },
  async all(tenant: Tenant) {
    const { db, renterId } = tenant;
    return db
      .select({ id: roles.id, name: roles.name, isOwner: roles.isOwner })
      .from(roles)
      .where(roleOf(renterId))
      .orderBy(desc(roles.isOwner), asc(roles.createdAt), asc(roles.id));
  },
  async byId(tenant: Tenant, id: string) {
    const { db, renterId } = tenant;
    const [r] = await db
      .select({ r: roles, staffCount: holders })
      .from(roles)
      .where(and(roleOf(renterId), eq(roles.id, id)))
      .limit(1);
    return r;
  },
  async named(tenant: Tenant, name: string, exceptId?: string) {
    const { db, renterId } = tenant;
    const [r] = await db
      .select({ id: roles.id })
      .from(roles)
      .where(and(roleOf(renterId), eq(roles.name, name), exceptId ? sql`${roles.id} <> ${exceptId}` : undefined))
      .limit(1);
    return r;
  },
  async insert(db: Db, v: typeof roles.$inferInsert): Promise<RoleRow> {
    const [r] = await db.insert(roles).values(v).returning();
    return r;
  },
  async update(tenant: Tenant, id: string, v: { name: string; remark: string; menuKeys: string[] }) {
    const { db, renterId } = tenant;
    await db
      .update(roles)
      .set({ ...v, updatedAt: new Date() })
      .where(and(roleOf(renterId), eq(roles.id, id)));
  },
  async delete(tenant: Tenant, id: string) {
    const { db, renterId } = tenant;
    await db.delete(roles).where(and(roleOf(renterId), eq(roles.id, id)));
  },
};

/** Last successful login of the member into this enterprise (index login_logs_user_idx). */
const lastLogin = sql<Date | null>`(select max(l.created_at) from login_logs l
  where l.user_id = staff.user_id and l.renter_id = staff.renter_id and l.ok)`.mapWith((v: string | Date | null) =>
  v ? new Date(v) : null,
);

const memberColumns = {
  s: staff,
  phone: users.phone,
  roleName: roles.name,
  roleIsOwner: roles.isOwner,
  shopName: shops.name,
  lastLoginAt: lastLogin,
};

export type MemberRow = {
  s: StaffRow;
  phone: string;
  roleName: string | null;
  roleIsOwner: boolean | null;
  shopName: string | null;
  lastLoginAt: Date | null;
};

const STAFF_SORTS = { createTime: staff.createdAt, name: staff.name, lastLoginTime: lastLogin } as const;

export interface StaffListQuery {
  keyword: string;
  roleId: string;
  /** -1 all. */
  status: number;
  sorter: { field: string; order: string }[];
  offset: number;
  limit: number;
}

function members(db: Db) {
  return db
    .select(memberColumns)
    .from(staff)
    .innerJoin(users, eq(users.id, staff.userId))
    .leftJoin(roles, and(eq(roles.renterId, staff.renterId), eq(roles.id, staff.roleId)))
    .leftJoin(shops, and(eq(shops.renterId, staff.renterId), eq(shops.id, staff.shopId)));
}

export const staffRows = {
  /** A page of members, newest first unless sorted (index staff_renter_created_idx). */
  async page(tenant: Tenant, q: StaffListQuery) {
    const { db, renterId } = tenant;
    const conds: SQL[] = [staffOf(renterId)];
    if (q.keyword) {
      const like = contains(q.keyword);
      conds.push(or(ilike(staff.name, like), ilike(users.phone, like)) as SQL);
    }
    if (q.roleId) conds.push(eq(staff.roleId, q.roleId));
    if (q.status !== -1) conds.push(eq(staff.status, q.status));
    const where = and(...conds);
    return paged<MemberRow>(
      members(db)
        .where(where)
        .orderBy(...sortBy(q.sorter, STAFF_SORTS), desc(staff.createdAt), desc(staff.id))
        .limit(q.limit)
        .offset(q.offset),
      db.select({ n: count() }).from(staff).innerJoin(users, eq(users.id, staff.userId)).where(where),
    );
  },
  async member(tenant: Tenant, id: string): Promise<MemberRow | undefined> {
    const { db, renterId } = tenant;
    const [r] = await members(db)
      .where(and(staffOf(renterId), eq(staff.id, id)))
      .limit(1);
    return r;
  },
  /** Rows of these members with whether their role is the owner role. */
  async byIds(tenant: Tenant, ids: string[]) {
    const { db, renterId } = tenant;
    return db
      .select({ s: staff, roleIsOwner: roles.isOwner })
      .from(staff)
      .leftJoin(roles, and(eq(roles.renterId, staff.renterId), eq(roles.id, staff.roleId)))
      .where(and(staffOf(renterId), inArray(staff.id, ids)));
  },
  async ofUser(tenant: Tenant, userId: string) {
    const { db, renterId } = tenant;
    const [r] = await db
      .select({ id: staff.id })
      .from(staff)
      .where(and(staffOf(renterId), eq(staff.userId, userId)))
      .limit(1);
    return r;
  },
  /** The name a user goes by in this enterprise (their staff name, else their account name). */
  async ofUserName(tenant: Tenant, userId: string): Promise<string | undefined> {
    const { db, renterId } = tenant;
    const [r] = await db
      .select({ staffName: staff.name, userName: users.name })
      .from(users)
      .leftJoin(staff, and(staffOf(renterId), eq(staff.userId, users.id)))
      .where(eq(users.id, userId))
      .limit(1);
    return r ? r.staffName || r.userName : undefined;
  },
  /** Adds the membership; undefined when the user is already a member (another request won). */
  async insert(db: Db, v: typeof staff.$inferInsert): Promise<StaffRow | undefined> {
    const [r] = await db.insert(staff).values(v).onConflictDoNothing().returning();
    return r;
  },
  async update(tenant: Tenant, id: string, v: { name: string; roleId: string; shopId: string; remark: string }) {
    const { db, renterId } = tenant;
    await db
      .update(staff)
      .set({ ...v, updatedAt: new Date() })
      .where(and(staffOf(renterId), eq(staff.id, id)));
  },
  async setStatus(tenant: Tenant, ids: string[], status: number) {
    const { db, renterId } = tenant;
    await db
      .update(staff)
      .set({ status, updatedAt: new Date() })
      .where(and(staffOf(renterId), inArray(staff.id, ids)));
  },
  async delete(tenant: Tenant, ids: string[]) {
    const { db, renterId } = tenant;
    await db.delete(staff).where(and(staffOf(renterId), inArray(staff.id, ids)));
  },
  /** Ends the live sessions of these users in this enterprise; answers the ended session ids. */
  async revokeSessions(tenant: Tenant, userIds: string[]): Promise<string[]> {
    const { db, renterId } = tenant;
    if (userIds.length === 0) return [];
    const rows = await db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(inArray(sessions.userId, userIds), eq(sessions.renterId, renterId), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    return rows.map((r) => r.id);
  },
  /** The member's latest login attempts into this enterprise (index login_logs_user_idx). */
  async recentLogins(tenant: Tenant, userId: string, limit: number) {
    const { db, renterId } = tenant;
    return db
      .select()
      .from(loginLogs)
      .where(and(eq(loginLogs.userId, userId), eq(loginLogs.renterId, renterId)))
      .orderBy(desc(loginLogs.createdAt))
      .limit(limit);
  },
};

export const inviteeRows = {
  async byPhone(db: Db, phone: string) {
    const [u] = await db.select({ id: users.id, name: users.name }).from(users).where(eq(users.phone, phone)).limit(1);
    return u;
  },
  /** Creates the user of an invited phone, or answers the one another request created at the same moment. */
  async create(db: Db, v: { phone: string; name: string; passwordHash: string }): Promise<{ id: string; created: boolean }> {
    const [u] = await db.insert(users).values(v).onConflictDoNothing().returning({ id: users.id });
    if (u) return { id: u.id, created: true };
    const found = await inviteeRows.byPhone(db, v.phone);
    if (!found) throw new Error('invited user vanished');
    return { id: found.id, created: false };
  },
};
