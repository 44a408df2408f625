import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

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

/**
 * Goods (商品). Money is fen; the SKU rows (goods_skus) hold price and stock. spec_names lists the spec dimensions in
 * order with their values, e.g. [{name: '颜色', values: ['红', '蓝']}]; a goods without specs has [] and one SKU.
 */
export const goods = pgTable(
  'goods',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    renterId: uuid('renter_id').notNull(),
    goodsNo: text('goods_no').notNull(),
    title: text('title').notNull(),
    /** 1 physical, 2 virtual, 3 service. */
    type: integer('type').notNull().default(1),
    categoryId: uuid('category_id'),
    unitId: uuid('unit_id'),
    mainImage: text('main_image').notNull().default(''),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    sellingPoint: text('selling_point').notNull().default(''),
    /** Sanitised HTML. */
    description: text('description').notNull().default(''),
    specNames: jsonb('spec_names').$type<{ name: string; values: string[] }[]>().notNull().default([]),
    /** 1 on sale, 0 off shelf, 2 scheduled (goes on sale at start_sale_at). */
    status: integer('status').notNull().default(0),
    startSaleAt: timestamp('start_sale_at', { withTimezone: true }),
    sort: integer('sort').notNull().default(0),
    joinVip: boolean('join_vip').notNull().default(false),
    showVipPrice: boolean('show_vip_price').notNull().default(false),
    haveVipPrice: boolean('have_vip_price').notNull().default(false),
    trackSerial: boolean('track_serial').notNull().default(false),
    /** Per buyer; 0 unlimited. */
    purchaseLimit: integer('purchase_limit').notNull().default(0),
    postFeeFen: integer('post_fee_fen').notNull().default(0),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('goods_renter_no_uq').on(t.renterId, t.goodsNo),
    index('goods_renter_status_sort_idx').on(t.renterId, t.status, t.sort, t.createdAt),
    index('goods_renter_created_idx').on(t.renterId, t.createdAt),
    index('goods_renter_category_idx').on(t.renterId, t.categoryId),
  ],
);

/** One row per spec value combination of a goods; sku_key is the combination in spec order, stable across edits. */
export const goodsSkus = pgTable(
  'goods_skus',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    renterId: uuid('renter_id').notNull(),
    goodsId: uuid('goods_id').notNull(),
    /** {"颜色":"红","尺码":"M"}; {} for a goods without specs. */
    specValues: jsonb('spec_values').$type<Record<string, string>>().notNull().default({}),
    skuKey: text('sku_key').notNull(),
    priceFen: integer('price_fen').notNull(),
    originalPriceFen: integer('original_price_fen').notNull().default(0),
    costFen: integer('cost_fen').notNull().default(0),
    stock: integer('stock').notNull().default(0),
    weightG: integer('weight_g').notNull().default(0),
    code: text('code').notNull().default(''),
    barcode: text('barcode').notNull().default(''),
    sort: integer('sort').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('goods_skus_goods_key_uq').on(t.renterId, t.goodsId, t.skuKey),
    index('goods_skus_renter_barcode_idx').on(t.renterId, t.barcode),
    check('goods_skus_stock_nonneg', sql`${t.stock} >= 0`),
    check('goods_skus_price_nonneg', sql`${t.priceFen} >= 0`),
  ],
);
