import { sql } from 'drizzle-orm';
import { boolean, check, foreignKey, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { fen } from '@/core/money';
import { payOrders } from '@/integrations/payment/payment.tables';

/** The add-on apps of the app centre (/Apphall): a shared catalogue, seeded. */
export const apps = pgTable('apps', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  /** One line on the card. */
  intro: text('intro').notNull().default(''),
  /** The detail page's text (/appmarket/appdesc). */
  detail: text('detail').notNull().default(''),
  icon: text('icon').notNull().default(''),
  annualPriceFen: fen('annual_price_fen').notNull(),
  buyoutPriceFen: fen('buyout_price_fen').notNull(),
  canBuyout: boolean('can_buyout').notNull().default(true),
  canAnnual: boolean('can_annual').notNull().default(true),
  sort: integer('sort').notNull().default(0),
});

/** An app an enterprise has bought: buyout (mdornf 1, no end) or annual (mdornf 2, until service_end_at). */
export const renterApps = pgTable(
  'renter_apps',
  {
    renterId: uuid('renter_id').notNull(),
    appId: text('app_id').notNull(),
    mdornf: integer('mdornf').notNull(),
    serviceEndAt: timestamp('service_end_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.renterId, t.appId] })],
);

/** renter_buys.status */
export const BUY_STATUS = { unpaid: 1, paid: 2, cancelled: 3 } as const;

/**
 * One purchase (RenterBuy): of the product itself (app_id null) or of an app, buyout or some years of annual fee.
 * Paid through the payment interface (biz_type 'billing'); the paid handler extends the service once.
 */
export const renterBuys = pgTable(
  'renter_buys',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    renterId: uuid('renter_id').notNull(),
    productId: text('product_id').notNull(),
    appId: text('app_id'),
    /** 1 buyout, 2 annual. */
    mdornf: integer('mdornf').notNull(),
    /** Years of an annual purchase (0 for a buyout). */
    years: integer('years').notNull().default(0),
    amountFen: fen('amount_fen').notNull(),
    /** See BUY_STATUS. */
    status: integer('status').notNull().default(BUY_STATUS.unpaid),
    payOrderId: uuid('pay_order_id'),
    createdBy: uuid('created_by').notNull(),
    /** The service end before and after this purchase was paid (null: none / buyout). */
    endBefore: timestamp('end_before', { withTimezone: true }),
    endAfter: timestamp('end_after', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('renter_buys_renter_idx').on(t.renterId, t.createdAt),
    check('renter_buys_amount_ck', sql`${t.amountFen} > 0`),
    check('renter_buys_years_ck', sql`${t.years} >= 0`),
    foreignKey({
      name: 'renter_buys_pay_order_fk',
      columns: [t.renterId, t.payOrderId],
      foreignColumns: [payOrders.renterId, payOrders.id],
    }),
  ],
);
