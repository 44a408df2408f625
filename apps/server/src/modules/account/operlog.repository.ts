import { and, asc, desc, eq, gte, ilike, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import { contains } from '../../core/like';
import { boundedCountSql, totalOf } from '../../core/paging';
import type { Db } from '../../db/client';
import { operLogs, staff, users } from '../../db/schema';

export interface OperlogFilter {
  userId: string;
  module: string;
  /** On the action text. */
  keyword: string;
  stime?: Date;
  endtime?: Date;
}

/** One log row with who did it: the member's name in this enterprise (the user's own once they left) and phone. */
const columns = {
  id: operLogs.id,
  userId: operLogs.userId,
  module: operLogs.module,
  action: operLogs.action,
  recordId: operLogs.recordId,
  ip: operLogs.ip,
  createdAt: operLogs.createdAt,
  staffName: staff.name,
  userName: users.name,
  phone: users.phone,
};
export type OperlogListRow = {
  id: string;
  userId: string;
  module: string;
  action: string;
  recordId: string;
  ip: string;
  createdAt: Date;
  staffName: string | null;
  userName: string | null;
  phone: string | null;
};

export type OperlogExportRow = OperlogListRow & { before: unknown; after: unknown; cursorAt: string };

/**
 * Every condition starts with renter_id and most with created_at, so the indexes oper_logs_renter_idx,
 * oper_logs_renter_module_idx and oper_logs_renter_user_idx serve the filters and the newest-first order.
 */
function whereOf(renterId: string, f: OperlogFilter): SQL | undefined {
  const conds: SQL[] = [eq(operLogs.renterId, renterId)];
  if (f.userId) conds.push(eq(operLogs.userId, f.userId));
  if (f.module) conds.push(eq(operLogs.module, f.module));
  if (f.keyword) conds.push(ilike(operLogs.action, contains(f.keyword)));
  if (f.stime) conds.push(gte(operLogs.createdAt, f.stime));
  if (f.endtime) conds.push(lte(operLogs.createdAt, f.endtime));
  return and(...conds);
}

function listSelect(db: Db) {
  return db
    .select(columns)
    .from(operLogs)
    .leftJoin(staff, and(eq(staff.renterId, operLogs.renterId), eq(staff.userId, operLogs.userId)))
    .leftJoin(users, eq(users.id, operLogs.userId))
    .$dynamic();
}

export const operlogRepo = {
  /** A page, newest first, with a bounded count (DESIGN §8: the log of a busy enterprise is large). */
  async page(db: Db, renterId: string, f: OperlogFilter, offset: number, limit: number) {
    const where = whereOf(renterId, f);
    const [rows, [c]] = await Promise.all([
      listSelect(db).where(where).orderBy(desc(operLogs.createdAt), desc(operLogs.id)).limit(limit).offset(offset) as Promise<
        OperlogListRow[]
      >,
      db.select({ n: boundedCountSql(db, operLogs, where) }).from(sql`(select 1) as one`),
    ]);
    const total = await totalOf(db, operLogs, where, Number(c?.n ?? 0));
    return { rows, ...total };
  },
  async detail(db: Db, renterId: string, id: string) {
    const [r] = await db
      .select({ ...columns, before: operLogs.before, after: operLogs.after })
      .from(operLogs)
      .leftJoin(staff, and(eq(staff.renterId, operLogs.renterId), eq(staff.userId, operLogs.userId)))
      .leftJoin(users, eq(users.id, operLogs.userId))
      .where(and(eq(operLogs.renterId, renterId), eq(operLogs.id, id)))
      .limit(1);
    return r;
  },
  /** How many rows the filter matches, counting at most bound + 1. */
  async countUpTo(db: Db, renterId: string, f: OperlogFilter, bound: number): Promise<number> {
    const [c] = await db.select({ n: boundedCountSql(db, operLogs, whereOf(renterId, f), bound) }).from(sql`(select 1) as one`);
    return Number(c?.n ?? 0);
  },
  /** The filter's rows newest first, a page at a time by keyset on (created_at, id): never an offset. */
  async *exportPages(db: Db, renterId: string, f: OperlogFilter, size = 500): AsyncGenerator<OperlogExportRow[]> {
    const where = whereOf(renterId, f);
    // The cursor's time travels as text: a JS Date would drop the microseconds and skip rows.
    let cursor: { at: string; id: string } | null = null;
    for (;;) {
      const at = cursor ? sql`${cursor.at}::timestamptz` : undefined;
      const after: SQL | undefined = cursor
        ? or(sql`${operLogs.createdAt} < ${at}`, and(sql`${operLogs.createdAt} = ${at}`, lt(operLogs.id, cursor.id)))
        : undefined;
      const page: OperlogExportRow[] = await db
        .select({ ...columns, before: operLogs.before, after: operLogs.after, cursorAt: sql<string>`${operLogs.createdAt}::text` })
        .from(operLogs)
        .leftJoin(staff, and(eq(staff.renterId, operLogs.renterId), eq(staff.userId, operLogs.userId)))
        .leftJoin(users, eq(users.id, operLogs.userId))
        .where(after ? and(where, after) : where)
        .orderBy(desc(operLogs.createdAt), desc(operLogs.id))
        .limit(size);
      if (!page.length) return;
      yield page;
      if (page.length < size) return;
      const last = page[page.length - 1];
      cursor = { at: last.cursorAt, id: last.id };
    }
  },
  /** Members of the enterprise, for the 操作人 filter. */
  async staffOf(db: Db, renterId: string) {
    return db
      .select({ userId: staff.userId, name: staff.name, userName: users.name, phone: users.phone })
      .from(staff)
      .innerJoin(users, eq(users.id, staff.userId))
      .where(eq(staff.renterId, renterId))
      .orderBy(asc(staff.createdAt));
  },
};
