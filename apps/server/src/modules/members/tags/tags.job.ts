import { sql } from 'drizzle-orm';
import { type Ctx, inTx } from '@/core/context';
import { defineJob, sendJob } from '@/core/jobs';
import { tenantFor } from '@/core/tenant';
import { tagsRepo as repo } from './tags.repository';

export const TAG_REFRESH_JOB = 'members.tags.refresh';

/** One automatic tag (tagId), or every automatic tag of the renter (the hourly run), each in its own transaction. */
export interface TagRefreshData {
  renterId: string;
  tagId?: string;
}

/** Sends a refresh in the caller's transaction; a refresh of the same tag already waiting makes this one needless. */
export async function sendTagRefresh(tx: Ctx, data: TagRefreshData): Promise<void> {
  await sendJob(tx, TAG_REFRESH_JOB, data, { singletonKey: `${data.renterId}:${data.tagId ?? '*'}` });
}

/**
 * Recomputes one automatic tag under its row lock: the rule's members now get it, the others lose it, the count
 * and refreshed_at move, in one transaction. A tag gone, turned manual or without conditions is left alone.
 */
export async function refreshTag(ctx: Ctx, renterId: string, tagId: string) {
  return inTx(ctx, async (tx) => {
    const t = tenantFor(tx, renterId);
    const tag = await repo.lockById(t, tagId);
    if (tag?.kind !== 2 || !tag.rule?.items.length) return null;
    return repo.applyRule(t, tag.id, tag.rule, new Date());
  });
}

export const tagRefreshJob = defineJob<TagRefreshData>({
  name: TAG_REFRESH_JOB,
  policy: 'short',
  retryLimit: 3,
  expireInSeconds: 600,
  async handler(ctx, { renterId, tagId }) {
    if (tagId) {
      await refreshTag(ctx, renterId, tagId);
      return;
    }
    for (const { id } of await repo.automatic(tenantFor(ctx, renterId))) await refreshTag(ctx, renterId, id);
  },
});

/**
 * Every renter's automatic tags drift with time-relative rules (最近30天内消费): one refresh job per renter holding
 * automatic tags. A sweep across renters on the system handle; the hourly cron job runs it.
 */
export async function sendAllTagRefreshes(ctx: Ctx): Promise<number> {
  const res = (await ctx.db.execute(sql`select distinct renter_id from member_tags where kind = 2`)) as unknown as {
    rows: { renter_id: string }[];
  };
  for (const r of res.rows) await sendTagRefresh(ctx, { renterId: r.renter_id });
  return res.rows.length;
}

export const tagRefreshCron = defineJob({
  name: 'members.tags.hourly',
  cron: '7 * * * *',
  retryLimit: 2,
  async handler(ctx) {
    const n = await sendAllTagRefreshes(ctx);
    if (n) ctx.log.info({ renters: n }, 'automatic tag refreshes sent');
  },
});
