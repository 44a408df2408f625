import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { fen } from '@/core/money';
import { goodsOrders } from '@/modules/orders/goods-orders.tables';

/** A line of the order asked about, as it was bought (snapshot), with the units asked for. */
export interface AfterSaleItem {
  lineId: string;
  skuId: string;
  title: string;
  skuText: string;
  image: string;
  unitFen: number;
  qty: number;
}

export interface ReturnAddressSnapshot {
  name: string;
  phone: string;
  address: string;
}

/**
 * 售后单 (the spec's 服务单): a buyer's request about units of one goods order. Status AFTER_SALE_STATUS, moved only
 * by after-sale.states.ts (one conditional UPDATE per move). amount = what the buyer asks back (≤ refundable when
 * asked); refund = what the merchant refunds (claimed when the refund starts); the CHECK keeps refund ≤ amount.
 */
export const afterSales = pgTable(
  'after_sales',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    renterId: uuid('renter_id').notNull(),
    /** S + yyMMdd + 6 digits of a per-renter, per-day sequence. */
    afterSaleNo: text('after_sale_no').notNull(),
    orderId: uuid('order_id').notNull(),
    /** Copied from the order: the list's filters read them without a join. */
    orderNo: text('order_no').notNull(),
    memberId: uuid('member_id').notNull(),
    memberPhone: text('member_phone').notNull().default(''),
    /** 1 仅退款, 2 退货退款, 3 换货. */
    type: smallint('type').notNull(),
    status: smallint('status').notNull().default(1),
    /** The units asked about were not shipped (an order 待发货): a refund gives their stock back at once. */
    unshipped: boolean('unshipped').notNull().default(false),
    items: jsonb('items').$type<AfterSaleItem[]>().notNull(),
    reason: text('reason').notNull(),
    description: text('description').notNull().default(''),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    amountFen: fen('amount_fen').notNull().default(0),
    refundFen: fen('refund_fen').notNull().default(0),
    /** Refund attempts (one payment intent each: a failed refund may be tried again as a new one). */
    refundAttempts: integer('refund_attempts').notNull().default(0),
    /** The units left the order (lines' refunded units, stock of unshipped units): done once, by the first refund. */
    unitsDone: boolean('units_done').notNull().default(false),
    refuseReason: text('refuse_reason').notNull().default(''),
    returnAddress: jsonb('return_address').$type<ReturnAddressSnapshot | null>(),
    returnCompany: text('return_company').notNull().default(''),
    returnTrackingNo: text('return_tracking_no').notNull().default(''),
    resendCompany: text('resend_company').notNull().default(''),
    resendTrackingNo: text('resend_tracking_no').notNull().default(''),
    /** When the pending timeout acts (the merchant's answer, the buyer's return), shown; the job decides. */
    deadlineAt: timestamp('deadline_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('after_sales_renter_no_uq').on(t.renterId, t.afterSaleNo),
    unique('after_sales_renter_id_uq').on(t.renterId, t.id),
    index('after_sales_renter_created_idx').on(t.renterId, t.createdAt.desc(), t.id),
    index('after_sales_renter_status_created_idx').on(t.renterId, t.status, t.createdAt.desc(), t.id),
    index('after_sales_renter_amount_idx').on(t.renterId, t.amountFen, t.id),
    index('after_sales_renter_order_no_idx').on(t.renterId, t.orderNo),
    index('after_sales_renter_phone_idx').on(t.renterId, t.memberPhone, t.createdAt.desc()),
    index('after_sales_order_idx').on(t.renterId, t.orderId, t.createdAt),
    index('after_sales_member_idx').on(t.renterId, t.memberId, t.createdAt.desc(), t.id),
    check('after_sales_money', sql`${t.amountFen} >= 0 and ${t.refundFen} >= 0 and ${t.refundFen} <= ${t.amountFen}`),
    foreignKey({ name: 'after_sales_order_fk', columns: [t.renterId, t.orderId], foreignColumns: [goodsOrders.renterId, goodsOrders.id] }),
  ],
);

/** The negotiation history (协商历史): every step, by whom, with its note, images and amount. */
export const afterSaleLogs = pgTable(
  'after_sale_logs',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    renterId: uuid('renter_id').notNull(),
    afterSaleId: uuid('after_sale_id').notNull(),
    /** staff | member | system. */
    actorKind: text('actor_kind').notNull(),
    actorId: text('actor_id').notNull().default(''),
    actorName: text('actor_name').notNull().default(''),
    action: text('action').notNull(),
    note: text('note').notNull().default(''),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    amountFen: fen('amount_fen'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('after_sale_logs_idx').on(t.renterId, t.afterSaleId, t.createdAt),
    foreignKey({
      name: 'after_sale_logs_fk',
      columns: [t.renterId, t.afterSaleId],
      foreignColumns: [afterSales.renterId, afterSales.id],
    }).onDelete('cascade'),
  ],
);

/** 售后设置 (AutoCheckServer): one row per renter, defaults (AFTER_SALE_DEFAULTS) until saved. */
export const afterSaleSettings = pgTable('after_sale_settings', {
  renterId: uuid('renter_id').primaryKey(),
  autoAgreeUnshipped: boolean('auto_agree_unshipped').notNull().default(false),
  replyDays: integer('reply_days').notNull().default(7),
  returnDays: integer('return_days').notNull().default(7),
  applyDays: integer('apply_days').notNull().default(7),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type AfterSaleRow = typeof afterSales.$inferSelect;
export type AfterSaleInsert = typeof afterSales.$inferInsert;
