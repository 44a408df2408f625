import { and, asc, desc, eq, gte, ilike, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { contains } from '@/core/like';
import { boundedCountSql, totalOf } from '@/core/paging';
import type { Db } from '@/db/client';
import { forms, goods, operLogs, roles, staff, users } from '@/db/schema';
import type { Tenant } from '@/core/tenant';

export interface OperlogFilter {
  userId: string;
  module: string;
  /** On the action text. */
  keyword: string;
  stime?: Date;
  endtime?: Date;
}

/** The record a log row is about, when its id names one row of a module with a screen (a goods, form, staff, role). */
const recGoods = alias(goods, 'rec_goods');
const recForm = alias(forms, 'rec_form');
const recStaff = alias(staff, 'rec_staff');
const recRole = alias(roles, 'rec_role');
/** record_id as a uuid when it is one id (batches join ids with commas and name no single record). */
const recordUuid = sql`(case when ${operLogs.recordId} ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then ${operLogs.recordId}::uuid end)`;

/** The names a batch's before lists ('商品A、商品B'), from its records' title or name. */
const batchNames = sql<
  string | null
>`(select string_agg(coalesce(e->>'title', e->>'name'), '、') from jsonb_array_elements(case when jsonb_typeof(${operLogs.before}) = 'array' then ${operLogs.before} else '[]'::jsonb end) e)`;

/**
 * The record's name: as the log wrote it (the name at the time, which survives renames and deletion), else the
 * batch's names, else the record's current name.
 */
const recordName = sql<string>`coalesce(
  nullif(coalesce(${operLogs.after}->>'title', ${operLogs.after}->>'name', ${operLogs.before}->>'title', ${operLogs.before}->>'name'), ''),
  ${batchNames}, ${recGoods.title}, ${recForm.name}, ${recStaff.name}, ${recRole.name}, '')`;

/** The record's screen while it still exists. */
const recordLink = sql<string>`(case
  when ${recGoods.id} is not null then '/editfrom?id=' || ${recGoods.id}
  when ${recForm.id} is not null then '/FormResEdit?id=' || ${recForm.id}
  when ${recStaff.id} is not null then '/ShowStaff?id=' || ${recStaff.id}
  when ${recRole.id} is not null then '/editjob?id=' || ${recRole.id}
  else '' end)`;

/** One log row with who did it (the member's name in this enterprise, the user's own once they left) and its record. */
const columns = {
  id: operLogs.id,
  userId: operLogs.userId,
  actor: operLogs.actor,
  module: operLogs.module,
  action: operLogs.action,
  recordId: operLogs.recordId,
  ip: operLogs.ip,
  createdAt: operLogs.createdAt,
  staffName: staff.name,
  userName: users.name,
  phone: users.phone,
  recordName,
  recordLink,
};
export type OperlogListRow = {
  id: string;
  userId: string;
  /** staff | member | visitor | system (core/context Actor). */
  actor: string;
  module: string;
  action: string;
  recordId: string;
  ip: string;
  createdAt: Date;
  staffName: string | null;
  userName: string | null;
  phone: string | null;
  recordName: string;
  recordLink: string;
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

/**
 * The log joined with who did it and with the record it names: one statement per page, no query per row. Each record
 * join is a primary-key lookup within the module that writes such ids, and within the enterprise.
 */
function joinedSelect<T extends Record<string, unknown>>(db: Db, cols: T) {
  const inModule = (m: string) => eq(operLogs.module, m);
  return db
    .select(cols as never)
    .from(operLogs)
    .leftJoin(staff, and(eq(staff.renterId, operLogs.renterId), eq(staff.userId, operLogs.userId)))
    .leftJoin(users, eq(users.id, operLogs.userId))
    .leftJoin(recGoods, and(inModule('goods'), eq(recGoods.id, recordUuid), eq(recGoods.renterId, operLogs.renterId)))
    .leftJoin(recForm, and(inModule('forms'), eq(recForm.id, recordUuid), eq(recForm.renterId, operLogs.renterId)))
    .leftJoin(recStaff, and(inModule('team'), eq(recStaff.id, recordUuid), eq(recStaff.renterId, operLogs.renterId)))
    .leftJoin(recRole, and(inModule('team'), eq(recRole.id, recordUuid), eq(recRole.renterId, operLogs.renterId)))
    .$dynamic();
}

function listSelect(db: Db) {
  return joinedSelect(db, columns);
}

export const operlogRepo = {
  /** A page, newest first, with a bounded count (DESIGN §8: the log of a busy enterprise is large). */
  async page(tenant: Tenant, f: OperlogFilter, offset: number, limit: number) {
    const { db, renterId } = tenant;
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
  async detail(tenant: Tenant, id: string) {
    const { db, renterId } = tenant;
    const [r] = (await joinedSelect(db, { ...columns, before: operLogs.before, after: operLogs.after })
      .where(and(eq(operLogs.renterId, renterId), eq(operLogs.id, id)))
      .limit(1)) as (OperlogListRow & { before: unknown; after: unknown })[];
    return r;
  },
  /** How many rows the filter matches, counting at most bound + 1. */
  async countUpTo(tenant: Tenant, f: OperlogFilter, bound: number): Promise<number> {
    const { db, renterId } = tenant;
    const [c] = await db.select({ n: boundedCountSql(db, operLogs, whereOf(renterId, f), bound) }).from(sql`(select 1) as one`);
    return Number(c?.n ?? 0);
  },
  /** The filter's rows newest first, a page at a time by keyset on (created_at, id): never an offset. */
  async *exportPages(tenant: Tenant, f: OperlogFilter, size = 500): AsyncGenerator<OperlogExportRow[]> {
    const { db, renterId } = tenant;
    const where = whereOf(renterId, f);
    // The cursor's time travels as text: a JS Date would drop the microseconds and skip rows.
    let cursor: { at: string; id: string } | null = null;
    for (;;) {
      const at = cursor ? sql`${cursor.at}::timestamptz` : undefined;
      const after: SQL | undefined = cursor
        ? or(sql`${operLogs.createdAt} < ${at}`, and(sql`${operLogs.createdAt} = ${at}`, lt(operLogs.id, cursor.id)))
        : undefined;
      const page = (await joinedSelect(db, {
        ...columns,
        before: operLogs.before,
        after: operLogs.after,
        cursorAt: sql<string>`${operLogs.createdAt}::text`,
      })
        .where(after ? and(where, after) : where)
        .orderBy(desc(operLogs.createdAt), desc(operLogs.id))
        .limit(size)) as OperlogExportRow[];
      if (!page.length) return;
      yield page;
      if (page.length < size) return;
      const last = page[page.length - 1];
      cursor = { at: last.cursorAt, id: last.id };
    }
  },
  /** Members of the enterprise, for the 操作人 filter. */
  async staffOf(tenant: Tenant) {
    const { db, renterId } = tenant;
    return db
      .select({ userId: staff.userId, name: staff.name, userName: users.name, phone: users.phone })
      .from(staff)
      .innerJoin(users, eq(users.id, staff.userId))
      .where(eq(staff.renterId, renterId))
      .orderBy(asc(staff.createdAt));
  },
};
