import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** The enterprise's notices (消息提醒). Owned by core: notify.ts writes them; the home module lists them. */
export const notices = pgTable(
  'notices',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    renterId: uuid('renter_id').notNull(),
    /** null: for everyone of the enterprise. */
    userId: uuid('user_id'),
    title: text('title').notNull(),
    content: text('content').notNull(),
    link: text('link').notNull().default(''),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notices_renter_idx').on(t.renterId, t.createdAt)],
);
