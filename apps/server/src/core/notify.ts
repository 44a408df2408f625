import { and, count, desc, eq, ilike, isNull, or, sql } from 'drizzle-orm';
import { afterCommit, type Ctx } from './context';
import { contains } from './like';
import { notices } from './notify.tables';
import type { Tenant } from '@/core/tenant';

// Here rather than in the home module (which lists the notices): login, orders and others send notices, and the
// home module reads login's data, so a notify() in home would close an import cycle home → login → home.

export interface NewNotice {
  /** Only this user sees it; everyone of the enterprise when absent. */
  userId?: string;
  title: string;
  content: string;
  link?: string;
  /** Also read it aloud in the console (receiveTTSNotice). */
  tts?: boolean;
}

/** Stores a notice and pushes it to the console in real time once the write has committed. */
export async function notify(ctx: Ctx, renterId: string, n: NewNotice): Promise<void> {
  const [row] = await ctx.db
    .insert(notices)
    .values({ renterId, userId: n.userId ?? null, title: n.title, content: n.content, link: n.link ?? '' })
    .returning({ id: notices.id });
  const payload = { title: n.title, message: n.content, link: n.link ?? '', id: row.id };
  const event = n.tts ? 'receiveTTSNotice' : 'receiveNotice';
  afterCommit(ctx, () => {
    if (n.userId) ctx.services.hub.toUser(n.userId, event, payload);
    else ctx.services.hub.toRenter(renterId, event, payload);
  });
}

/** Reading the notices (the home module's 消息提醒 lists them): core owns the table, as it writes it. */
export const noticeReads = {
  /** Notices for the user in the enterprise: their own and those for everyone. */
  async latest(tenant: Tenant, userId: string, limit: number) {
    const { db, renterId } = tenant;
    return db
      .select()
      .from(notices)
      .where(and(eq(notices.renterId, renterId), or(isNull(notices.userId), eq(notices.userId, userId))))
      .orderBy(desc(notices.createdAt))
      .limit(limit);
  },
  /** One page of the user's notices, newest first, with the filtered total. */
  async page(tenant: Tenant, userId: string, q: { offset: number; limit: number; keyword: string; unread: boolean }) {
    const { db, renterId } = tenant;
    const conds = [eq(notices.renterId, renterId), or(isNull(notices.userId), eq(notices.userId, userId))];
    if (q.keyword) conds.push(or(ilike(notices.title, contains(q.keyword)), ilike(notices.content, contains(q.keyword))));
    if (q.unread) conds.push(isNull(notices.readAt));
    const where = and(...conds);
    const [rows, [{ n }]] = await Promise.all([
      db.select().from(notices).where(where).orderBy(desc(notices.createdAt), desc(notices.id)).limit(q.limit).offset(q.offset),
      db.select({ n: count() }).from(notices).where(where),
    ]);
    return { rows, total: Number(n) };
  },
  async unreadCount(tenant: Tenant, userId: string) {
    const { db, renterId } = tenant;
    const [r] = await db
      .select({ n: count() })
      .from(notices)
      .where(and(eq(notices.renterId, renterId), or(isNull(notices.userId), eq(notices.userId, userId)), isNull(notices.readAt)));
    return Number(r?.n ?? 0);
  },
  async markRead(tenant: Tenant, userId: string, ids: string[]) {
    const { db, renterId } = tenant;
    const mine = and(eq(notices.renterId, renterId), or(isNull(notices.userId), eq(notices.userId, userId)), isNull(notices.readAt));
    await db
      .update(notices)
      .set({ readAt: new Date() })
      .where(ids.length ? and(mine, sql`${notices.id} in ${ids}`) : mine);
  },
};
