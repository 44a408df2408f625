import { type ListResult, ROOT_DIR, type TransferItem, type TransferTask } from '@shop/contract';
import { audit } from '@/core/audit';
import { type Ctx, inTx, renterOf } from '@/core/context';
import { CODE, ensure } from '@/core/errors';
import { fmtTime } from '@/core/time';
import { dirOf, ensureDir, holdDir } from './material.service';
import { TASK, type TaskRow, transferRepo } from './transfer.repository';
import { sendTransfer } from './transfer.job';
import { pageArgs } from '@/core/paging';
import { tenantOf, tenantFor } from '@/core/tenant';

export const TASK_GONE_MSG = '转存任务不存在';
/** Unfinished tasks one enterprise may have at once. */
const OPEN_TASKS_MAX = 5;

function toTask(t: TaskRow & { dirName: string | null }): TransferTask {
  return {
    id: t.id,
    dirId: t.dirId ?? ROOT_DIR,
    dirName: t.dirId ? (t.dirName ?? '') : '未分组',
    status: t.status,
    total: t.total,
    doneCount: t.doneCount,
    okCount: t.okCount,
    failCount: t.failCount,
    createTime: fmtTime(t.createdAt),
    finishTime: t.finishedAt ? fmtTime(t.finishedAt) : '',
  };
}

/**
 * 批量图片转存: the distinct addresses (in the order first given) become the task's items; the fetching is the job
 * `files.transfer` (transfer.job.ts), sent in the same transaction. Forms were checked by the contract (line numbers in the refusal).
 */
export async function createTransfer(ctx: Ctx, input: { urls: string[]; dirId: string }) {
  const r = renterOf(ctx);
  const lines = input.urls.map((u) => u.trim()).filter(Boolean);
  const urls = [...new Set(lines)];
  const dirId = dirOf(input.dirId);
  await ensureDir(ctx, r.renterId, dirId);
  const task = await inTx(ctx, async (tx) => {
    await holdDir(tx, r.renterId, dirId);
    const open = await transferRepo.openCount(tenantFor(tx, r.renterId));
    ensure(open < OPEN_TASKS_MAX, `已有${open}个转存任务正在进行，请等待完成后再新建`);
    const task = await transferRepo.insertTask(tx.db, { renterId: r.renterId, dirId, total: urls.length, createdBy: r.userId });
    await transferRepo.insertItems(tenantFor(tx, r.renterId), task.id, urls);
    await audit(tx, { module: 'files', action: '批量图片转存', recordId: task.id, after: { dirId: input.dirId, total: urls.length } });
    // The job lands with the task: a create that rolls back leaves neither.
    await sendTransfer(tx, r.renterId, task.id);
    return task;
  });
  return { id: task.id, total: urls.length, duplicates: lines.length - urls.length };
}

async function taskOf(ctx: Ctx, id: string) {
  const task = await transferRepo.task(tenantOf(ctx), id);
  ensure(task, TASK_GONE_MSG, CODE.notFound);
  return task;
}

export async function transferDetail(ctx: Ctx, id: string): Promise<TransferTask> {
  return toTask(await taskOf(ctx, id));
}

export async function transferItems(
  ctx: Ctx,
  input: { id: string; status: number; page_index: number; page_size: number },
): Promise<ListResult<TransferItem>> {
  const task = await taskOf(ctx, input.id);
  const { rows, total } = await transferRepo.items(ctx.db, task.id, input.status, ...pageArgs(input));
  return {
    rows: rows.map(({ item, url, thumbUrl }) => ({
      id: item.id,
      seq: item.seq,
      url: item.url,
      status: item.status,
      error: item.error,
      // Deleted from the library since: no address to show.
      fileId: url ? (item.fileId ?? '') : '',
      fileUrl: url ?? '',
      thumbUrl: url ? thumbUrl || url : '',
    })),
    total_count: total,
  };
}

export async function transferList(ctx: Ctx, input: { page_index: number; page_size: number }): Promise<ListResult<TransferTask>> {
  const { rows, total } = await transferRepo.page(tenantOf(ctx), ...pageArgs(input));
  return { rows: rows.map((r) => toTask({ ...r.task, dirName: r.dirName })), total_count: total };
}

/** 重试失败项: the failed items wait again and the task runs again; only a finished task (no two runs at once). */
export async function retryTransfer(ctx: Ctx, id: string) {
  const r = renterOf(ctx);
  const n = await inTx(ctx, async (tx) => {
    const task = await transferRepo.lockTask(tenantFor(tx, r.renterId), id);
    ensure(task, TASK_GONE_MSG, CODE.notFound);
    ensure(task.status === TASK.done, '任务正在转存中，请等待完成后再重试');
    const n = await transferRepo.requeueFailed(tenantFor(tx, r.renterId), id);
    ensure(n > 0, '没有失败的图片需要重试');
    await audit(tx, { module: 'files', action: '重试图片转存', recordId: id, after: { retried: n } });
    await sendTransfer(tx, r.renterId, id);
    return n;
  });
  return { id, total: n, duplicates: 0 };
}
