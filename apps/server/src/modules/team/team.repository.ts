/**
 * The enterprise's roles and staff (team.tables.ts). The users' phones and last logins are login's tables, embedded as
 * login's SQL expressions (`userPhoneSql`, `lastLoginSql`) so a member list still filters and sorts in one statement.
 */
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { contains } from '@/core/like';
import { paged, sortBy } from '@/core/paging';
import type { Tenant } from '@/core/tenant';
import { tenantTable } from '@/core/tenant-repo';
import type { Db } from '@/db/client';
import { roles, staff } from '@/db/schema';
import { lastLoginSql, userPhoneSql } from '@/modules/login';

export type RoleRow = typeof roles.$inferSelect;
export type StaffRow = typeof staff.$inferSelect;

const roleTable = tenantTable(roles, { name: roles.name });
const staffTable = tenantTable(staff);

/**
 * Members holding a role (index staff_renter_role_idx). Written out in SQL: Drizzle leaves the table off columns in
 * a one-table select, which would tie the inner columns to the inner table.
 */
const holders = sql<number>`(select count(*) from staff h where h.renter_id = roles.renter_id and h.role_id = roles.id)`.mapWith(Number);

/**
 * Serialises one enterprise's role and staff writes for the rest of the transaction: role names stay unique, and a
 * role is never deleted while a member is being given it.
 */
export async function lockTeam(tenant: Tenant): Promise<void> {
  await tenant.db.execute(sql`select pg_advisory_xact_lock(hashtext(${`team:${tenant.renterId}`}))`);
}

export const roleRepo = {
  byId: roleTable.byId,
  byIds: roleTable.byIds,
  nameTaken: roleTable.nameTaken,
  /** A page of roles: the owner role first, then oldest first; each with how many members hold it. */
  async page(tenant: Tenant, q: { keyword: string; offset: number; limit: number }) {
    const { db } = tenant;
    const where = and(roleTable.of(tenant), q.keyword ? ilike(roles.name, contains(q.keyword)) : undefined);
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
    return tenant.db
      .select({ id: roles.id, name: roles.name, isOwner: roles.isOwner })
      .from(roles)
      .where(roleTable.of(tenant))
      .orderBy(desc(roles.isOwner), asc(roles.createdAt), asc(roles.id));
  },
  /** The role with how many members hold it. */
  async withCount(tenant: Tenant, id: string) {
    const [r] = await tenant.db
      .select({ r: roles, staffCount: holders })
      .from(roles)
      .where(and(roleTable.of(tenant), eq(roles.id, id)))
      .limit(1);
    return r;
  },
  async insert(db: Db, v: typeof roles.$inferInsert): Promise<RoleRow> {
    const [r] = await db.insert(roles).values(v).returning();
    return r;
  },
  async update(tenant: Tenant, id: string, v: { name: string; remark: string; menuKeys: string[] }) {
    await tenant.db
      .update(roles)
      .set({ ...v, updatedAt: new Date() })
      .where(and(roleTable.of(tenant), eq(roles.id, id)));
  },
  async delete(tenant: Tenant, id: string) {
    await tenant.db.delete(roles).where(and(roleTable.of(tenant), eq(roles.id, id)));
  },
  async count(tenant: Tenant): Promise<number> {
    const [r] = await tenant.db.select({ n: count() }).from(roles).where(roleTable.of(tenant));
    return Number(r?.n ?? 0);
  },
};

const phone = userPhoneSql(staff.userId);
const lastLogin = lastLoginSql(staff.userId, staff.renterId);

/** A member as the lists show them: the staff row, the user's phone, the role, the last login into the enterprise. */
export type MemberRow = {
  s: StaffRow;
  phone: string;
  roleName: string | null;
  roleIsOwner: boolean | null;
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
    .select({ s: staff, phone, roleName: roles.name, roleIsOwner: roles.isOwner, lastLoginAt: lastLogin })
    .from(staff)
    .leftJoin(roles, and(eq(roles.renterId, staff.renterId), eq(roles.id, staff.roleId)));
}

export const staffRepo = {
  /** A page of members, newest first unless sorted (index staff_renter_created_idx). */
  async page(tenant: Tenant, q: StaffListQuery) {
    const conds: SQL[] = [staffTable.of(tenant)];
    if (q.keyword) {
      const like = contains(q.keyword);
      conds.push(or(ilike(staff.name, like), ilike(phone, like)) as SQL);
    }
    if (q.roleId) conds.push(eq(staff.roleId, q.roleId));
    if (q.status !== -1) conds.push(eq(staff.status, q.status));
    const where = and(...conds);
    return paged<MemberRow>(
      members(tenant.db)
        .where(where)
        .orderBy(...sortBy(q.sorter, STAFF_SORTS), desc(staff.createdAt), desc(staff.id))
        .limit(q.limit)
        .offset(q.offset),
      tenant.db.select({ n: count() }).from(staff).where(where),
    );
  },
  async member(tenant: Tenant, id: string): Promise<MemberRow | undefined> {
    const [r] = await members(tenant.db)
      .where(and(staffTable.of(tenant), eq(staff.id, id)))
      .limit(1);
    return r;
  },
  /** Rows of these members with whether their role is the owner role. */
  async byIdsWithRole(tenant: Tenant, ids: string[]) {
    if (ids.length === 0) return [];
    return tenant.db
      .select({ s: staff, roleIsOwner: roles.isOwner })
      .from(staff)
      .leftJoin(roles, and(eq(roles.renterId, staff.renterId), eq(roles.id, staff.roleId)))
      .where(and(staffTable.of(tenant), inArray(staff.id, ids)));
  },
  /** The staff rows of these users in the enterprise. */
  async ofUsers(tenant: Tenant, userIds: string[]): Promise<StaffRow[]> {
    if (userIds.length === 0) return [];
    return tenant.db
      .select()
      .from(staff)
      .where(and(staffTable.of(tenant), inArray(staff.userId, userIds)));
  },
  byIds: staffTable.byIds,
  /** Adds the membership; undefined when the user is already a member (another request won). */
  async insert(db: Db, v: typeof staff.$inferInsert): Promise<StaffRow | undefined> {
    const [r] = await db.insert(staff).values(v).onConflictDoNothing().returning();
    return r;
  },
  async update(tenant: Tenant, id: string, v: Partial<Pick<StaffRow, 'name' | 'roleId' | 'shopId' | 'remark' | 'status'>>) {
    await tenant.db
      .update(staff)
      .set({ ...v, updatedAt: new Date() })
      .where(and(staffTable.of(tenant), eq(staff.id, id)));
  },
  async setStatus(tenant: Tenant, ids: string[], status: number) {
    await tenant.db
      .update(staff)
      .set({ status, updatedAt: new Date() })
      .where(and(staffTable.of(tenant), inArray(staff.id, ids)));
  },
  async delete(tenant: Tenant, ids: string[]) {
    await tenant.db.delete(staff).where(and(staffTable.of(tenant), inArray(staff.id, ids)));
  },
  /** Active staff (status 1) of the enterprise. */
  async activeCount(tenant: Tenant): Promise<number> {
    const [r] = await tenant.db
      .select({ n: count() })
      .from(staff)
      .where(and(staffTable.of(tenant), eq(staff.status, 1)));
    return Number(r?.n ?? 0);
  },
  /** The enterprise's members, oldest first. */
  async all(tenant: Tenant) {
    return tenant.db
      .select({ userId: staff.userId, name: staff.name })
      .from(staff)
      .where(staffTable.of(tenant))
      .orderBy(asc(staff.createdAt));
  },
};

/** A user's staff rows in every enterprise with their role, oldest first (a login; system handle, across renters). */
export async function staffOfUser(db: Db, userId: string) {
  return db
    .select({ s: staff, role: roles })
    .from(staff)
    .innerJoin(roles, and(eq(roles.id, staff.roleId), eq(roles.renterId, staff.renterId)))
    .where(eq(staff.userId, userId))
    .orderBy(asc(staff.createdAt));
}

/**
 * The membership of a live session (the row login answered for the token: its enterprise and user, never a request's
 * fields): the user's staff row in that enterprise with its role. Every API call runs it.
 */
export async function sessionMember(db: Db, session: { renterId: string; userId: string }) {
  const { renterId, userId } = session;
  const [r] = await db
    .select({
      staffId: staff.id,
      status: staff.status,
      shopId: staff.shopId,
      roleId: roles.id,
      isOwner: roles.isOwner,
      menuKeys: roles.menuKeys,
    })
    .from(staff)
    .leftJoin(roles, and(eq(roles.id, staff.roleId), eq(roles.renterId, staff.renterId)))
    .where(and(eq(staff.renterId, renterId), eq(staff.userId, userId)))
    .limit(1);
  return r;
}
