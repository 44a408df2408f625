import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { paged } from '../../core/paging';
import type { Db } from '../../db/client';
import { fileDirs, files, imageTransferItems, imageTransferTasks } from './files.tables';

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

export const transferRepo = {
  async insertTask(db: Db, v: { renterId: string; dirId: string | null; total: number; createdBy: string }): Promise<TaskRow> {
    const [row] = await db.insert(imageTransferTasks).values(v).returning();
    return row;
  },

  /** The items in line order; seq from 1. */
  async insertItems(db: Db, renterId: string, taskId: string, urls: string[]): Promise<void> {
    for (let i = 0; i < urls.length; i += 200) {
      await db.insert(imageTransferItems).values(urls.slice(i, i + 200).map((url, j) => ({ renterId, taskId, seq: i + j + 1, url })));
    }
  },

  /** One task of the renter with its directory's name ('' when that directory is gone). */
  async task(db: Db, renterId: string, id: string): Promise<(TaskRow & { dirName: string | null }) | undefined> {
    const [r] = await db
      .select({ task: imageTransferTasks, dirName: fileDirs.name })
      .from(imageTransferTasks)
      .leftJoin(fileDirs, eq(fileDirs.id, imageTransferTasks.dirId))
      .where(and(eq(imageTransferTasks.renterId, renterId), eq(imageTransferTasks.id, id)))
      .limit(1);
    return r ? { ...r.task, dirName: r.dirName } : undefined;
  },

  /** The task row locked for a status change. */
  async lockTask(db: Db, renterId: string, id: string): Promise<TaskRow | undefined> {
    const [r] = await db
      .select()
      .from(imageTransferTasks)
      .where(and(eq(imageTransferTasks.renterId, renterId), eq(imageTransferTasks.id, id)))
      .for('update');
    return r;
  },

  /** Newest first, on the (renter_id, created_at) index. */
  async page(db: Db, renterId: string, offset: number, limit: number) {
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
  async openCount(db: Db, renterId: string): Promise<number> {
    const [r] = await db
      .select({ n: count() })
      .from(imageTransferTasks)
      .where(and(eq(imageTransferTasks.renterId, renterId), inArray(imageTransferTasks.status, [TASK.queued, TASK.running])));
    return Number(r?.n ?? 0);
  },

  /** Tasks left queued or running (a restart): every enterprise's. */
  async unfinished(db: Db): Promise<TaskRow[]> {
    return db
      .select()
      .from(imageTransferTasks)
      .where(inArray(imageTransferTasks.status, [TASK.queued, TASK.running]))
      .orderBy(asc(imageTransferTasks.createdAt));
  },

  /** Marks a queued or running task running; undefined when it is finished (nothing to do). */
  async claim(db: Db, id: string): Promise<TaskRow | undefined> {
    const [r] = await db
      .update(imageTransferTasks)
      .set({ status: TASK.running })
      .where(and(eq(imageTransferTasks.id, id), inArray(imageTransferTasks.status, [TASK.queued, TASK.running])))
      .returning();
    return r;
  },

  async waiting(db: Db, taskId: string): Promise<ItemRow[]> {
    return db
      .select()
      .from(imageTransferItems)
      .where(and(eq(imageTransferItems.taskId, taskId), eq(imageTransferItems.status, ITEM.waiting)))
      .orderBy(asc(imageTransferItems.seq));
  },

  /**
   * Records an item's result and counts it, only if it was still waiting (so a result is counted once even if two
   * runners met on it); answers the task's new counts, or undefined when the item was already done.
   */
  async finishItem(
    db: Db,
    item: { id: string; taskId: string },
    result: { status: typeof ITEM.saved; fileId: string; fileUrl: string } | { status: typeof ITEM.failed; error: string },
  ): Promise<Progress | undefined> {
    const [done] = await db
      .update(imageTransferItems)
      .set(
        result.status === ITEM.saved
          ? { status: ITEM.saved, error: '', fileId: result.fileId, fileUrl: result.fileUrl }
          : { status: ITEM.failed, error: result.error.slice(0, 200) },
      )
      .where(and(eq(imageTransferItems.id, item.id), eq(imageTransferItems.status, ITEM.waiting)))
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
      .where(eq(imageTransferTasks.id, item.taskId))
      .returning(progressCols);
    return p;
  },

  /** Finished once every item has its result. */
  async finish(db: Db, id: string): Promise<Progress | undefined> {
    const [p] = await db
      .update(imageTransferTasks)
      .set({ status: TASK.done, finishedAt: new Date() })
      .where(
        and(
          eq(imageTransferTasks.id, id),
          eq(imageTransferTasks.status, TASK.running),
          sql`${imageTransferTasks.doneCount} >= ${imageTransferTasks.total}`,
        ),
      )
      .returning(progressCols);
    return p;
  },

  async progress(db: Db, id: string): Promise<Progress | undefined> {
    const [p] = await db.select(progressCols).from(imageTransferTasks).where(eq(imageTransferTasks.id, id));
    return p;
  },

  /** Failed items back to waiting, the counts taken back, the task queued again; answers how many. */
  async requeueFailed(db: Db, id: string): Promise<number> {
    const back = await db
      .update(imageTransferItems)
      .set({ status: ITEM.waiting, error: '' })
      .where(and(eq(imageTransferItems.taskId, id), eq(imageTransferItems.status, ITEM.failed)))
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
      .where(eq(imageTransferTasks.id, id));
    return back.length;
  },
};
