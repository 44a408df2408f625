import { and, desc, eq, gte, ilike, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import { operLogs } from './audit.tables';
import { contains } from './like';
import { boundedCountSql, totalOf } from './paging';
import type { Tenant } from './tenant';

/**
 * Reads of the operation log (oper_logs, owned by core: audit.ts writes it). The screens that list it (首页, 操作日志)
 * ask here for the renter's rows and ask the owners of the people and records the rows name (login, goods, forms) for
 * their names, by the ids of the rows they show.
 */

/**
 * The renter's last `limit` operations, newest first (首页), or one user's (成员详情; index oper_logs_renter_user_idx).
 */
export async function recentOperations(tenant: Tenant, limit: number, userId?: string) {
  const { db, renterId } = tenant;
  return db
    .select()
    .from(operLogs)
    .where(and(eq(operLogs.renterId, renterId), userId === undefined ? undefined : eq(operLogs.userId, userId)))
    .orderBy(desc(operLogs.createdAt))
    .limit(limit);
}

/** The filters of the 操作日志 list and export. */
export interface OperLogFilter {
  userId: string;
  module: string;
  /** On the action text. */
  keyword: string;
  stime?: Date;
  endtime?: Date;
}

/** One log row as the log itself tells it; `loggedName` is the record's name as the log wrote it, if it did. */
export interface OperLogRow {
  id: string;
  userId: string;
  /** staff | member | visitor | system (core/context Actor). */
  actor: string;
  module: string;
  action: string;
  recordId: string;
  ip: string;
  createdAt: Date;
  /**
   * The record's name as the log wrote it (the name at the time, which survives renames and deletion): the after's or
   * before's title or name, else a batch's names ('商品A、商品B'); null when the log names none.
   */
  loggedName: string | null;
}

export type OperLogFullRow = OperLogRow & { before: unknown; after: unknown };
export type OperLogExportRow = OperLogFullRow & { cursorAt: string };

/** The names a batch's before lists ('商品A、商品B'), from its records' title or name. */
const batchNames = sql<
  string | null
>`(select string_agg(coalesce(e->>'title', e->>'name'), '、') from jsonb_array_elements(case when jsonb_typeof(${operLogs.before}) = 'array' then ${operLogs.before} else '[]'::jsonb end) e)`;

const loggedName = sql<string | null>`coalesce(
  nullif(coalesce(${operLogs.after}->>'title', ${operLogs.after}->>'name', ${operLogs.before}->>'title', ${operLogs.before}->>'name'), ''),
  ${batchNames})`;

const columns = {
  id: operLogs.id,
  userId: operLogs.userId,
  actor: operLogs.actor,
  module: operLogs.module,
  action: operLogs.action,
  recordId: operLogs.recordId,
  ip: operLogs.ip,
  createdAt: operLogs.createdAt,
  loggedName,
};
const fullColumns = { ...columns, before: operLogs.before, after: operLogs.after };

/**
 * Every condition starts with renter_id and most with created_at, so the indexes oper_logs_renter_idx,
 * oper_logs_renter_module_idx and oper_logs_renter_user_idx serve the filters and the newest-first order.
 */
function whereOf(renterId: string, f: OperLogFilter): SQL | undefined {
  const conds: SQL[] = [eq(operLogs.renterId, renterId)];
  if (f.userId) conds.push(eq(operLogs.userId, f.userId));
  if (f.module) conds.push(eq(operLogs.module, f.module));
  if (f.keyword) conds.push(ilike(operLogs.action, contains(f.keyword)));
  if (f.stime) conds.push(gte(operLogs.createdAt, f.stime));
  if (f.endtime) conds.push(lte(operLogs.createdAt, f.endtime));
  return and(...conds);
}

/** A page of the filter's rows, newest first, with a bounded count (DESIGN §8: the log of a busy enterprise is large). */
export async function operLogPage(tenant: Tenant, f: OperLogFilter, offset: number, limit: number) {
  const { db, renterId } = tenant;
  const where = whereOf(renterId, f);
  const [rows, [c]] = await Promise.all([
    db
      .select(columns)
      .from(operLogs)
      .where(where)
      .orderBy(desc(operLogs.createdAt), desc(operLogs.id))
      .limit(limit)
      .offset(offset) as Promise<OperLogRow[]>,
    db.select({ n: boundedCountSql(db, operLogs, where) }).from(sql`(select 1) as one`),
  ]);
  const total = await totalOf(db, operLogs, where, Number(c?.n ?? 0));
  return { rows, ...total };
}

/** One row of the renter's log with what it changed. */
export async function operLogById(tenant: Tenant, id: string): Promise<OperLogFullRow | undefined> {
  const { db, renterId } = tenant;
  const [r] = (await db
    .select(fullColumns)
    .from(operLogs)
    .where(and(eq(operLogs.renterId, renterId), eq(operLogs.id, id)))
    .limit(1)) as OperLogFullRow[];
  return r;
}

/** How many rows the filter matches, counting at most bound + 1. */
export async function operLogCountUpTo(tenant: Tenant, f: OperLogFilter, bound: number): Promise<number> {
  const { db, renterId } = tenant;
  const [c] = await db.select({ n: boundedCountSql(db, operLogs, whereOf(renterId, f), bound) }).from(sql`(select 1) as one`);
  return Number(c?.n ?? 0);
}

/** The filter's rows newest first, a page at a time by keyset on (created_at, id): never an offset. */
export async function* operLogExportPages(tenant: Tenant, f: OperLogFilter, size = 500): AsyncGenerator<OperLogExportRow[]> {
  const { db, renterId } = tenant;
  const where = whereOf(renterId, f);
  // The cursor's time travels as text: a JS Date would drop the microseconds and skip rows.
  let cursor: { at: string; id: string } | null = null;
  for (;;) {
    const at = cursor ? sql`${cursor.at}::timestamptz` : undefined;
    const after: SQL | undefined = cursor
      ? or(sql`${operLogs.createdAt} < ${at}`, and(sql`${operLogs.createdAt} = ${at}`, lt(operLogs.id, cursor.id)))
      : undefined;
    const page = (await db
      .select({ ...fullColumns, cursorAt: sql<string>`${operLogs.createdAt}::text` })
      .from(operLogs)
      .where(after ? and(where, after) : where)
      .orderBy(desc(operLogs.createdAt), desc(operLogs.id))
      .limit(size)) as OperLogExportRow[];
    if (!page.length) return;
    yield page;
    if (page.length < size) return;
    const last = page[page.length - 1];
    cursor = { at: last.cursorAt, id: last.id };
  }
}
