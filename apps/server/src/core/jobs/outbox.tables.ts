import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * A domain event (core/jobs/events.ts), written in the transaction of the business write that caused it: it exists
 * if and only if that write committed. The dispatch job (sent in the same transaction) hands it to every subscriber.
 */
export const outboxEvents = pgTable(
  'outbox_events',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    /** null for an event of no single renter. */
    renterId: uuid('renter_id'),
    /** The catalogue's name: goods.created, form.submitted… */
    type: text('type').notNull(),
    payload: jsonb('payload').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When every subscriber had it; null while some are pending. */
    dispatchedAt: timestamp('dispatched_at', { withTimezone: true }),
  },
  (t) => [index('outbox_events_created_idx').on(t.createdAt)],
);

/**
 * One subscriber's handling of one event, written in the subscriber's own transaction: a redelivered event finds it
 * and is not applied twice.
 */
export const outboxDeliveries = pgTable(
  'outbox_deliveries',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => outboxEvents.id, { onDelete: 'cascade' }),
    subscriber: text('subscriber').notNull(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.subscriber] })],
);
