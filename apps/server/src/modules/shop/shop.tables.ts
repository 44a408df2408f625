import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const id = () => uuid('id').primaryKey().default(sql`gen_random_uuid()`);
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** A shop of an enterprise (the enterprise's first is made with it; 店铺信息 edits it). */
export const shops = pgTable(
  'shops',
  {
    id: id(),
    renterId: uuid('renter_id').notNull(),
    name: text('name').notNull(),
    /** 店铺信息 (/storeInformation). */
    logo: text('logo').notNull().default(''),
    phone: text('phone').notNull().default(''),
    /** Province/city/district codes (GetAllArea). */
    area: jsonb('area').$type<string[]>().notNull().default([]),
    address: text('address').notNull().default(''),
    /** Map position of the address (GCJ-02), null until set. */
    lng: doublePrecision('lng'),
    lat: doublePrecision('lat'),
    businessHours: text('business_hours').notNull().default(''),
    intro: text('intro').notNull().default(''),
    createdAt: createdAt(),
  },
  // (renter_id, id): what another table's composite foreign key names, so a row can only point into its own renter.
  (t) => [index('shops_renter_idx').on(t.renterId), unique('shops_renter_id_uq').on(t.renterId, t.id)],
);

/**
 * An enterprise's settings, one row per section (`home` 首页设置, `general` 通用设置, `payment` 支付方式, …). `value`
 * holds what the console reads, checked by the section's schema in the contract; `secret` holds the section's
 * provider keys encrypted (AES-256-GCM, never answered back in clear).
 */
export const renterConfigs = pgTable(
  'renter_configs',
  {
    renterId: uuid('renter_id').notNull(),
    key: text('key').notNull(),
    value: jsonb('value').$type<Record<string, unknown>>().notNull().default({}),
    secret: text('secret').notNull().default(''),
    updatedBy: uuid('updated_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.renterId, t.key] })],
);

/** 退货地址 (/editreaddress): where customers send returns; one may be the default. */
export const returnAddresses = pgTable(
  'return_addresses',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    renterId: uuid('renter_id').notNull(),
    /** 联系人 */
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    area: jsonb('area').$type<string[]>().notNull().default([]),
    address: text('address').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('return_addresses_renter_idx').on(t.renterId, t.createdAt),
    uniqueIndex('return_addresses_one_default_uq').on(t.renterId).where(sql`${t.isDefault}`),
  ],
);
