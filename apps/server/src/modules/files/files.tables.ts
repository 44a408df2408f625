import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** An uploaded file. The bytes live in the FileStorage at `path`; the row says whose it is and where it is used. */
export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    renterId: uuid('renter_id').notNull(),
    /** 'image' (the only kind so far). */
    kind: text('kind').notNull().default('image'),
    /** Relative to the storage root: <renterId>/<yyyy>/<mm>/<uuid>.<ext> */
    path: text('path').notNull(),
    /** /file/<path> */
    url: text('url').notNull(),
    /** Sniffed from the content. */
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    width: integer('width'),
    height: integer('height'),
    originalName: text('original_name').notNull().default(''),
    /** 'staff' (console) or 'visitor' (public fill page). */
    ownerType: text('owner_type').notNull(),
    /** The user id of staff, or the browser's visitor id. */
    ownerId: text('owner_id').notNull(),
    /** Where a visitor may use it, e.g. form:<formId>; '' for staff uploads. */
    scope: text('scope').notNull().default(''),
    /** What uses it once claimed (a submission id); null while unused. */
    attachedTo: text('attached_to'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('files_renter_url_uq').on(t.renterId, t.url),
    index('files_renter_created_idx').on(t.renterId, t.createdAt),
    index('files_renter_scope_owner_idx').on(t.renterId, t.scope, t.ownerId),
  ],
);
