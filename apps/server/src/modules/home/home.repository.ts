import { and, count, desc, eq, gte, sql } from 'drizzle-orm';
import { loginLogs, operLogs, roles, staff, users } from '@/db/schema';
import type { Tenant } from '@/core/tenant';

export const dashboardRepo = {
  async staffCount(tenant: Tenant) {
    const { db, renterId } = tenant;
    const [r] = await db
      .select({ n: count() })
      .from(staff)
      .where(and(eq(staff.renterId, renterId), eq(staff.status, 1)));
    return Number(r?.n ?? 0);
  },
  async roleCount(tenant: Tenant) {
    const { db, renterId } = tenant;
    const [r] = await db.select({ n: count() }).from(roles).where(eq(roles.renterId, renterId));
    return Number(r?.n ?? 0);
  },
  /** Successful logins into the enterprise per day since `since`. */
  async loginsByDay(tenant: Tenant, since: Date, timeZone: string) {
    const { db, renterId } = tenant;
    const day = sql<string>`to_char(${loginLogs.createdAt} at time zone ${timeZone}, 'YYYY-MM-DD')`;
    const rows = await db
      .select({ day, n: count() })
      .from(loginLogs)
      .where(and(eq(loginLogs.renterId, renterId), eq(loginLogs.ok, true), gte(loginLogs.createdAt, since)))
      .groupBy(sql`1`); // by position: the zone is a parameter, so the expression differs textually
    return rows.map((r) => ({ day: r.day, count: Number(r.n) }));
  },
  async recentOperations(tenant: Tenant, limit: number) {
    const { db, renterId } = tenant;
    return db
      .select({ createdAt: operLogs.createdAt, action: operLogs.action, module: operLogs.module, name: users.name, phone: users.phone })
      .from(operLogs)
      .leftJoin(users, eq(users.id, operLogs.userId))
      .where(eq(operLogs.renterId, renterId))
      .orderBy(desc(operLogs.createdAt))
      .limit(limit);
  },
};
