import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * Goods categories: a tree of any depth. parent_id names the parent (null at the top); path is the materialised
 * path of per-enterprise category numbers from the top down to the row itself ('/3/17/42/'), so a subtree is one
 * indexed prefix scan (`path like '/3/17/%'`) and a move rewrites the prefix of its rows.
 */
export const goodsTypes = pgTable(
  'goods_types',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    renterId: uuid('renter_id').notNull(),
    /** The category's number within the enterprise (renter_sequences 'goods_type'); its segment of path. */
    no: integer('no').notNull(),
    parentId: uuid('parent_id'),
    path: text('path').notNull(),
    name: text('name').notNull(),
    icon: text('icon').notNull().default(''),
    /** Smaller first among siblings. */
    sort: integer('sort').notNull().default(0),
    /** 1 enabled, 0 disabled; an enabled category's ancestors are all enabled. */
    status: integer('status').notNull().default(1),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('goods_types_renter_no_uq').on(t.renterId, t.no),
    // Names are unique among siblings; top-level categories (parent null) are siblings too.
    unique('goods_types_renter_parent_name_uq').on(t.renterId, t.parentId, t.name).nullsNotDistinct(),
    // Prefix scans of a subtree (LIKE 'prefix%') whatever the database's collation.
    index('goods_types_renter_path_idx').on(t.renterId, t.path.op('text_pattern_ops')),
  ],
);

/** Units of measure (件, 盒, 千克…). sort is unique within an enterprise, so up / down is always a real swap. */
export const goodsUnits = pgTable(
  'goods_units',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    renterId: uuid('renter_id').notNull(),
    name: text('name').notNull(),
    /** Smaller first. */
    sort: integer('sort').notNull(),
    /** 1 enabled, 0 disabled. */
    status: integer('status').notNull().default(1),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('goods_units_renter_name_uq').on(t.renterId, t.name),
    uniqueIndex('goods_units_renter_sort_uq').on(t.renterId, t.sort),
  ],
);
