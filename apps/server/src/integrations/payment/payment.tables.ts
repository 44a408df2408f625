import { sql } from 'drizzle-orm';
import { check, foreignKey, index, integer, pgTable, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { fen } from '@/core/money';

/** pay_orders.status */
export const PAY_STATUS = {
  unpaid: 1,
  paid: 2,
  closed: 3,
  refunded: 4,
} as const;
export type PayStatus = (typeof PAY_STATUS)[keyof typeof PAY_STATUS];

/** pay_refunds.status */
export const REFUND_STATUS = {
  pending: 1,
  succeeded: 2,
  failed: 3,
} as const;

/** One request for money from a payer, for one business record (biz_type + biz_id). */
export const payOrders = pgTable(
  'pay_orders',
  {
    id: uuid('id').primaryKey(),
    renterId: uuid('renter_id').notNull(),
    /** Which module's record this pays for ('billing', 'orders', …); picks the onPaid handler. */
    bizType: text('biz_type').notNull(),
    bizId: uuid('biz_id').notNull(),
    /** Our number at the provider: the id's 32 hex digits, so globally unique by construction. */
    outTradeNo: text('out_trade_no').notNull(),
    subject: text('subject').notNull(),
    amountFen: fen('amount_fen').notNull(),
    /** See PAY_STATUS. */
    status: integer('status').notNull().default(PAY_STATUS.unpaid),
    /** Name of the provider the order was created at; its notifies and refunds go there. */
    provider: text('provider').notNull(),
    /** The provider's prepay id until paid, then its transaction id. */
    providerRef: text('provider_ref').notNull().default(''),
    /** What the payer scans. */
    qrCode: text('qr_code').notNull().default(''),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    refundedFen: fen('refunded_fen').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the reconciliation job last asked the provider about it (null: never): the least recently asked go first. */
    checkedAt: timestamp('checked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('pay_orders_renter_no_uq').on(t.renterId, t.outTradeNo),
    // A notify names only out_trade_no: found through this index (not unique, see README).
    index('pay_orders_no_idx').on(t.outTradeNo),
    index('pay_orders_renter_biz_idx').on(t.renterId, t.bizType, t.bizId),
    // One open pay order per business record: every link handed out for it is this one, until it is paid or closed.
    uniqueIndex('pay_orders_open_biz_uq')
      .on(t.renterId, t.bizType, t.bizId)
      .where(sql`${t.status} = ${sql.raw(String(PAY_STATUS.unpaid))}`),
    // The reconciliation job's look for orders still unpaid (a notify may have been lost).
    index('pay_orders_unpaid_idx')
      .on(t.checkedAt, t.createdAt)
      .where(sql`${t.status} = ${sql.raw(String(PAY_STATUS.unpaid))}`),
    unique('pay_orders_renter_id_uq').on(t.renterId, t.id),
    check('pay_orders_amount_ck', sql`${t.amountFen} > 0`),
    check('pay_orders_refunded_ck', sql`${t.refundedFen} >= 0 and ${t.refundedFen} <= ${t.amountFen}`),
  ],
);

/** One refund of (part of) a paid order. */
export const payRefunds = pgTable(
  'pay_refunds',
  {
    id: uuid('id').primaryKey(),
    renterId: uuid('renter_id').notNull(),
    payOrderId: uuid('pay_order_id').notNull(),
    /** Our refund number at the provider (the id's hex digits); a retry with it never refunds twice. */
    refundNo: text('refund_no').notNull(),
    /**
     * The business intent this refund carries out, named by the caller (e.g. `form-order-cancel:<order id>`): a retry
     * of the same intent finds this row and goes on with its number instead of making another (see README).
     */
    intentKey: text('intent_key').notNull(),
    /**
     * What the refund is for, typed: the business record whose onRefunded handler completes it (`after-sale` + the
     * request's id, `goods-order` + the order's id, `stray-payment` + the pay order's id for a payment nobody accepted).
     */
    bizType: text('biz_type').notNull(),
    bizId: uuid('biz_id').notNull(),
    amountFen: fen('amount_fen').notNull(),
    reason: text('reason').notNull().default(''),
    /** See REFUND_STATUS. */
    status: integer('status').notNull().default(REFUND_STATUS.pending),
    providerRef: text('provider_ref').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the reconciliation job last asked the provider about it (null: never). */
    checkedAt: timestamp('checked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('pay_refunds_renter_no_uq').on(t.renterId, t.refundNo),
    // One live refund (pending or done) per intent; a refund the provider refused (3) leaves room for a new attempt.
    uniqueIndex('pay_refunds_intent_uq')
      .on(t.renterId, t.payOrderId, t.intentKey)
      .where(sql`${t.status} <> ${sql.raw(String(REFUND_STATUS.failed))}`),
    // The reconciliation job's look for refunds left pending.
    index('pay_refunds_pending_idx')
      .on(t.checkedAt, t.createdAt)
      .where(sql`${t.status} = ${sql.raw(String(REFUND_STATUS.pending))}`),
    index('pay_refunds_renter_order_idx').on(t.renterId, t.payOrderId),
    index('pay_refunds_renter_biz_idx').on(t.renterId, t.bizType, t.bizId),
    foreignKey({ name: 'pay_refunds_order_fk', columns: [t.renterId, t.payOrderId], foreignColumns: [payOrders.renterId, payOrders.id] }),
    check('pay_refunds_amount_ck', sql`${t.amountFen} > 0`),
  ],
);

export type PayOrderRow = typeof payOrders.$inferSelect;
export type PayRefundRow = typeof payRefunds.$inferSelect;
