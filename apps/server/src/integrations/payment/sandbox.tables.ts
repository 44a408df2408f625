import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { fen } from '@/core/money';

/**
 * The sandbox provider's own books: what a real provider keeps on its side. They live in this database only because
 * the sandbox has no other home; they belong to the "provider", not to a renter (no renter_id), and the server's code
 * reads them only through SandboxPaymentProvider. Being tables, they outlive the server process: a restarted process
 * asks the sandbox about a number and gets what it accepted before the crash.
 */

/** sandbox_provider_payments.status, WeChat Pay's trade_state words. */
export const SANDBOX_TRADE_STATE = { unpaid: 'NOTPAY', paid: 'SUCCESS', closed: 'CLOSED' } as const;

/** One order opened at the sandbox (`create`), paid when the payer confirms, closed by `close`. */
export const sandboxProviderPayments = pgTable(
  'sandbox_provider_payments',
  {
    outTradeNo: text('out_trade_no').primaryKey(),
    amountFen: fen('amount_fen').notNull(),
    status: text('status').notNull().default(SANDBOX_TRADE_STATE.unpaid),
    transactionId: text('transaction_id').notNull().default(''),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('sandbox_provider_payments_amount_ck', sql`${t.amountFen} > 0`)],
);

/** One refund the sandbox accepted, keyed by the merchant's refund number (out_refund_no): accepted at most once. */
export const sandboxProviderRefunds = pgTable(
  'sandbox_provider_refunds',
  {
    refundNo: text('refund_no').primaryKey(),
    outTradeNo: text('out_trade_no').notNull(),
    amountFen: fen('amount_fen').notNull(),
    /** The sandbox's refund id (providerRef on our side). */
    refundId: text('refund_id').notNull(),
    reason: text('reason').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sandbox_provider_refunds_trade_idx').on(t.outTradeNo),
    check('sandbox_provider_refunds_amount_ck', sql`${t.amountFen} > 0`),
  ],
);
