import { sql } from 'drizzle-orm';
import { pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

const id = () => uuid('id').primaryKey().default(sql`gen_random_uuid()`);
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** An outside account bound to a user for login (/userbind): WeChat now; the dev platform stands in locally. */
export const userBinds = pgTable(
  'user_binds',
  {
    id: id(),
    userId: uuid('user_id').notNull(),
    /** 'wechat' */
    kind: text('kind').notNull(),
    openid: text('openid').notNull(),
    unionid: text('unionid').notNull().default(''),
    nickname: text('nickname').notNull().default(''),
    avatar: text('avatar').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('user_binds_kind_openid_uq').on(t.kind, t.openid), uniqueIndex('user_binds_user_kind_uq').on(t.userId, t.kind)],
);
