import { and, count, desc, eq, gte, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import { contains } from '../../core/like';
import type { Db } from '../../db/client';
import { formOrders, formSubmissions, forms, loginLogs, notices, operLogs, roles, staff, users } from '../../db/schema';

export const noticeRepo = {
  async insert(db: Db, v: typeof notices.$inferInsert) {
    const [n] = await db.insert(notices).values(v).returning();
    return n;
  },
  /** Notices for the user in the enterprise: their own and those for everyone. */
  async latest(db: Db, renterId: string, userId: string, limit: number) {
    return db
      .select()
      .from(notices)
      .where(and(eq(notices.renterId, renterId), or(isNull(notices.userId), eq(notices.userId, userId))))
      .orderBy(desc(notices.createdAt))
      .limit(limit);
  },
  /** One page of the user's notices, newest first, with the filtered total. */
  async page(db: Db, renterId: string, userId: string, q: { offset: number; limit: number; keyword: string; unread: boolean }) {
    const conds = [eq(notices.renterId, renterId), or(isNull(notices.userId), eq(notices.userId, userId))];
    if (q.keyword) conds.push(or(ilike(notices.title, contains(q.keyword)), ilike(notices.content, contains(q.keyword))));
    if (q.unread) conds.push(isNull(notices.readAt));
    const where = and(...conds);
    const [rows, [{ n }]] = await Promise.all([
      db.select().from(notices).where(where).orderBy(desc(notices.createdAt), desc(notices.id)).limit(q.limit).offset(q.offset),
      db.select({ n: count() }).from(notices).where(where),
    ]);
    return { rows, total: Number(n) };
  },
  async unreadCount(db: Db, renterId: string, userId: string) {
    const [r] = await db
      .select({ n: count() })
      .from(notices)
      .where(and(eq(notices.renterId, renterId), or(isNull(notices.userId), eq(notices.userId, userId)), isNull(notices.readAt)));
    return Number(r?.n ?? 0);
  },
  async markRead(db: Db, renterId: string, userId: string, ids: string[]) {
    const mine = and(eq(notices.renterId, renterId), or(isNull(notices.userId), eq(notices.userId, userId)), isNull(notices.readAt));
    await db
      .update(notices)
      .set({ readAt: new Date() })
      .where(ids.length ? and(mine, sql`${notices.id} in ${ids}`) : mine);
  },
};

export const dashboardRepo = {
  /** Form figures of the enterprise: active forms, submissions and paid form orders since `since`, orders to verify. */
  async formFigures(db: Db, renterId: string, since: Date) {
    const [[a], [b], [c], [d]] = await Promise.all([
      db
        .select({ n: count() })
        .from(forms)
        .where(and(eq(forms.renterId, renterId), eq(forms.state, 1))),
      db
        .select({ n: count() })
        .from(formSubmissions)
        .where(and(eq(formSubmissions.renterId, renterId), gte(formSubmissions.createdAt, since), gte(formSubmissions.status, 0))),
      db
        .select({ n: count() })
        .from(formOrders)
        .where(and(eq(formOrders.renterId, renterId), eq(formOrders.status, 1))),
      db
        .select({ fen: sql<string>`coalesce(sum(${formOrders.amountFen}), 0)` })
        .from(formOrders)
        .where(and(eq(formOrders.renterId, renterId), gte(formOrders.paidAt, since), inArray(formOrders.status, [1, 2]))),
    ]);
    return { activeForms: Number(a.n), submissionsToday: Number(b.n), ordersToVerify: Number(c.n), paidTodayFen: Number(d.fen) };
  },
  async staffCount(db: Db, renterId: string) {
    const [r] = await db
      .select({ n: count() })
      .from(staff)
      .where(and(eq(staff.renterId, renterId), eq(staff.status, 1)));
    return Number(r?.n ?? 0);
  },
  async roleCount(db: Db, renterId: string) {
    const [r] = await db.select({ n: count() }).from(roles).where(eq(roles.renterId, renterId));
    return Number(r?.n ?? 0);
  },
  /** Successful logins into the enterprise per day since `since`. */
  async loginsByDay(db: Db, renterId: string, since: Date, timeZone: string) {
    const day = sql<string>`to_char(${loginLogs.createdAt} at time zone ${timeZone}, 'YYYY-MM-DD')`;
    const rows = await db
      .select({ day, n: count() })
      .from(loginLogs)
      .where(and(eq(loginLogs.renterId, renterId), eq(loginLogs.ok, true), gte(loginLogs.createdAt, since)))
      .groupBy(sql`1`); // by position: the zone is a parameter, so the expression differs textually
    return rows.map((r) => ({ day: r.day, count: Number(r.n) }));
  },
  async recentOperations(db: Db, renterId: string, limit: number) {
    return db
      .select({ createdAt: operLogs.createdAt, action: operLogs.action, module: operLogs.module, name: users.name, phone: users.phone })
      .from(operLogs)
      .leftJoin(users, eq(users.id, operLogs.userId))
      .where(eq(operLogs.renterId, renterId))
      .orderBy(desc(operLogs.createdAt))
      .limit(limit);
  },
};
