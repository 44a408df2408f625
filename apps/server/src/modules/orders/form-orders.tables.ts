import { sql } from 'drizzle-orm';
import { foreignKey, index, integer, pgTable, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { fen } from '@/core/money';
import { payOrders } from '@/integrations/payment/payment.tables';
import { formSubmissions } from '@/modules/forms/forms.tables';

/** An order for a paid form submission. */
export const formOrders = pgTable(
  'form_orders',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    renterId: uuid('renter_id').notNull(),
    orderNo: text('order_no').notNull(),
    formId: uuid('form_id').notNull(),
    submissionId: uuid('submission_id').notNull(),
    visitor: text('visitor').notNull(),
    phone: text('phone').notNull().default(''),
    amountFen: fen('amount_fen').notNull(),
    /** See FORM_ORDER_STATUS. */
    status: integer('status').notNull().default(0),
    needVerify: integer('need_verify').notNull().default(0),
    payOrderId: uuid('pay_order_id'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** 8 digits the customer shows at the shop. */
    verifyCode: text('verify_code'),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    verifiedBy: uuid('verified_by'),
    sellerNotes: text('seller_notes').notNull().default(''),
    cancelReason: text('cancel_reason').notNull().default(''),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('form_orders_renter_no_uq').on(t.renterId, t.orderNo),
    uniqueIndex('form_orders_renter_code_uq').on(t.renterId, t.verifyCode),
    index('form_orders_renter_created_idx').on(t.renterId, t.createdAt),
    index('form_orders_submission_idx').on(t.renterId, t.submissionId),
    // A customer's orders (会员详情's figures and their recount): by the visitor id, and by the phone typed.
    index('form_orders_visitor_idx').on(t.renterId, t.visitor),
    index('form_orders_phone_idx').on(t.renterId, t.phone),
    unique('form_orders_renter_id_uq').on(t.renterId, t.id),
    foreignKey({
      name: 'form_orders_submission_fk',
      columns: [t.renterId, t.submissionId],
      foreignColumns: [formSubmissions.renterId, formSubmissions.id],
    }),
    foreignKey({
      name: 'form_orders_pay_order_fk',
      columns: [t.renterId, t.payOrderId],
      foreignColumns: [payOrders.renterId, payOrders.id],
    }),
  ],
);

/** Verification records (核销记录). */
export const formOrderTakes = pgTable(
  'form_order_takes',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    renterId: uuid('renter_id').notNull(),
    orderId: uuid('order_id').notNull(),
    code: text('code').notNull(),
    staffUserId: uuid('staff_user_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('form_order_takes_renter_idx').on(t.renterId, t.createdAt),
    foreignKey({
      name: 'form_order_takes_order_fk',
      columns: [t.renterId, t.orderId],
      foreignColumns: [formOrders.renterId, formOrders.id],
    }),
  ],
);
