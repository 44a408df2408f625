import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

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
