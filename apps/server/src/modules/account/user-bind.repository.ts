import { and, eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { userBinds } from '@/db/schema';

export type UserBindRow = typeof userBinds.$inferSelect;

/** Outside accounts bound to a user (user_binds, this module's): a user's own, so by user id, not by renter. */
export const bindRepo = {
  async ofUser(db: Db, userId: string, kind: string): Promise<UserBindRow | undefined> {
    const [b] = await db
      .select()
      .from(userBinds)
      .where(and(eq(userBinds.userId, userId), eq(userBinds.kind, kind)))
      .limit(1);
    return b;
  },
  async byOpenid(db: Db, kind: string, openid: string): Promise<UserBindRow | undefined> {
    const [b] = await db
      .select()
      .from(userBinds)
      .where(and(eq(userBinds.kind, kind), eq(userBinds.openid, openid)))
      .limit(1);
    return b;
  },
  /** Inserts the binding; false when the user or the openid got bound meanwhile (the unique indexes decide). */
  async insert(db: Db, v: typeof userBinds.$inferInsert): Promise<boolean> {
    const rows = await db.insert(userBinds).values(v).onConflictDoNothing().returning({ id: userBinds.id });
    return rows.length === 1;
  },
  async remove(db: Db, userId: string, kind: string): Promise<UserBindRow | undefined> {
    const [b] = await db
      .delete(userBinds)
      .where(and(eq(userBinds.userId, userId), eq(userBinds.kind, kind)))
      .returning();
    return b;
  },
};
