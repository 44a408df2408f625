import { sql } from 'drizzle-orm';
import { check, foreignKey, index, integer, pgTable, smallint, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { fen } from '@/core/money';
import { payOrders } from '@/integrations/payment/payment.tables';
import { members } from '@/modules/members/members.tables';

/**
 * Level orders (kind 1, 等级订单) and rights-card orders (kind 2, 权益卡订单): one table, since both are "a member buys
 * one thing with a validity" and share every column and move (README "Member orders").
 */
export const memberOrders = pgTable(
  'member_orders',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    renterId: uuid('renter_id').notNull(),
    /** MEMBER_ORDER_KIND: 1 level, 2 rights card. */
    kind: smallint('kind').notNull(),
    orderNo: text('order_no').notNull(),
    memberId: uuid('member_id').notNull(),
    /** The buyer as at the order (the list filters and shows these; a member's phone is their login). */
    memberPhone: text('member_phone').notNull().default(''),
    memberName: text('member_name').notNull().default(''),
    /** The paid level or card bought, and its snapshot. */
    itemId: uuid('item_id').notNull(),
    itemName: text('item_name').notNull(),
    priceFen: fen('price_fen').notNull(),
    validDays: integer('valid_days').notNull(),
    amountFen: fen('amount_fen').notNull(),
    refundedFen: fen('refunded_fen').notNull().default(0),
    /** MEMBER_ORDER_STATUS. */
    status: smallint('status').notNull().default(0),
    payOrderId: uuid('pay_order_id'),
    payLink: text('pay_link').notNull().default(''),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** What the payment granted: the period this order added, and the holder's expiry before it (to take it back). */
    grantStart: timestamp('grant_start', { withTimezone: true }),
    grantEnd: timestamp('grant_end', { withTimezone: true }),
    /** For ever (valid days 0) once granted. */
    grantForever: smallint('grant_forever').notNull().default(0),
    /** The holder's state before this order: 1 held valid (the order extended it), 0 not (the order started it). */
    prevHeld: smallint('prev_held').notNull().default(0),
    prevEnd: timestamp('prev_end', { withTimezone: true }),
    prevLevelId: uuid('prev_level_id'),
    cardNo: text('card_no').notNull().default(''),
    sellerNotes: text('seller_notes').notNull().default(''),
    cancelReason: text('cancel_reason').notNull().default(''),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('member_orders_renter_no_uq').on(t.renterId, t.orderNo),
    unique('member_orders_renter_id_uq').on(t.renterId, t.id),
    // The list: a kind's orders by creation (every tab), by status tab, by payment time, by amount.
    index('member_orders_kind_created_idx').on(t.renterId, t.kind, t.createdAt, t.id),
    index('member_orders_kind_status_idx').on(t.renterId, t.kind, t.status, t.createdAt, t.id),
    index('member_orders_kind_paid_idx').on(t.renterId, t.kind, t.paidAt, t.id),
    index('member_orders_kind_amount_idx').on(t.renterId, t.kind, t.amountFen, t.createdAt, t.id),
    // Filters: the buyer's phone, the level or card bought; a member's own orders (the member centre).
    index('member_orders_kind_phone_idx').on(t.renterId, t.kind, t.memberPhone, t.createdAt),
    index('member_orders_kind_item_idx').on(t.renterId, t.kind, t.itemId, t.createdAt),
    index('member_orders_member_idx').on(t.renterId, t.memberId, t.kind, t.createdAt),
    check('member_orders_money', sql`${t.amountFen} > 0 and ${t.refundedFen} >= 0 and ${t.refundedFen} <= ${t.amountFen}`),
    foreignKey({
      name: 'member_orders_member_fk',
      columns: [t.renterId, t.memberId],
      foreignColumns: [members.renterId, members.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'member_orders_pay_order_fk',
      columns: [t.renterId, t.payOrderId],
      foreignColumns: [payOrders.renterId, payOrders.id],
    }),
  ],
);
