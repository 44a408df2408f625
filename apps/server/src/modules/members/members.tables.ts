import { sql } from 'drizzle-orm';
import { foreignKey, index, integer, pgTable, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { shops } from '@/modules/login/login.tables';

/**
 * A customer of one renter (DESIGN §9), created on the customer side by the first login with an SMS code. The phone
 * is unique per renter: the same person is a different member of another renter. Nothing links a member to a staff
 * user (users): a staff phone that logs in on the shop becomes a member of its own, with no staff rights.
 */
export const members = pgTable(
  'members',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    renterId: uuid('renter_id').notNull(),
    phone: text('phone').notNull(),
    /** argon2id, as staff passwords; null until the member sets one (password login is refused until then). */
    passwordHash: text('password_hash'),
    nickname: text('nickname').notNull().default(''),
    avatar: text('avatar').notNull().default(''),
    /** 1 active, 0 disabled (a disabled member's tokens stop at once). */
    status: integer('status').notNull().default(1),
    /** The shop where the member first logged in. */
    shopId: uuid('shop_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('members_renter_phone_uq').on(t.renterId, t.phone),
    index('members_renter_created_idx').on(t.renterId, t.createdAt),
    // (renter_id, id): what the member's tokens (and later orders, balances) point at, within the renter.
    unique('members_renter_id_uq').on(t.renterId, t.id),
    // The shop of the first login; a removed shop leaves the member (PostgreSQL 15+: only shop_id is cleared).
    foreignKey({ name: 'members_shop_fk', columns: [t.renterId, t.shopId], foreignColumns: [shops.renterId, shops.id] }).onDelete(
      'set null',
    ),
  ],
);

/** Member login tokens, stored hashed (sha-256, as staff sessions); a different table, so neither passes for the other. */
export const memberTokens = pgTable(
  'member_tokens',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    tokenHash: text('token_hash').notNull().unique(),
    renterId: uuid('renter_id').notNull(),
    memberId: uuid('member_id').notNull(),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('member_tokens_member_idx').on(t.renterId, t.memberId),
    foreignKey({
      name: 'member_tokens_member_fk',
      columns: [t.renterId, t.memberId],
      foreignColumns: [members.renterId, members.id],
    }).onDelete('cascade'),
  ],
);
