import type { ListQuery } from '@shop/contract';
import { type Ctx, afterCommit, renterOf } from '../../core/context';
import { fmtTime } from '../../core/time';
import { noticeRepo } from './home.repository';
import { pageWindow } from '../../core/paging';

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
  const row = await noticeRepo.insert(ctx.db, {
    renterId,
    userId: n.userId ?? null,
    title: n.title,
    content: n.content,
    link: n.link ?? '',
  });
  const payload = { title: n.title, message: n.content, link: n.link ?? '', id: row.id };
  const event = n.tts ? 'receiveTTSNotice' : 'receiveNotice';
  afterCommit(ctx, () => {
    if (n.userId) ctx.services.hub.toUser(n.userId, event, payload);
    else ctx.services.hub.toRenter(renterId, event, payload);
  });
}

function toItem(r: { id: string; title: string; content: string; createdAt: Date; link: string; readAt: Date | null }) {
  return {
    id: r.id,
    order: r.title ? `${r.title}：${r.content}` : r.content,
    time: fmtTime(r.createdAt),
    link: r.link,
    read: r.readAt !== null,
  };
}

/** A page of the caller's notices (消息提醒). */
export async function noticePage(ctx: Ctx, q: ListQuery & { unread: boolean }) {
  const { renterId, userId } = renterOf(ctx);
  const { rows, total } = await noticeRepo.page(ctx.db, renterId, userId, {
    ...pageWindow(q),
    keyword: q.keyword,
    unread: q.unread,
  });
  return { rows: rows.map(toItem), total_count: total };
}

/** The latest 20 notices of the caller. */
export async function latestNotices(ctx: Ctx) {
  const { renterId, userId } = renterOf(ctx);
  const rows = await noticeRepo.latest(ctx.db, renterId, userId, 20);
  return rows.map(toItem);
}

export async function readNotices(ctx: Ctx, ids: string[]) {
  const { renterId, userId } = renterOf(ctx);
  await noticeRepo.markRead(ctx.db, renterId, userId, ids);
}
