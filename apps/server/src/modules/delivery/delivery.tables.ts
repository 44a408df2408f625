import { sql } from 'drizzle-orm';
import {
  check,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { fen } from '@/core/money';
import { payOrders } from '@/integrations/payment/payment.tables';
import { shops } from '@/modules/shop/shop.tables';

/**
 * 配送设置 of one shop: which delivery methods are on (at least one), and 同城配送's radius, 起送价, fee and free-from
 * amount. A shop without a row has the defaults: 快递发货 on, the others off.
 */
export const deliverySettings = pgTable(
  'delivery_settings',
  {
    renterId: uuid('renter_id').notNull(),
    shopId: uuid('shop_id').notNull(),
    express: integer('express').notNull().default(1),
    pickup: integer('pickup').notNull().default(0),
    local: integer('local').notNull().default(0),
    /** 同城配送 radius in metres around the shop's coordinates. */
    localRadiusM: integer('local_radius_m').notNull().default(5000),
    localMinFen: fen('local_min_fen').notNull().default(0),
    localFeeFen: fen('local_fee_fen').notNull().default(0),
    /** Orders of at least this much deliver free; 0: never free. */
    localFreeFen: fen('local_free_fen').notNull().default(0),
    updatedBy: uuid('updated_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.renterId, t.shopId] }),
    check('delivery_settings_one_on_ck', sql`${t.express} + ${t.pickup} + ${t.local} >= 1`),
    foreignKey({ name: 'delivery_settings_shop_fk', columns: [t.renterId, t.shopId], foreignColumns: [shops.renterId, shops.id] }).onDelete(
      'cascade',
    ),
  ],
);

export interface OpenHours {
  /** 1 Monday … 7 Sunday. */
  days: number[];
  ranges: { start: string; end: string }[];
}

/** 自提点: where customers collect 到店自提 orders, and who may verify their pick-up codes there. */
export const pickupPoints = pgTable(
  'pickup_points',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    renterId: uuid('renter_id').notNull(),
    name: text('name').notNull(),
    /** Province, city, district codes (GetArea). */
    area: jsonb('area').$type<string[]>().notNull(),
    address: text('address').notNull(),
    lng: doublePrecision('lng').notNull(),
    lat: doublePrecision('lat').notNull(),
    phone: text('phone').notNull(),
    hours: jsonb('hours').$type<OpenHours>().notNull(),
    /**
     * Staff (staff.id) who may verify pick-up codes here; empty: any staff member allowed to verify. Ids of staff
     * removed since are ignored when read (staff has no (renter_id, id) key to refer to; checked on save).
     */
    staffIds: jsonb('staff_ids').$type<string[]>().notNull().default([]),
    /** 1 enabled, 0 disabled (not offered at checkout). */
    status: integer('status').notNull().default(1),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('pickup_points_renter_id_uq').on(t.renterId, t.id),
    index('pickup_points_renter_created_idx').on(t.renterId, t.createdAt.desc(), t.id),
  ],
);

/** A charge rule in units (pieces, or grams) and fen. */
export interface FreightRuleRow {
  first: number;
  firstFen: number;
  next: number;
  nextFen: number;
}
export interface FreightRegionRow extends FreightRuleRow {
  areas: string[];
}
export interface FreeRuleRow {
  /** Empty: everywhere the template delivers. */
  areas: string[];
  /** Pieces or grams; 0 no such condition. */
  minUnits: number;
  /** 0 no such condition. */
  minFen: number;
}

/**
 * 运费模板: by piece (charge_by 1) or by weight in grams (2); a default rule, regional rules, areas not delivered to and
 * free-shipping conditions. Rules are small lists read whole with their template (jsonb; amounts in integer fen).
 */
export const freightTemplates = pgTable(
  'freight_templates',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    renterId: uuid('renter_id').notNull(),
    name: text('name').notNull(),
    chargeBy: integer('charge_by').notNull(),
    firstUnits: integer('first_units').notNull(),
    firstFen: fen('first_fen').notNull(),
    nextUnits: integer('next_units').notNull(),
    nextFen: fen('next_fen').notNull(),
    regions: jsonb('regions').$type<FreightRegionRow[]>().notNull().default([]),
    noDelivery: jsonb('no_delivery').$type<string[]>().notNull().default([]),
    freeRules: jsonb('free_rules').$type<FreeRuleRow[]>().notNull().default([]),
    status: integer('status').notNull().default(1),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('freight_templates_renter_id_uq').on(t.renterId, t.id),
    uniqueIndex('freight_templates_renter_name_uq').on(t.renterId, t.name),
    index('freight_templates_renter_created_idx').on(t.renterId, t.createdAt.desc(), t.id),
    check('freight_templates_charge_by_ck', sql`${t.chargeBy} in (1, 2)`),
  ],
);

/** 电子面单 left to the enterprise: one counter, changed by single conditional UPDATEs. */
export const expressAccounts = pgTable(
  'express_accounts',
  {
    renterId: uuid('renter_id').primaryKey(),
    waybillQuota: integer('waybill_quota').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('express_accounts_quota_ck', sql`${t.waybillQuota} >= 0`)],
);

/** One purchase of a waybill package (Charge), paid through the payment interface (biz_type 'express-package'). */
export const expressBuys = pgTable(
  'express_buys',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    renterId: uuid('renter_id').notNull(),
    packageId: text('package_id').notNull(),
    packageName: text('package_name').notNull(),
    waybills: integer('waybills').notNull(),
    amountFen: fen('amount_fen').notNull(),
    /** 1 待支付, 2 已支付, 3 已关闭. */
    status: integer('status').notNull().default(1),
    payOrderId: uuid('pay_order_id'),
    qrCode: text('qr_code').notNull().default(''),
    createdBy: uuid('created_by').notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('express_buys_renter_created_idx').on(t.renterId, t.createdAt.desc(), t.id),
    index('express_buys_renter_status_created_idx').on(t.renterId, t.status, t.createdAt.desc(), t.id),
    check('express_buys_amount_ck', sql`${t.amountFen} > 0`),
    foreignKey({
      name: 'express_buys_pay_order_fk',
      columns: [t.renterId, t.payOrderId],
      foreignColumns: [payOrders.renterId, payOrders.id],
    }),
  ],
);
