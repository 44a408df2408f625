import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** 1: the first call is running; 2: it finished and `answer` is what a repeat gets. */
export const IDEMPOTENCY_STATE = { running: 1, done: 2 } as const;

/**
 * One Idempotency-Key of a user in an enterprise (core/idempotency.ts): which endpoint and body it was first used with,
 * and the answer a repeat gets. The unique index decides which of two concurrent calls runs.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    renterId: uuid('renter_id').notNull(),
    userId: uuid('user_id').notNull(),
    key: text('key').notNull(),
    /** The endpoint's path. */
    endpoint: text('endpoint').notNull(),
    /** SHA-256 of the request body as sent: a key reused with another body is refused. */
    bodyHash: text('body_hash').notNull(),
    state: integer('state').notNull().default(IDEMPOTENCY_STATE.running),
    /** The envelope answered the first time ({code: 0, msg, data}); null while running. */
    answer: jsonb('answer'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('idempotency_keys_renter_user_key_uq').on(t.renterId, t.userId, t.key),
    index('idempotency_keys_created_idx').on(t.createdAt),
    check('idempotency_keys_state_ck', sql`${t.state} in (1, 2)`),
  ],
);
