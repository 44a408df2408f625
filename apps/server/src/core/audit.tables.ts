import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The operation log: every write by a user. Owned by core: audit.ts writes it, oper-log.ts reads it for the screens that
 * list it (account's 操作日志, home's dashboard; team still reads it itself).
 */
export const operLogs = pgTable(
  'oper_logs',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    renterId: uuid('renter_id').notNull(),
    /** The staff user; the member for actor 'member'; the nil uuid for 'system' and 'visitor'. */
    userId: uuid('user_id').notNull(),
    /** Who wrote (core/context Actor): 'staff', 'member', 'visitor' or 'system'. */
    actor: text('actor').notNull().default('staff'),
    module: text('module').notNull(),
    action: text('action').notNull(),
    recordId: text('record_id').notNull().default(''),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('oper_logs_renter_idx').on(t.renterId, t.createdAt),
    index('oper_logs_renter_module_idx').on(t.renterId, t.module, t.createdAt),
    index('oper_logs_renter_user_idx').on(t.renterId, t.userId, t.createdAt),
  ],
);
