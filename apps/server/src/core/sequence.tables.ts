import { bigint, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';

/** Per-renter counters for human-facing numbers (form no, order no, goods no): written by core/sequence.ts only. */
export const renterSequences = pgTable(
  'renter_sequences',
  {
    renterId: uuid('renter_id').notNull(),
    name: text('name').notNull(),
    value: bigint('value', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.renterId, t.name] })],
);
