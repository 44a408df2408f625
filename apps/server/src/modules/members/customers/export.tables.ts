import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, smallint, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';

/**
 * A background export (客户查询 导出 first; any list may add a kind): the filters it was asked with, its progress, and
 * the stored file once built (private storage, downloaded through the list's ExportDownload call, never a public URL:
 * exports hold personal data).
 */
export const exportTasks = pgTable(
  'export_tasks',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    renterId: uuid('renter_id').notNull(),
    /** What is exported ('customers'): names the builder of the rows. */
    kind: text('kind').notNull(),
    params: jsonb('params').$type<Record<string, unknown>>().notNull(),
    /** EXPORT_STATUS: 0 running, 1 done, 2 failed. */
    status: smallint('status').notNull().default(0),
    total: integer('total').notNull().default(0),
    done: integer('done').notNull().default(0),
    fileName: text('file_name').notNull().default(''),
    /** The private storage path of the built file ('' until done). */
    filePath: text('file_path').notNull().default(''),
    error: text('error').notNull().default(''),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('export_tasks_renter_created_idx').on(t.renterId, t.createdAt), unique('export_tasks_renter_id_uq').on(t.renterId, t.id)],
);
