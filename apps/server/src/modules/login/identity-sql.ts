import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

/**
 * Login's tables as SQL expressions another module's query may embed, keyed by that query's own columns: the text
 * naming users and login_logs stays here with their owner (test/borders.test.ts reads every `sql` text for other
 * modules' table names), and the caller's list still sorts and filters in one statement.
 */

/** The phone of the user of `userId`. */
export const userPhoneSql = (userId: AnyColumn): SQL<string> => sql<string>`(select u.phone from users u where u.id = ${userId})`;

/**
 * The latest successful login of the user into the enterprise (index login_logs_user_idx), null when none: a member
 * list's 最后登录 column and sort.
 */
export const lastLoginSql = (userId: AnyColumn, renterId: AnyColumn): SQL<Date | null> =>
  sql<Date | null>`(select max(l.created_at) from login_logs l where l.user_id = ${userId} and l.renter_id = ${renterId} and l.ok)`.mapWith(
    (v: string | Date | null) => (v ? new Date(v) : null),
  );
