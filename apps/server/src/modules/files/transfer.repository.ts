import { and, asc, count, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { paged } from '@/core/paging';
import type { Db } from '@/db/client';
import { fileDirs, files, imageTransferItems, imageTransferTasks } from './files.tables';
import type { Tenant } from '@/core/tenant';

export type TaskRow = typeof imageTransferTasks.$inferSelect;
export type ItemRow = typeof imageTransferItems.$inferSelect;

export const TASK = { queued: 0, running: 1, done: 2 } as const;
export const ITEM = { waiting: 0, saved: 1, failed: 2 } as const;

/** Counts and status, as pushed and polled. */
const progressCols = {
  id: imageTransferTasks.id,
  renterId: imageTransferTasks.renterId,
  status: imageTransferTasks.status,
  total: imageTransferTasks.total,
  doneCount: imageTransferTasks.doneCount,
  okCount: imageTransferTasks.okCount,
  failCount: imageTransferTasks.failCount,
};
export type Progress = {
  id: string;
  renterId: string;
  status: number;
  total: number;
  doneCount: number;
  okCount: number;
  failCount: number;
};

/** A task of the renter: every read and write of a task by id names its renter too. */
const taskOf = (renterId: string, id: string) => and(eq(imageTransferTasks.renterId, renterId), eq(imageTransferTasks.id, id));

export const transferRepo = {
  async insertTask(db: Db, v: { renterId: string; dirId: string | null; total: number; createdBy: string }): Promise<TaskRow> {
    const [row] = await db.insert(imageTransferTasks).values(v).returning();
    return row;
  },

  /** The items in line order; seq from 1. */
  async insertItems(tenant: Tenant, taskId: string, urls: string[]): Promise<void> {
    const { db, renterId } = tenant;
    for (let i = 0; i < urls.length; i += 200) {
      await db.insert(imageTransferItems).values(urls.slice(i, i + 200).map((url, j) => ({ renterId, taskId, seq: i + j + 1, url })));
    }
  },

  /** One task of the renter with its directory's name ('' when that directory is gone). */
  async task(tenant: Tenant, id: string): Promise<(TaskRow & { dirName: string | null }) | undefined> {
    const { db, renterId } = tenant;
    const [r] = await db
      .select({ task: imageTransferTasks, dirName: fileDirs.name })
      .from(imageTransferTasks)
      .leftJoin(fileDirs, eq(fileDirs.id, imageTransferTasks.dirId))
      .where(and(eq(imageTransferTasks.renterId, renterId), eq(imageTransferTasks.id, id)))
      .limit(1);
    return r ? { ...r.task, dirName: r.dirName } : undefined;
  },

  /** The task row locked for a status change. */
  async lockTask(tenant: Tenant, id: string): Promise<TaskRow | undefined> {
    const { db, renterId } = tenant;
    const [r] = await db
      .select()
      .from(imageTransferTasks)
      .where(and(eq(imageTransferTasks.renterId, renterId), eq(imageTransferTasks.id, id)))
      .for('update');
    return r;
  },

  /** Newest first, on the (renter_id, created_at) index. */
  async page(tenant: Tenant, offset: number, limit: number) {
    const { db, renterId } = tenant;
    const where = eq(imageTransferTasks.renterId, renterId);
    return paged(
      db
        .select({ task: imageTransferTasks, dirName: fileDirs.name })
        .from(imageTransferTasks)
        .leftJoin(fileDirs, eq(fileDirs.id, imageTransferTasks.dirId))
        .where(where)
        .orderBy(desc(imageTransferTasks.createdAt), desc(imageTransferTasks.id))
        .offset(offset)
        .limit(limit),
      db.select({ n: count() }).from(imageTransferTasks).where(where),
    );
  },

  /** Items in line order, optionally of one status; the library file's addresses while it still exists. */
  async items(db: Db, taskId: string, status: number, offset: number, limit: number) {
    const where = and(eq(imageTransferItems.taskId, taskId), status >= 0 ? eq(imageTransferItems.status, status) : undefined);
    return paged(
      db
        .select({ item: imageTransferItems, url: files.url, thumbUrl: files.thumbUrl })
        .from(imageTransferItems)
        .leftJoin(files, eq(files.id, imageTransferItems.fileId))
        .where(where)
        .orderBy(asc(imageTransferItems.seq))
        .offset(offset)
        .limit(limit),
      db.select({ n: count() }).from(imageTransferItems).where(where),
    );
  },

  /** The enterprise's tasks not finished yet. */
  async openCount(tenant: Tenant): Promise<number> {
    const { db, renterId } = tenant;
    const [r] = await db
      .select({ n: count() })
      .from(imageTransferTasks)
      .where(and(eq(imageTransferTasks.renterId, renterId), inArray(imageTransferTasks.status, [TASK.queued, TASK.running])));
    return Number(r?.n ?? 0);
  },

  /** Marks a queued or running task running; undefined when it is finished (nothing to do). */
  async claim(tenant: Tenant, id: string): Promise<TaskRow | undefined> {
    const { db, renterId } = tenant;
    const [r] = await db
      .update(imageTransferTasks)
      .set({ status: TASK.running })
      .where(and(taskOf(renterId, id), inArray(imageTransferTasks.status, [TASK.queued, TASK.running])))
      .returning();
    return r;
  },

  /**
   * Claims the task's next waiting item for leaseSeconds, in one statement: an item nobody holds (or whose holder's
   * claim ran out, its job having died) is taken by exactly one caller, also across processes (SKIP LOCKED, and the
   * claim re-checked on the row's latest version). Undefined when none is free now.
   */
  async claimItem(tenant: Tenant, taskId: string, leaseSeconds: number): Promise<ItemRow | undefined> {
    const { db, renterId } = tenant;
    const free = db
      .select({ id: imageTransferItems.id })
      .from(imageTransferItems)
      .where(
        and(
          eq(imageTransferItems.renterId, renterId),
          eq(imageTransferItems.taskId, taskId),
          eq(imageTransferItems.status, ITEM.waiting),
          or(isNull(imageTransferItems.claimedUntil), lt(imageTransferItems.claimedUntil, sql`now()`)),
        ),
      )
      .orderBy(asc(imageTransferItems.seq))
      .limit(1)
      .for('update', { skipLocked: true });
    const [item] = await db
      .update(imageTransferItems)
      .set({ claimedUntil: sql`now() + make_interval(secs => ${leaseSeconds})` })
      .where(and(eq(imageTransferItems.renterId, renterId), inArray(imageTransferItems.id, free)))
      .returning();
    return item;
  },

  /**
   * The task's waiting items: how many, how many of them are free to claim now, and when the first live claim runs
   * out (null: none is claimed).
   */
  async waitingState(tenant: Tenant, taskId: string): Promise<{ waiting: number; free: number; nextFree: Date | null }> {
    const { db, renterId } = tenant;
    const live = sql`${imageTransferItems.claimedUntil} > now()`;
    const [r] = await db
      .select({
        waiting: count(),
        claimed: sql<number>`(count(*) filter (where ${live}))::int`,
        nextFree: sql<Date | string | null>`min(${imageTransferItems.claimedUntil}) filter (where ${live})`,
      })
      .from(imageTransferItems)
      .where(
        and(eq(imageTransferItems.renterId, renterId), eq(imageTransferItems.taskId, taskId), eq(imageTransferItems.status, ITEM.waiting)),
      );
    const waiting = Number(r?.waiting ?? 0);
    return { waiting, free: waiting - Number(r?.claimed ?? 0), nextFree: r?.nextFree ? new Date(r.nextFree) : null };
  },

  /**
   * Records an item's result and counts it, only if it was still waiting (so a result is counted once even if two
   * runners met on it); answers the task's new counts, or undefined when the item was already done.
   */
  async finishItem(
    db: Db,
    item: { renterId: string; id: string; taskId: string },
    result: { status: typeof ITEM.saved; fileId: string; fileUrl: string } | { status: typeof ITEM.failed; error: string },
  ): Promise<Progress | undefined> {
    const [done] = await db
      .update(imageTransferItems)
      .set(
        result.status === ITEM.saved
          ? { status: ITEM.saved, error: '', fileId: result.fileId, fileUrl: result.fileUrl, claimedUntil: null }
          : { status: ITEM.failed, error: result.error.slice(0, 200), claimedUntil: null },
      )
      .where(
        and(
          eq(imageTransferItems.renterId, item.renterId),
          eq(imageTransferItems.id, item.id),
          eq(imageTransferItems.status, ITEM.waiting),
        ),
      )
      .returning({ id: imageTransferItems.id });
    if (!done) return undefined;
    const ok = result.status === ITEM.saved ? 1 : 0;
    const [p] = await db
      .update(imageTransferTasks)
      .set({
        doneCount: sql`${imageTransferTasks.doneCount} + 1`,
        okCount: sql`${imageTransferTasks.okCount} + ${ok}`,
        failCount: sql`${imageTransferTasks.failCount} + ${1 - ok}`,
      })
      .where(taskOf(item.renterId, item.taskId))
      .returning(progressCols);
    return p;
  },

  /** Finished once every item has its result. */
  async finish(tenant: Tenant, id: string): Promise<Progress | undefined> {
    const { db, renterId } = tenant;
    const [p] = await db
      .update(imageTransferTasks)
      .set({ status: TASK.done, finishedAt: new Date() })
      .where(
        and(
          taskOf(renterId, id),
          eq(imageTransferTasks.status, TASK.running),
          sql`${imageTransferTasks.doneCount} >= ${imageTransferTasks.total}`,
        ),
      )
      .returning(progressCols);
    return p;
  },

  async progress(tenant: Tenant, id: string): Promise<Progress | undefined> {
    const { db, renterId } = tenant;
    const [p] = await db.select(progressCols).from(imageTransferTasks).where(taskOf(renterId, id));
    return p;
  },

  /** Failed items back to waiting, the counts taken back, the task queued again; answers how many. */
  async requeueFailed(tenant: Tenant, id: string): Promise<number> {
    const { db, renterId } = tenant;
    const back = await db
      .update(imageTransferItems)
      .set({ status: ITEM.waiting, error: '', claimedUntil: null })
      .where(and(eq(imageTransferItems.renterId, renterId), eq(imageTransferItems.taskId, id), eq(imageTransferItems.status, ITEM.failed)))
      .returning({ id: imageTransferItems.id });
    if (back.length === 0) return 0;
    await db
      .update(imageTransferTasks)
      .set({
        status: TASK.queued,
        finishedAt: null,
        doneCount: sql`${imageTransferTasks.doneCount} - ${back.length}`,
        failCount: sql`${imageTransferTasks.failCount} - ${back.length}`,
      })
      .where(taskOf(renterId, id));
    return back.length;
  },
};
