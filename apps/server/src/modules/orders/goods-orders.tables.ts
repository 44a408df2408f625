import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { fen } from '@/core/money';
import { payOrders } from '@/integrations/payment/payment.tables';
import { members } from '@/modules/members/members.tables';

/** The address an order ships to, as it was when the order was placed. */
export interface AddressSnapshot {
  name: string;
  phone: string;
  /** Province, city, district codes. */
  area: string[];
  /** 省 市 区 as text, for the label. */
  areaText: string;
  address: string;
}

/**
 * Goods orders (商品订单). Status: GOODS_ORDER_STATUS (0 待付款, 1 待发货, 2 已发货, 3 已完成, 4 已关闭), moved only by
 * goods-order.states.ts (one conditional UPDATE per move). 售后中 is `after_sale_open`, not a status. Money is fen:
 * pay = goods − discount + freight; paid is what the payment brought, refunded what went back (≤ paid).
 */
export const goodsOrders = pgTable(
  'goods_orders',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    renterId: uuid('renter_id').notNull(),
    /** G + yyMMddHHmmss + 6 random digits: unique per renter, no counter row (retried on the rare clash). */
    orderNo: text('order_no').notNull(),
    memberId: uuid('member_id').notNull(),
    shopId: uuid('shop_id').notNull(),
    status: smallint('status').notNull().default(0),
    /** 1 快递, 2 自提, 3 同城. */
    deliveryMethod: smallint('delivery_method').notNull(),
    address: jsonb('address').$type<AddressSnapshot | null>(),
    /** The member's phone when the order was placed (the list's phone filter). */
    memberPhone: text('member_phone').notNull().default(''),
    /** The pick-up point (自提), and the 8-digit code given when paid (unique per renter). */
    pickupPointId: uuid('pickup_point_id'),
    pickupCode: text('pickup_code'),
    buyerNote: text('buyer_note').notNull().default(''),
    sellerNote: text('seller_note').notNull().default(''),
    /** The first line's title, then ' 等N件': what lists and payment subjects show. */
    title: text('title').notNull().default(''),
    goodsFen: fen('goods_fen').notNull(),
    discountFen: fen('discount_fen').notNull().default(0),
    freightFen: fen('freight_fen').notNull().default(0),
    payFen: fen('pay_fen').notNull(),
    paidFen: fen('paid_fen').notNull().default(0),
    refundedFen: fen('refunded_fen').notNull().default(0),
    payOrderId: uuid('pay_order_id'),
    /** 'sandbox', 'wechat'…: the list's payment method filter ('' before payment). */
    payMethod: text('pay_method').notNull().default(''),
    /** The client's request key of 提交订单: a double tap places one order. */
    requestKey: text('request_key'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closeReason: text('close_reason').notNull().default(''),
    /** 售后中: an after-sales case is open (after-sales come with their issue; see README). */
    afterSaleOpen: boolean('after_sale_open').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('goods_orders_renter_no_uq').on(t.renterId, t.orderNo),
    uniqueIndex('goods_orders_renter_pickup_code_uq').on(t.renterId, t.pickupCode),
    uniqueIndex('goods_orders_request_key_uq').on(t.renterId, t.memberId, t.requestKey),
    unique('goods_orders_renter_id_uq').on(t.renterId, t.id),
    // The list: every tab by its status (or the 售后中 flag), newest first, id as the tie-break; a member's own list.
    index('goods_orders_renter_created_idx').on(t.renterId, t.createdAt.desc(), t.id),
    index('goods_orders_renter_status_created_idx').on(t.renterId, t.status, t.createdAt.desc(), t.id),
    index('goods_orders_renter_after_sale_idx').on(t.renterId, t.createdAt.desc(), t.id).where(sql`${t.afterSaleOpen}`),
    index('goods_orders_renter_paid_idx').on(t.renterId, t.paidAt.desc(), t.id),
    index('goods_orders_renter_pay_fen_idx').on(t.renterId, t.payFen, t.id),
    index('goods_orders_renter_phone_idx').on(t.renterId, t.memberPhone, t.createdAt.desc()),
    // The pay method filter newest first (bench/goods-orders: walking renter_created for a rare method read ~60,000
    // rows a page). Its tie-breaker and NULLS are the list's (list.repository.ts orderBy).
    index('goods_orders_renter_pay_method_idx').on(t.renterId, t.payMethod, t.createdAt.desc(), t.id),
    // A tab with a 付款时间 range, listed by 付款时间 (list.service.ts listSorter): 已完成 paid last month.
    index('goods_orders_renter_status_paid_idx').on(t.renterId, t.status, t.paidAt.desc(), t.id),
    index('goods_orders_member_idx').on(t.renterId, t.memberId, t.status, t.createdAt.desc(), t.id),
    // The jobs' look-ups are by id; a sweep of stale unpaid orders (a safety net) reads this.
    index('goods_orders_unpaid_idx').on(t.createdAt).where(sql`${t.status} = 0`),
    check('goods_orders_money_nonneg', sql`${t.goodsFen} >= 0 and ${t.discountFen} >= 0 and ${t.freightFen} >= 0 and ${t.payFen} >= 0`),
    check('goods_orders_refund_le_paid', sql`${t.paidFen} >= 0 and ${t.refundedFen} >= 0 and ${t.refundedFen} <= ${t.paidFen}`),
    foreignKey({ name: 'goods_orders_member_fk', columns: [t.renterId, t.memberId], foreignColumns: [members.renterId, members.id] }),
    foreignKey({
      name: 'goods_orders_pay_order_fk',
      columns: [t.renterId, t.payOrderId],
      foreignColumns: [payOrders.renterId, payOrders.id],
    }),
  ],
);

/** What was bought, as it was: goods and SKU ids (no key: the goods may be deleted later), title, spec text, price. */
export const goodsOrderLines = pgTable(
  'goods_order_lines',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    renterId: uuid('renter_id').notNull(),
    orderId: uuid('order_id').notNull(),
    /** The buyer (copied from the order): the purchase limit counts a member's units of a goods. */
    memberId: uuid('member_id').notNull(),
    goodsId: uuid('goods_id').notNull(),
    skuId: uuid('sku_id').notNull(),
    title: text('title').notNull(),
    skuText: text('sku_text').notNull().default(''),
    image: text('image').notNull().default(''),
    unitFen: fen('unit_fen').notNull(),
    qty: integer('qty').notNull(),
    lineFen: fen('line_fen').notNull(),
    discountFen: fen('discount_fen').notNull().default(0),
    refundedQty: integer('refunded_qty').notNull().default(0),
    /** Units put in parcels so far (partial shipping). */
    shippedQty: integer('shipped_qty').notNull().default(0),
    sort: integer('sort').notNull().default(0),
    /**
     * The goods activity (限时折扣 / 秒杀) that priced the line, its type and activity unit price as they were (no key:
     * the activity may be deleted later); null without one. `activity_returned`: its activity stock went back (once).
     */
    activityId: uuid('activity_id'),
    activityType: smallint('activity_type'),
    activityPriceFen: fen('activity_price_fen'),
    activityReturned: boolean('activity_returned').notNull().default(false),
  },
  (t) => [
    index('goods_order_lines_order_idx').on(t.renterId, t.orderId, t.sort),
    // GoodsActivity/OrderList: the orders holding a line of an activity.
    index('goods_order_lines_activity_idx').on(t.renterId, t.activityId, t.orderId).where(sql`${t.activityId} is not null`),
    index('goods_order_lines_member_goods_idx').on(t.renterId, t.memberId, t.goodsId),
    index('goods_order_lines_title_idx').using('gin', sql`${t.title} gin_trgm_ops`),
    // The 商品名称 filter's second step: the lines of the titles found in goods_order_titles.
    index('goods_order_lines_renter_title_idx').on(t.renterId, t.title),
    unique('goods_order_lines_renter_id_uq').on(t.renterId, t.id),
    check(
      'goods_order_lines_qty',
      sql`${t.qty} > 0 and ${t.refundedQty} >= 0 and ${t.refundedQty} <= ${t.qty} and ${t.shippedQty} >= 0 and ${t.shippedQty} <= ${t.qty}`,
    ),
    foreignKey({
      name: 'goods_order_lines_order_fk',
      columns: [t.renterId, t.orderId],
      foreignColumns: [goodsOrders.renterId, goodsOrders.id],
    }).onDelete('cascade'),
  ],
);

/**
 * Every title a line of the renter was ever bought under (written with the lines, never removed): the 商品名称 filter
 * finds its titles here (a few thousand rows, trigram-indexed) and then the lines by title, instead of intersecting the
 * trigram lists of 1,000,000 lines for a long keyword (orders README "Title filter").
 */
export const goodsOrderTitles = pgTable(
  'goods_order_titles',
  {
    renterId: uuid('renter_id').notNull(),
    title: text('title').notNull(),
  },
  (t) => [
    primaryKey({ name: 'goods_order_titles_pk', columns: [t.renterId, t.title] }),
    index('goods_order_titles_title_idx').using('gin', sql`${t.title} gin_trgm_ops`),
  ],
);

/** A parcel shipped for an order: company, tracking number and the lines (with quantities) in it. */
export const goodsOrderParcels = pgTable(
  'goods_order_parcels',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    renterId: uuid('renter_id').notNull(),
    orderId: uuid('order_id').notNull(),
    companyCode: text('company_code').notNull(),
    companyName: text('company_name').notNull(),
    trackingNo: text('tracking_no').notNull(),
    items: jsonb('items').$type<{ lineId: string; qty: number }[]>().notNull(),
    shippedAt: timestamp('shipped_at', { withTimezone: true }).notNull().defaultNow(),
    shippedBy: uuid('shipped_by'),
  },
  (t) => [
    index('goods_order_parcels_order_idx').on(t.renterId, t.orderId, t.shippedAt),
    uniqueIndex('goods_order_parcels_tracking_uq').on(t.renterId, t.orderId, t.companyCode, t.trackingNo),
    unique('goods_order_parcels_renter_id_uq').on(t.renterId, t.id),
    foreignKey({
      name: 'goods_order_parcels_order_fk',
      columns: [t.renterId, t.orderId],
      foreignColumns: [goodsOrders.renterId, goodsOrders.id],
    }).onDelete('cascade'),
  ],
);

/** Pick-up verifications (自提核销): the code, the order and the staff member. */
export const goodsOrderTakes = pgTable(
  'goods_order_takes',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    renterId: uuid('renter_id').notNull(),
    orderId: uuid('order_id').notNull(),
    code: text('code').notNull(),
    staffUserId: uuid('staff_user_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('goods_order_takes_renter_idx').on(t.renterId, t.createdAt.desc()),
    uniqueIndex('goods_order_takes_order_uq').on(t.renterId, t.orderId),
    foreignKey({
      name: 'goods_order_takes_order_fk',
      columns: [t.renterId, t.orderId],
      foreignColumns: [goodsOrders.renterId, goodsOrders.id],
    }),
  ],
);

/** A member's cart: one row per SKU. The SKU may go (shown as 已失效), so no key to it. */
export const carts = pgTable(
  'carts',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    renterId: uuid('renter_id').notNull(),
    memberId: uuid('member_id').notNull(),
    goodsId: uuid('goods_id').notNull(),
    skuId: uuid('sku_id').notNull(),
    qty: integer('qty').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('carts_member_sku_uq').on(t.renterId, t.memberId, t.skuId),
    unique('carts_renter_id_uq').on(t.renterId, t.id),
    check('carts_qty_pos', sql`${t.qty} > 0`),
    foreignKey({ name: 'carts_member_fk', columns: [t.renterId, t.memberId], foreignColumns: [members.renterId, members.id] }).onDelete(
      'cascade',
    ),
  ],
);

/** A member's shipping addresses (收货地址): at most 20, one default. Kept here, next to the checkout that reads them. */
export const memberAddresses = pgTable(
  'member_addresses',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    renterId: uuid('renter_id').notNull(),
    memberId: uuid('member_id').notNull(),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    area: jsonb('area').$type<string[]>().notNull(),
    areaText: text('area_text').notNull().default(''),
    address: text('address').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('member_addresses_member_idx').on(t.renterId, t.memberId, t.createdAt),
    uniqueIndex('member_addresses_one_default_uq').on(t.renterId, t.memberId).where(sql`${t.isDefault}`),
    unique('member_addresses_renter_id_uq').on(t.renterId, t.id),
    foreignKey({
      name: 'member_addresses_member_fk',
      columns: [t.renterId, t.memberId],
      foreignColumns: [members.renterId, members.id],
    }).onDelete('cascade'),
  ],
);

export type GoodsOrderRow = typeof goodsOrders.$inferSelect;
export type GoodsOrderInsert = typeof goodsOrders.$inferInsert;
export type GoodsOrderLineRow = typeof goodsOrderLines.$inferSelect;
