import { sql } from 'drizzle-orm';
import { bigint, check, foreignKey, index, pgTable, smallint, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { fen } from '@/core/money';

/**
 * The order header (orders README "The order core"): one row for every order a member or a customer pays for, of
 * every kind (ORDER_KIND: goods, form, level, card; time card, recharge, gift package and points exchange take their
 * place here as they come). The kind's own table holds its detail under the same id (goods_orders, form_orders,
 * member_orders) and is where the kind's moves happen; the database writes the header in the same statement (the
 * triggers of migration 0037), so the header can never disagree with its detail. Cross-kind readers (a member's
 * orders, the member detail's figures, reports) read this table only.
 */
export const orders = pgTable(
  'orders',
  {
    /** The kind row's id. */
    id: uuid('id').primaryKey(),
    renterId: uuid('renter_id').notNull(),
    /** ORDER_KIND: 'goods' | 'form' | 'level' | 'card'. */
    kind: text('kind').notNull(),
    /** From the one allocator (core/order-no.ts): unique per renter across every kind. */
    orderNo: text('order_no').notNull(),
    /** The buying member (null for a form order of a visitor who is no member). */
    memberId: uuid('member_id'),
    /** The customer's signed visitor id (form orders). */
    visitor: text('visitor'),
    buyerPhone: text('buyer_phone').notNull().default(''),
    title: text('title').notNull().default(''),
    /** The kind's own status code (its move table). */
    status: smallint('status').notNull(),
    /** ORDER_STAGE, the same for every kind: 0 待付款, 1 进行中 (paid, not finished), 2 已完成, 3 已关闭. */
    stage: smallint('stage').notNull(),
    /** What the order costs; what its payment brought; what went back. */
    amountFen: fen('amount_fen').notNull(),
    paidFen: fen('paid_fen').notNull().default(0),
    refundedFen: fen('refunded_fen').notNull().default(0),
    /** The pay order that paid it. */
    payOrderId: uuid('pay_order_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_renter_no_uq').on(t.renterId, t.orderNo),
    unique('orders_renter_id_uq').on(t.renterId, t.id),
    index('orders_renter_created_idx').on(t.renterId, t.createdAt.desc(), t.id),
    index('orders_renter_kind_stage_idx').on(t.renterId, t.kind, t.stage, t.createdAt.desc(), t.id),
    // A member's orders of every kind (the member centre, the member detail's figures).
    index('orders_member_idx').on(t.renterId, t.memberId, t.createdAt.desc(), t.id),
    // A customer's form orders by the visitor who ordered or the phone typed.
    index('orders_visitor_idx').on(t.renterId, t.visitor).where(sql`${t.visitor} is not null`),
    index('orders_phone_idx').on(t.renterId, t.buyerPhone),
    index('orders_renter_paid_idx').on(t.renterId, t.paidAt),
    check('orders_money', sql`${t.amountFen} >= 0 and ${t.paidFen} >= 0 and ${t.refundedFen} >= 0 and ${t.refundedFen} <= ${t.paidFen}`),
  ],
);

/** The timeline of an order of any kind: every move and action, by whom. */
export const orderLogs = pgTable(
  'order_logs',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    /** The order of the lines as written (two lines of one transaction may share a clock reading). */
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    renterId: uuid('renter_id').notNull(),
    orderId: uuid('order_id').notNull(),
    fromStatus: smallint('from_status'),
    toStatus: smallint('to_status'),
    action: text('action').notNull(),
    /** staff | member | visitor | system. */
    actorKind: text('actor_kind').notNull(),
    actorId: text('actor_id').notNull().default(''),
    actorName: text('actor_name').notNull().default(''),
    note: text('note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('order_logs_order_idx').on(t.renterId, t.orderId, t.seq),
    foreignKey({
      name: 'order_logs_order_fk',
      columns: [t.renterId, t.orderId],
      foreignColumns: [orders.renterId, orders.id],
    }).onDelete('cascade'),
  ],
);

export type OrderHeaderRow = typeof orders.$inferSelect;
export type OrderLogRow = typeof orderLogs.$inferSelect;
