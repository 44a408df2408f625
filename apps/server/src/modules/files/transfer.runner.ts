import { ROOT_DIR, TRANSFER_PROGRESS_EVENT, type TransferProgress } from '@shop/contract';
import { backgroundCtx, keyedRunner, throttled } from '../../core/background';
import { type Ctx, inTx } from '../../core/context';
import { BizError } from '../../core/errors';
import { fetchToLibrary } from './down-to-dir.service';
import type { Actor } from './media-upload.service';
import { ITEM, type ItemRow, type Progress, type TaskRow, transferRepo } from './transfer.repository';

/** Addresses of one task fetched at once. */
const PER_TASK = 3;
/** Addresses fetched at once by this process over every task, so a few big tasks cannot starve the server. */
const PER_PROCESS = 6;
/** Pushes of one task at most this often (the last one always goes). */
const PUSH_EVERY_MS = 300;
/** An item another runner stored first: this runner's copy is rolled back. */
const TAKEN = '该图片已由另一个任务处理';

const runner = keyedRunner();
let free = PER_PROCESS;
const waiters: (() => void)[] = [];

async function slot<T>(fn: () => Promise<T>): Promise<T> {
  if (free > 0) free -= 1;
  else await new Promise<void>((resolve) => waiters.push(resolve));
  try {
    return await fn();
  } finally {
    const next = waiters.shift();
    if (next) next();
    else free += 1;
  }
}

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
 * The background work runs as the user who created the task: the library file and its log row are theirs. It has no
 * request, so its context carries a session of that user in the task's enterprise (no shop, no grants).
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

async function run(base: Ctx, taskId: string): Promise<void> {
  const task = await transferRepo.claim(base.db, taskId);
  if (!task) return;
  if (!task.createdBy) {
    base.log.error({ taskId }, 'image transfer task without its creator');
    return;
  }
  const ctx = taskCtx(base, task, task.createdBy);
  const who: Actor = { renterId: task.renterId, userId: task.createdBy };
  const progress = pusher(ctx, task.renterId);
  const initial = await transferRepo.progress(base.db, taskId);
  if (initial) progress.flush(initial);
  const queue = await transferRepo.waiting(base.db, taskId);
  let next = 0;
  const worker = async () => {
    while (!runner.stopping && next < queue.length) {
      const item = queue[next++];
      const p = await slot(() => transferOne(ctx, who, task, item));
      if (p) progress.push(p);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PER_TASK, queue.length) }, worker));
  if (runner.stopping) return;
  progress.flush((await transferRepo.finish(base.db, taskId)) ?? (await transferRepo.progress(base.db, taskId)));
}

/**
 * Runs a task in the background of this process (after the commit that created or re-queued it). Calls for the same
 * task run one after the other; a call for a finished task does nothing.
 */
export function runTransfer(base: Ctx, taskId: string): Promise<void> {
  return runner.run(
    taskId,
    () => run(base, taskId),
    (err) => base.log.error({ err, taskId }, 'image transfer task failed'),
  );
}

/** At start: tasks a stop or crash left queued or running go on (their finished items stay as they are). */
export async function resumeTransfers(base: Ctx): Promise<number> {
  runner.start();
  const tasks = await transferRepo.unfinished(base.db);
  for (const t of tasks) void runTransfer(base, t.id);
  return tasks.length;
}

/** At shutdown: no new address is started; those under way finish; the rest resume at the next start. */
export async function stopTransfers(): Promise<void> {
  await runner.stop();
}

/** Tests: waits for every task this process is running. */
export async function transfersIdle(): Promise<void> {
  await runner.idle();
}
