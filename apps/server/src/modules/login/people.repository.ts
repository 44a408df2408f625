import { and, asc, count, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { loginLogs, roles, staff, users } from '@/db/schema';
import type { Tenant } from '@/core/tenant';

/** The enterprise's people as other modules see them: figures of its staff, roles and logins, and names by ids. */
export const peopleRepo = {
  /** Active staff (status 1) of the enterprise. */
  async activeStaffCount(tenant: Tenant): Promise<number> {
    const { db, renterId } = tenant;
    const [r] = await db
      .select({ n: count() })
      .from(staff)
      .where(and(eq(staff.renterId, renterId), eq(staff.status, 1)));
    return Number(r?.n ?? 0);
  },
  async roleCount(tenant: Tenant): Promise<number> {
    const { db, renterId } = tenant;
    const [r] = await db.select({ n: count() }).from(roles).where(eq(roles.renterId, renterId));
    return Number(r?.n ?? 0);
  },
  /** Successful logins into the enterprise per day (YYYY-MM-DD in the zone) since `since`. */
  async loginsByDay(tenant: Tenant, since: Date, timeZone: string): Promise<{ day: string; count: number }[]> {
    const { db, renterId } = tenant;
    const day = sql<string>`to_char(${loginLogs.createdAt} at time zone ${timeZone}, 'YYYY-MM-DD')`;
    const rows = await db
      .select({ day, n: count() })
      .from(loginLogs)
      .where(and(eq(loginLogs.renterId, renterId), eq(loginLogs.ok, true), gte(loginLogs.createdAt, since)))
      .groupBy(sql`1`); // by position: the zone is a parameter, so the expression differs textually
    return rows.map((r) => ({ day: r.day, count: Number(r.n) }));
  },
  /** The users of these ids: name and phone. */
  async users(db: Db, ids: string[]) {
    if (ids.length === 0) return [];
    return db.select({ id: users.id, name: users.name, phone: users.phone }).from(users).where(inArray(users.id, ids));
  },
  /** The enterprise's staff rows of these users: the name they have in it. */
  async staffOfUsers(tenant: Tenant, userIds: string[]) {
    const { db, renterId } = tenant;
    if (userIds.length === 0) return [];
    return db
      .select({ userId: staff.userId, name: staff.name })
      .from(staff)
      .where(and(eq(staff.renterId, renterId), inArray(staff.userId, userIds)));
  },
  /** The enterprise's staff rows of these ids: their names. */
  async staffNames(tenant: Tenant, ids: string[]) {
    const { db, renterId } = tenant;
    if (ids.length === 0) return [];
    return db
      .select({ id: staff.id, name: staff.name })
      .from(staff)
      .where(and(eq(staff.renterId, renterId), inArray(staff.id, ids)));
  },
  /** The enterprise's roles of these ids: their names. */
  async roleNames(tenant: Tenant, ids: string[]) {
    const { db, renterId } = tenant;
    if (ids.length === 0) return [];
    return db
      .select({ id: roles.id, name: roles.name })
      .from(roles)
      .where(and(eq(roles.renterId, renterId), inArray(roles.id, ids)));
  },
  /** The enterprise's members (staff rows with their user), oldest first. */
  async members(tenant: Tenant) {
    const { db, renterId } = tenant;
    return db
      .select({ userId: staff.userId, name: staff.name, userName: users.name, phone: users.phone })
      .from(staff)
      .innerJoin(users, eq(users.id, staff.userId))
      .where(eq(staff.renterId, renterId))
      .orderBy(asc(staff.createdAt));
  },
};
