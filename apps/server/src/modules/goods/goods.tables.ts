import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { fen } from '@/core/money';
import { freightTemplates } from '@/modules/delivery/delivery.tables';

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
    // (renter_id, id): what another table's composite foreign key names, so a row can only point into its own renter.
    unique('goods_types_renter_id_uq').on(t.renterId, t.id),
    foreignKey({ name: 'goods_types_parent_fk', columns: [t.renterId, t.parentId], foreignColumns: [t.renterId, t.id] }),
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
    unique('goods_units_renter_id_uq').on(t.renterId, t.id),
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
    /** 1 a flat post fee (post_fee_fen), 2 by freight template (freight_template_id, module delivery). */
    postFeeMode: integer('post_fee_mode').notNull().default(1),
    postFeeFen: fen('post_fee_fen').notNull().default(0),
    freightTemplateId: uuid('freight_template_id'),
    /** How it reaches the buyer: any of 'express' (快递发货), 'pickup' (到店自提), 'local' (同城配送). */
    delivery: jsonb('delivery').$type<string[]>().notNull().default(['express']),
    /** Warranty in days (0 none); with track_serial, sold units are registered by serial number. */
    warrantyDays: integer('warranty_days').notNull().default(0),
    /** Custom properties [{key, value}] from the enterprise's property keys (goods_property_keys). */
    extensions: jsonb('extensions').$type<{ key: string; value: string }[]>().notNull().default([]),
    /** Kept by a trigger on goods_skus (migration 0006): min / max SKU price and total stock, for list sort and filter. */
    minPriceFen: fen('min_price_fen').notNull().default(0),
    maxPriceFen: fen('max_price_fen').notNull().default(0),
    totalStock: integer('total_stock').notNull().default(0),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('goods_renter_no_uq').on(t.renterId, t.goodsNo),
    // The list's default order (sort, newest first, id) in full, so a page is read off the index in order and skipped
    // rows cost index entries only (bench/goods-list).
    index('goods_renter_status_sort_idx').on(t.renterId, t.status, t.sort, t.createdAt.desc().nullsFirst(), t.id),
    index('goods_renter_created_idx').on(t.renterId, t.createdAt),
    // A category's goods in list order (the subtree filter reads each category's entries, index only).
    index('goods_renter_category_idx').on(t.renterId, t.categoryId, t.sort, t.createdAt.desc().nullsFirst(), t.id),
    index('goods_renter_sort_created_idx').on(t.renterId, t.sort, t.createdAt.desc().nullsFirst(), t.id),
    // Keywords of 1-2 characters (too short for the trigram indexes): every 1- and 2-character gram of title and goods
    // number (goods_text_grams, migration 0008). The list's query repeats this expression exactly.
    index('goods_text_grams_idx').using('gin', sql`goods_text_grams(${t.title} || ' ' || ${t.goodsNo})`),
    // Price and stock sorts with the default order behind them: many goods share a price or a stock of 0.
    index('goods_renter_min_price_idx').on(t.renterId, t.minPriceFen, t.sort, t.createdAt.desc().nullsFirst(), t.id),
    index('goods_renter_total_stock_idx').on(t.renterId, t.totalStock, t.sort, t.createdAt.desc().nullsFirst(), t.id),
    // The start-sale job's scan: only scheduled goods, by their time.
    index('goods_scheduled_start_idx').on(t.startSaleAt).where(sql`${t.status} = 2`),
    unique('goods_renter_id_uq').on(t.renterId, t.id),
    // A category with goods, or a unit, is never deleted (GoodsType/delete refuses; units are only disabled).
    foreignKey({ name: 'goods_category_fk', columns: [t.renterId, t.categoryId], foreignColumns: [goodsTypes.renterId, goodsTypes.id] }),
    foreignKey({ name: 'goods_unit_fk', columns: [t.renterId, t.unitId], foreignColumns: [goodsUnits.renterId, goodsUnits.id] }),
    // A template in use cannot be deleted (DelLogistics answers why); the index finds its goods.
    foreignKey({
      name: 'goods_freight_template_fk',
      columns: [t.renterId, t.freightTemplateId],
      foreignColumns: [freightTemplates.renterId, freightTemplates.id],
    }),
    index('goods_renter_freight_template_idx').on(t.renterId, t.freightTemplateId).where(sql`${t.freightTemplateId} is not null`),
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
    priceFen: fen('price_fen').notNull(),
    originalPriceFen: fen('original_price_fen').notNull().default(0),
    costFen: fen('cost_fen').notNull().default(0),
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
    unique('goods_skus_renter_id_uq').on(t.renterId, t.id),
    foreignKey({ name: 'goods_skus_goods_fk', columns: [t.renterId, t.goodsId], foreignColumns: [goods.renterId, goods.id] }).onDelete(
      'cascade',
    ),
  ],
);

/** The enterprise's custom goods property keys (商品扩展属性), with preset values offered in the goods form. */
export const goodsPropertyKeys = pgTable(
  'goods_property_keys',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    renterId: uuid('renter_id').notNull(),
    name: text('name').notNull(),
    values: jsonb('values').$type<string[]>().notNull().default([]),
    sort: integer('sort').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('goods_property_keys_renter_name_uq').on(t.renterId, t.name)],
);

/** A spreadsheet import of goods: parsed and checked rows kept until the merchant confirms (or it expires). */
export const goodsImports = pgTable(
  'goods_imports',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    renterId: uuid('renter_id').notNull(),
    fileName: text('file_name').notNull(),
    /** 1 checked (preview; also after a failed import), 2 imported, 3 cancelled, 4 importing (the goods.import job). */
    status: integer('status').notNull().default(1),
    totalRows: integer('total_rows').notNull().default(0),
    badRows: integer('bad_rows').notNull().default(0),
    /** The parsed rows with their errors, as the preview shows them. */
    rows: jsonb('rows').$type<unknown[]>().notNull().default([]),
    /** Goods written so far (created, updated or unchanged): the import's progress while it runs, then its total. */
    importedCount: integer('imported_count').notNull().default(0),
    /**
     * The goods (0-based, in file order, bad ones included) the next chunk of the import starts at; committed with
     * each chunk, so a chunk run again after a crash starts where the last commit left off.
     */
    nextGoods: integer('next_goods').notNull().default(0),
    /** The counts of the chunks committed so far ({created, updated, unchanged, skipped}); null before the first. */
    tally: jsonb('tally').$type<{ created: number; updated: number; unchanged: number; skipped: number }>(),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    importedAt: timestamp('imported_at', { withTimezone: true }),
  },
  (t) => [index('goods_imports_renter_created_idx').on(t.renterId, t.createdAt)],
);

/** Points-mall goods (积分商城商品): exchanged for points, or points plus cash. */
export const pointsGoods = pgTable(
  'points_goods',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    renterId: uuid('renter_id').notNull(),
    title: text('title').notNull(),
    /** 1 physical (shipped), 2 virtual. */
    kind: integer('kind').notNull().default(1),
    /** The catalogue goods it stands for, if any. */
    goodsId: uuid('goods_id'),
    mainImage: text('main_image').notNull().default(''),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    description: text('description').notNull().default(''),
    points: integer('points').notNull(),
    cashFen: fen('cash_fen').notNull().default(0),
    /** Market price shown struck through, fen. */
    marketPriceFen: fen('market_price_fen').notNull().default(0),
    stock: integer('stock').notNull().default(0),
    /** Per member over the goods' life; 0 unlimited. */
    perMemberLimit: integer('per_member_limit').notNull().default(0),
    exchanged: integer('exchanged').notNull().default(0),
    /** 1 on sale, 0 off shelf. */
    status: integer('status').notNull().default(0),
    sort: integer('sort').notNull().default(0),
    startAt: timestamp('start_at', { withTimezone: true }),
    endAt: timestamp('end_at', { withTimezone: true }),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('points_goods_renter_status_sort_idx').on(t.renterId, t.status, t.sort, t.createdAt),
    check('points_goods_stock_nonneg', sql`${t.stock} >= 0`),
    check('points_goods_points_pos', sql`${t.points} > 0`),
    check('points_goods_cash_nonneg', sql`${t.cashFen} >= 0`),
    unique('points_goods_renter_id_uq').on(t.renterId, t.id),
    // Deleting the catalogue goods leaves the points goods standing alone (migration 0016 sets only goods_id null).
    foreignKey({ name: 'points_goods_goods_fk', columns: [t.renterId, t.goodsId], foreignColumns: [goods.renterId, goods.id] }).onDelete(
      'set null',
    ),
  ],
);

/** One exchange of points-mall goods by a member (the per-member limit counts these). */
export const pointsGoodsExchanges = pgTable(
  'points_goods_exchanges',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    renterId: uuid('renter_id').notNull(),
    pointsGoodsId: uuid('points_goods_id').notNull(),
    memberId: uuid('member_id').notNull(),
    qty: integer('qty').notNull(),
    points: integer('points').notNull(),
    cashFen: fen('cash_fen').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // No foreign key on points_goods_id: deleting points goods keeps their exchange records (they carry their own
  // points and cash); member_id waits for the members table.
  (t) => [index('points_goods_exchanges_goods_member_idx').on(t.renterId, t.pointsGoodsId, t.memberId)],
);

/** Goods activities (商品活动): a time-boxed promotion (1 限时折扣, 2 秒杀) with activity prices per SKU. */
export const goodsActivities = pgTable(
  'goods_activities',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    renterId: uuid('renter_id').notNull(),
    name: text('name').notNull(),
    type: integer('type').notNull().default(1),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    endAt: timestamp('end_at', { withTimezone: true }).notNull(),
    /** 1 enabled, 0 disabled (ended by hand). */
    status: integer('status').notNull().default(1),
    /** Per member per goods; 0 unlimited. */
    perMemberLimit: integer('per_member_limit').notNull().default(0),
    tag: text('tag').notNull().default(''),
    remark: text('remark').notNull().default(''),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('goods_activities_renter_created_idx').on(t.renterId, t.createdAt),
    unique('goods_activities_renter_id_uq').on(t.renterId, t.id),
  ],
);

/** The SKUs of an activity with their activity price and stock. */
export const goodsActivitySkus = pgTable(
  'goods_activity_skus',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    renterId: uuid('renter_id').notNull(),
    activityId: uuid('activity_id').notNull(),
    goodsId: uuid('goods_id').notNull(),
    skuId: uuid('sku_id').notNull(),
    priceFen: fen('price_fen').notNull(),
    stock: integer('stock').notNull().default(0),
    sold: integer('sold').notNull().default(0),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    uniqueIndex('goods_activity_skus_activity_sku_uq').on(t.renterId, t.activityId, t.skuId),
    index('goods_activity_skus_renter_goods_idx').on(t.renterId, t.goodsId),
    check('goods_activity_skus_stock_nonneg', sql`${t.stock} >= 0`),
    check('goods_activity_skus_price_nonneg', sql`${t.priceFen} >= 0`),
    // An activity's SKU goes with its activity, its goods, or the SKU itself (a goods edit that drops a spec value).
    foreignKey({
      name: 'goods_activity_skus_activity_fk',
      columns: [t.renterId, t.activityId],
      foreignColumns: [goodsActivities.renterId, goodsActivities.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'goods_activity_skus_goods_fk',
      columns: [t.renterId, t.goodsId],
      foreignColumns: [goods.renterId, goods.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'goods_activity_skus_sku_fk',
      columns: [t.renterId, t.skuId],
      foreignColumns: [goodsSkus.renterId, goodsSkus.id],
    }).onDelete('cascade'),
  ],
);

/** 购物返积分: points given back on goods orders, one row per enterprise. */
export const goodsReturnScoreConfigs = pgTable('goods_return_score_configs', {
  renterId: uuid('renter_id').primaryKey(),
  enabled: boolean('enabled').notNull().default(false),
  /** Points per 1 yuan actually paid (rounded down). */
  pointsPerYuan: integer('points_per_yuan').notNull().default(1),
  /** 1 on receipt (确认收货), 2 after the after-sales period ends. */
  timing: integer('timing').notNull().default(1),
  /** Cap per order; 0 none. */
  maxPerOrder: integer('max_per_order').notNull().default(0),
  updatedBy: uuid('updated_by'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Spec templates (商品规格, /addspecification): named sets of spec names and values the goods form can apply. */
export const goodsSpecTemplates = pgTable(
  'goods_spec_templates',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    renterId: uuid('renter_id').notNull(),
    name: text('name').notNull(),
    specs: jsonb('specs').$type<{ name: string; values: string[] }[]>().notNull().default([]),
    sort: integer('sort').notNull().default(0),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('goods_spec_templates_renter_name_uq').on(t.renterId, t.name),
    index('goods_spec_templates_renter_sort_idx').on(t.renterId, t.sort, t.createdAt),
  ],
);

/**
 * The stock ledger (DESIGN §11): one row per change of a SKU's stock — an order's reservation and its give-back, an
 * after-sale's, a console edit (an adjustment), an import, the opening stock of a new SKU — with the stock after it.
 * Written only by `moveStock` (goods/stock-moves.ts) in the same transaction as the UPDATE of goods_skus.stock, so a
 * SKU's stock is the sum of its rows' deltas and its last row's stock_after (by seq); `idem_key` makes a repeated move
 * (a retried job, a double click) a no-op.
 */
export const goodsStockMoves = pgTable(
  'goods_stock_moves',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    /** The order of the rows (per SKU the moves are serialised by the goods row lock, so seq is their order). */
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    renterId: uuid('renter_id').notNull(),
    skuId: uuid('sku_id').notNull(),
    goodsId: uuid('goods_id').notNull(),
    /** Negative takes stock (an order's reservation), positive gives it back. */
    delta: integer('delta').notNull(),
    stockAfter: integer('stock_after').notNull(),
    /**
     * STOCK_REASON (stock-moves.ts): 'order', 'order-close', the after-sales' kinds, 'opening' (a new SKU's stock),
     * 'adjust' (a console edit), 'import', 'backfill' (migration 0035).
     */
    reason: text('reason').notNull(),
    /** Who made the move: 'staff' (operator_id a user), 'member' (a member), 'system' (a job, a seed; no id). */
    operatorKind: text('operator_kind').notNull().default('system'),
    operatorId: uuid('operator_id'),
    /** The words a person reads in the history: '后台修改库存', '导入：<file>', '新建商品', or the reason sent. */
    note: text('note').notNull().default(''),
    orderId: uuid('order_id'),
    idemKey: text('idem_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('goods_stock_moves_key_uq').on(t.renterId, t.idemKey),
    index('goods_stock_moves_sku_idx').on(t.renterId, t.skuId, t.seq),
    index('goods_stock_moves_order_idx').on(t.renterId, t.orderId),
    check('goods_stock_moves_after_nonneg', sql`${t.stockAfter} >= 0`),
    check('goods_stock_moves_delta_nonzero', sql`${t.delta} <> 0`),
    // The SKU may be deleted later (a goods edit): the ledger keeps its history, so no cascade and no key to it.
  ],
);
