import { type AnyColumn, asc, desc, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { LIST_WINDOW, LIST_WINDOW_MSG } from '@shop/contract';
import type { Db } from '@/db/client';
import { BizError, CODE } from './errors';

/**
 * {offset, limit} of a list request's page. A page starting past the list window (the first LIST_WINDOW rows) is
 * refused with a message asking to narrow the filter: a deep OFFSET walks every row before it.
 */
export function pageWindow(q: { page_index: number; page_size: number }): { offset: number; limit: number } {
  const offset = (q.page_index - 1) * q.page_size;
  if (offset >= LIST_WINDOW) throw new BizError(LIST_WINDOW_MSG, CODE.validation);
  return { offset, limit: q.page_size };
}

/** pageWindow as [offset, limit], for repositories that take them as arguments. */
export function pageArgs(q: { page_index: number; page_size: number }): [offset: number, limit: number] {
  const { offset, limit } = pageWindow(q);
  return [offset, limit];
}

/**
 * ORDER BY terms for a list request's sorter (spec 000 §3), using only the columns a list allows
 * (anything else is ignored, never passed to SQL).
 */
export function sortBy(sorter: { field: string; order: string }[], columns: Record<string, AnyColumn | SQL>): SQL[] {
  return sorter
    .filter((s) => Object.hasOwn(columns, s.field))
    .map((s) => (s.order.startsWith('asc') ? asc(columns[s.field]) : desc(columns[s.field])));
}

/** Runs a page query and its filtered count together: {rows, total}. */
export async function paged<R>(rows: Promise<R[]>, total: Promise<{ n: number }[]>): Promise<{ rows: R[]; total: number }> {
  const [r, [t]] = await Promise.all([rows, total]);
  return { rows: r, total: Number(t?.n ?? 0) };
}

/**
 * A condition no row meets, for a filter known to match nothing (a title nobody bought, a group that is gone). Not
 * `false`: under row-level security PostgreSQL still plans the scan of the renter's rows behind a one-time filter,
 * estimated at the whole renter, and at 1,000,000 rows launches two parallel workers for it on every call (~5 ms and
 * two processes each, 60–150 ms under 20 clients in bench/goods-orders `titleNone`). An id in the empty array is
 * estimated at one row and answered from the index at once.
 */
export const noRow = (id: AnyColumn): SQL => sql`${id} = any('{}'::uuid[])`;

/**
 * Filtered counts are exact up to this many rows; past it a list answers the planner's estimate (DESIGN §8: no count
 * over a whole table on every page). Counting stops at bound + 1 matching rows, so a page never reads more.
 */
export const COUNT_BOUND = 1000;

export interface BoundedCount {
  total: number;
  /** True when more than the bound matched and total is the planner's estimate. */
  estimated: boolean;
}

/**
 * `(select count(*) …)` of the rows of `table` matching `where`, stopping at bound + 1: to embed in a page query so
 * rows and count take one round trip. Feed its value to totalOf.
 */
export function boundedCountSql(db: Db, table: PgTable, where: SQL | undefined, bound = COUNT_BOUND): SQL<number> {
  const matching = db
    .select({ one: sql`1` })
    .from(table as never)
    .where(where)
    .limit(bound + 1);
  return sql<number>`(select count(*) from (${matching}) as bounded)`.mapWith(Number);
}

/** The total for a bounded count: exact up to the bound, else the planner's estimate for the same filter. */
export async function totalOf(db: Db, table: PgTable, where: SQL | undefined, counted: number, bound = COUNT_BOUND): Promise<BoundedCount> {
  if (counted <= bound) return { total: counted, estimated: false };
  return { total: Math.max(bound + 1, await estimateRows(db, matchingOf(db, table, where))), estimated: true };
}

const matchingOf = (db: Db, table: PgTable, where: SQL | undefined) =>
  db
    .select({ one: sql`1` })
    .from(table as never)
    .where(where);

/**
 * The estimate of a filter that went past the bound within the last minute, if any: the next pages of that filter
 * skip counting (their total reads 约 N anyway). Undefined means count.
 */
export function recentEstimate(db: Db, table: PgTable, where: SQL | undefined, bound = COUNT_BOUND): BoundedCount | undefined {
  const hit = estimates.get(estimateKey(matchingOf(db, table, where)));
  if (!hit || Date.now() - hit.at >= ESTIMATE_TTL_MS) return undefined;
  return { total: Math.max(bound + 1, hit.rows), estimated: true };
}

/**
 * Counts the rows of `table` matching `where`, exactly up to `bound`; past it answers the planner's row estimate for
 * the same filter (never below bound + 1).
 */
export async function boundedCount(db: Db, table: PgTable, where: SQL | undefined, bound = COUNT_BOUND): Promise<BoundedCount> {
  const [r] = await db.select({ n: boundedCountSql(db, table, where, bound) }).from(sql`(select 1) as one`);
  return totalOf(db, table, where, Number(r?.n ?? 0), bound);
}

// Estimates are kept a minute per query text and parameters: paging through one filter plans its count once.
const ESTIMATE_TTL_MS = 60_000;
const ESTIMATES_KEPT = 500;
const estimates = new Map<string, { rows: number; at: number }>();

function estimateKey(query: { toSQL(): { sql: string; params: unknown[] } }): string {
  const { sql: text, params } = query.toSQL();
  return `${text}\u0000${JSON.stringify(params)}`;
}

/** The planner's estimate of how many rows a query answers (EXPLAIN, nothing is read), cached for a minute. */
export async function estimateRows(db: Db, query: SQLWrapper & { toSQL(): { sql: string; params: unknown[] } }): Promise<number> {
  const key = estimateKey(query);
  const now = Date.now();
  const hit = estimates.get(key);
  if (hit && now - hit.at < ESTIMATE_TTL_MS) return hit.rows;
  const res = (await db.execute(sql`explain (format json) ${query}`)) as unknown as { rows: Record<string, unknown>[] };
  const raw = res.rows[0]?.['QUERY PLAN'];
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: { 'Plan Rows': number } }[];
  const rows = Math.round(plan[0]?.Plan['Plan Rows'] ?? 0);
  if (estimates.size >= ESTIMATES_KEPT) estimates.delete(estimates.keys().next().value as string);
  estimates.set(key, { rows, at: now });
  return rows;
}
