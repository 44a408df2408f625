import { ROOT_DIR, TRANSFER_PROGRESS_EVENT, type TransferProgress } from '@shop/contract';
import { backgroundCtx, throttled } from '@/core/background';
import { type Ctx, inTx } from '@/core/context';
import { BizError } from '@/core/errors';
import { defineJob, sendJob } from '@/core/jobs';
import { fetchToLibrary } from './down-to-dir.service';
import type { Actor } from './media-upload.service';
import { ITEM, type ItemRow, type Progress, type TaskRow, transferRepo } from './transfer.repository';
import { tenantFor } from '@/core/tenant';

/** The job that fetches a task's waiting addresses (批量图片转存); sent where the task is created or retried. */
export const TRANSFER_JOB = 'files.transfer';

/** Addresses of one task fetched at once. */
const PER_TASK = 3;
/** Addresses one job takes before it sends the rest as a new job (a job stays short; other tasks get their turn). */
const PER_JOB = 30;
/**
 * How long a claimed address is this job's alone. Well beyond one address's fetch (FETCH_TIMEOUT_MS, 10 s) and
 * store; an address whose job died is taken again after it.
 */
const CLAIM_SECONDS = 120;
/** Pushes of one task at most this often (the last one always goes). */
const PUSH_EVERY_MS = 300;
/** An item another job stored first: this job's copy is rolled back. */
const TAKEN = '该图片已由另一个任务处理';

export const toProgress = (p: Progress): TransferProgress => ({
  id: p.id,
  status: p.status,
  total: p.total,
  doneCount: p.doneCount,
  okCount: p.okCount,
  failCount: p.failCount,
});

/** Pushes a task's progress to its enterprise's room, at most every PUSH_EVERY_MS; flush sends the last one now. */
function pusher(ctx: Ctx, renterId: string) {
  return throttled((p: Progress) => ctx.services.hub.dataToRenter(renterId, TRANSFER_PROGRESS_EVENT, toProgress(p)), PUSH_EVERY_MS);
}

/**
 * The work runs as the user who created the task: the library file and its log row are theirs. It has no request, so
 * its context carries a session of that user in the task's enterprise (no shop, no grants).
 */
function taskCtx(base: Ctx, task: TaskRow, userId: string): Ctx {
  return backgroundCtx(base, { renterId: task.renterId, userId, reqId: `transfer-${task.id}`, userAgent: 'image-transfer' });
}

/** One address: fetched and stored with its result in the same transaction, or its failure recorded. */
async function transferOne(ctx: Ctx, who: Actor, task: TaskRow, item: ItemRow): Promise<Progress | undefined> {
  let progress: Progress | undefined;
  try {
    const r = await fetchToLibrary(ctx, who, item.url, task.dirId ?? ROOT_DIR, async (tx, file) => {
      progress = await transferRepo.finishItem(tx.db, item, { status: ITEM.saved, fileId: file.id, fileUrl: file.url });
      if (!progress) throw new BizError(TAKEN);
    });
    if (r.ok) return progress;
    if (r.msg === TAKEN) return undefined;
    return await inTx(ctx, (tx) => transferRepo.finishItem(tx.db, item, { status: ITEM.failed, error: r.msg }));
  } catch (err) {
    ctx.log.error({ err, taskId: task.id, url: item.url }, 'image transfer item failed');
    return inTx(ctx, (tx) => transferRepo.finishItem(tx.db, item, { status: ITEM.failed, error: '图片保存失败' })).catch(() => undefined);
  }
}

/** Sends the task's job (in ctx's transaction when ctx comes from inTx): where a task is created, retried, continued. */
export function sendTransfer(ctx: Ctx, renterId: string, taskId: string, startAfter?: Date): Promise<string | null> {
  return sendJob(ctx, TRANSFER_JOB, { renterId, taskId }, { singletonKey: taskId, ...(startAfter ? { startAfter } : {}) });
}

/**
 * One run of a task's job: claims its waiting addresses one at a time (PER_TASK lanes, each claim one atomic UPDATE,
 * so two jobs, in one process or two, never fetch one address twice), up to PER_JOB of them; each result is
 * committed with its item. Then: none waiting, the task is finished; some left, the job sends itself again for them
 * (at once, or when the claims of a dead job run out). A job run again (a retry, a duplicate) finds only what waits.
 */
export async function runTransferJob(base: Ctx, renterId: string, taskId: string): Promise<void> {
  const task = await transferRepo.claim(tenantFor(base, renterId), taskId);
  if (!task) return; // finished (or gone): nothing to do
  if (!task.createdBy) {
    base.log.error({ taskId }, 'image transfer task without its creator');
    return;
  }
  const ctx = taskCtx(base, task, task.createdBy);
  const who: Actor = { renterId: task.renterId, userId: task.createdBy };
  const progress = pusher(ctx, task.renterId);
  const initial = await transferRepo.progress(tenantFor(base, renterId), taskId);
  if (initial) progress.flush(initial);
  let taken = 0;
  const lane = async () => {
    while (taken < PER_JOB && !base.services.jobs.isStopping) {
      taken += 1;
      const item = await transferRepo.claimItem(tenantFor(base, renterId), taskId, CLAIM_SECONDS);
      if (!item) return; // none free
      const p = await transferOne(ctx, who, task, item);
      if (p) progress.push(p);
    }
  };
  await Promise.all(Array.from({ length: PER_TASK }, lane));

  const left = await transferRepo.waitingState(tenantFor(base, renterId), taskId);
  if (left.waiting > 0) {
    // The rest as a new job (a stop sends it too): at once, or, when every waiting address is claimed (by a job still
    // fetching, or one that died), once the first claim runs out; a job that then finds nothing waiting just finishes.
    await inTx(base, (tx) => sendTransfer(tx, renterId, taskId, left.free > 0 ? undefined : (left.nextFree ?? undefined)));
    const now = await transferRepo.progress(tenantFor(base, renterId), taskId);
    if (now) progress.flush(now);
    return;
  }
  progress.flush(
    (await transferRepo.finish(tenantFor(base, renterId), taskId)) ?? (await transferRepo.progress(tenantFor(base, renterId), taskId)),
  );
}

/** 批量图片转存's job: `{renterId, taskId}`, one run per PER_JOB addresses. */
export const transferJob = defineJob<{ renterId: string; taskId: string }>({
  name: TRANSFER_JOB,
  // Two tasks at once per process, PER_TASK addresses each: at most 6 addresses fetched at once by a process, so a few
  // big tasks cannot starve the server.
  concurrency: 2,
  retryLimit: 5,
  // A run takes PER_JOB addresses, 3 at a time, each within FETCH_TIMEOUT_MS: minutes at most.
  expireInSeconds: 10 * 60,
  handler: (ctx, data) => runTransferJob(ctx, data.renterId, data.taskId),
});
