import type { ListQuery } from '@shop/contract';
import { type Ctx, renterOf } from '@/core/context';
import { fmtTime } from '@/core/time';
import { noticeReads } from '@/core/notify';
import { pageWindow } from '@/core/paging';
import { tenantOf } from '@/core/tenant';

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
  const { userId } = renterOf(ctx);
  const { rows, total } = await noticeReads.page(tenantOf(ctx), userId, {
    ...pageWindow(q),
    keyword: q.keyword,
    unread: q.unread,
  });
  return { rows: rows.map(toItem), total_count: total };
}

/** The latest 20 notices of the caller. */
export async function latestNotices(ctx: Ctx) {
  const { userId } = renterOf(ctx);
  const rows = await noticeReads.latest(tenantOf(ctx), userId, 20);
  return rows.map(toItem);
}

export async function readNotices(ctx: Ctx, ids: string[]) {
  const { userId } = renterOf(ctx);
  await noticeReads.markRead(tenantOf(ctx), userId, ids);
}
