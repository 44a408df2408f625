import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { fen } from '@/core/money';

const id = () => uuid('id').primaryKey().default(sql`gen_random_uuid()`);
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** A person who can log in; belongs to enterprises through staff rows. */
export const users = pgTable('users', {
  id: id(),
  phone: text('phone').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  name: text('name').notNull().default(''),
  headimg: text('headimg').notNull().default(''),
  lastRenterId: uuid('last_renter_id'),
  lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/** An enterprise (租户). Its own row carries its id as renter. */
export const renters = pgTable('renters', {
  id: id(),
  name: text('name').notNull(),
  industry: text('industry').notNull().default(''),
  area: jsonb('area').$type<string[]>().notNull().default([]),
  productId: text('product_id').notNull(),
  ownerUserId: uuid('owner_user_id').notNull(),
  /** true while on the free trial. */
  isTrial: boolean('is_trial').notNull().default(true),
  /** 1 buyout, 2 annual; 0 while on trial. */
  mdornf: integer('mdornf').notNull().default(0),
  /** End of the trial or paid service; null for a buyout. */
  serviceEndAt: timestamp('service_end_at', { withTimezone: true }),
  logo: text('logo').notNull().default(''),
  servicePhone: text('service_phone').notNull().default(''),
  /** 企业信息 (/renterinfo): who to contact about the enterprise. */
  contactName: text('contact_name').notNull().default(''),
  contactPhone: text('contact_phone').notNull().default(''),
  address: text('address').notNull().default(''),
  createdAt: createdAt(),
});

/** Login tokens, stored hashed. */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: uuid('user_id').notNull(),
    renterId: uuid('renter_id'),
    shopId: uuid('shop_id'),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const smsCodes = pgTable(
  'sms_codes',
  {
    id: id(),
    phone: text('phone').notNull(),
    type: integer('type').notNull(),
    /** '' for the console's codes; `renter:<id>` for a member's code, good only on that renter's shop. */
    scope: text('scope').notNull().default(''),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    ip: text('ip').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('sms_codes_phone_idx').on(t.phone, t.createdAt)],
);

/**
 * Attempt counters of the login area (see the module README "Counters"): per-address limits (`ip:sms:<ip>`,
 * `ip:login:<ip>`) and the password's try slots per account and address (`pwd:<phone>:<ip>`) and per account
 * (`pwd:<phone>`). Each is taken with one conditional upsert, so concurrent attempts cannot overshoot.
 */
export const authCounters = pgTable(
  'auth_counters',
  {
    key: text('key').primaryKey(),
    /** Attempts in the current window (for a password slot: wrong ones in a row plus those being checked). */
    count: integer('count').notNull().default(0),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull().defaultNow(),
    /** Set when the password's tries ran out: no try is given until then. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (t) => [index('auth_counters_window_idx').on(t.windowStart)],
);

/** Every login attempt, for /logininfor and the lock. */
export const loginLogs = pgTable(
  'login_logs',
  {
    id: id(),
    userId: uuid('user_id'),
    renterId: uuid('renter_id'),
    phone: text('phone').notNull(),
    way: text('way').notNull(),
    ok: boolean('ok').notNull(),
    reason: text('reason').notNull().default(''),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('login_logs_user_idx').on(t.userId, t.createdAt), index('login_logs_renter_idx').on(t.renterId, t.createdAt)],
);

/* Shared catalogues (reference tables under Citus). */
export const areas = pgTable(
  'areas',
  {
    code: text('code').primaryKey(),
    name: text('name').notNull(),
    parentCode: text('parent_code').notNull().default(''),
    level: integer('level').notNull(),
  },
  (t) => [index('areas_parent_idx').on(t.parentCode)],
);

export const industries = pgTable('industries', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  sort: integer('sort').notNull().default(0),
});

export const products = pgTable('products', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  productStr: text('product_str').notNull(),
  productType: integer('product_type').notNull(),
  remark: text('remark').notNull().default(''),
  annualPriceFen: fen('annual_price_fen').notNull(),
  buyoutPriceFen: fen('buyout_price_fen').notNull(),
  canBuyout: boolean('can_buyout').notNull().default(true),
  canAnnual: boolean('can_annual').notNull().default(true),
  sort: integer('sort').notNull().default(0),
});

export const agreements = pgTable('agreements', {
  id: text('id').primaryKey(),
  title: text('title').notNull(),
  content: text('content').notNull(),
  sort: integer('sort').notNull().default(0),
});
