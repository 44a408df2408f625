import { GOODS_IMPORT_PROGRESS_EVENT, type GoodsImportProgress } from '@shop/contract';
import { audit } from '@/core/audit';
import { afterCommit, type Ctx, inTx } from '@/core/context';
import { BizError } from '@/core/errors';
import { defineJob, sendJob } from '@/core/jobs';
import { type GoodsImportRow, goodsTransferRepo as repo } from './goods-transfer.repository';
import { type ImportResult, storedOf, validGoodsOf, writeChunk } from './goods-transfer.write';
import { tenantFor } from '@/core/tenant';

/** Goods per chunk: one transaction and one job each. Tests lower it (`IMPORT_CHUNK.goods = 2`). */
export const IMPORT_CHUNK = { goods: 500 };
/** Why an import failed when the error is not one of ours. */
const FAILED_MSG = '导入失败，请稍后重试';

/** What the goods.import job carries: the batch and the goods (0-based, file order) its chunk starts at. */
export interface ImportJobData {
  renterId: string;
  batchId: string;
  from: number;
}

const NONE: ImportResult = { created: 0, updated: 0, unchanged: 0, skipped: 0 };

/**
 * Sends the job of the chunk starting at goods `from`, in tx (the confirm's transaction, or the previous chunk's): it
 * exists if and only if that transaction commits. One waiting job per batch (policy short, singletonKey = batch).
 */
export async function sendImportChunk(tx: Ctx, renterId: string, batchId: string, from: number): Promise<void> {
  const data: ImportJobData = { renterId, batchId, from };
  const id = await sendJob(tx, 'goods.import', data, { singletonKey: batchId });
  // Another job of this batch waits to start. The import's own flow never leaves one (each job is sent by the
  // transaction that makes its chunk the next one, and a retried run waits as 'retry', not as a new job); if one did,
  // this transaction rolls back (and a chunk fails its batch) rather than leave the batch importing without a job.
  if (!id) throw new Error(`a goods.import job of batch ${batchId} is waiting already`);
}

/** The hub push of an import's state to its enterprise (after the commit of what it reports). */
export function pushProgress(ctx: Ctx, renterId: string, p: GoodsImportProgress): void {
  afterCommit(ctx, () => ctx.services.hub.dataToRenter(renterId, GOODS_IMPORT_PROGRESS_EVENT, p));
}

const sum = (a: ImportResult, b: ImportResult): ImportResult => ({
  created: a.created + b.created,
  updated: a.updated + b.updated,
  unchanged: a.unchanged + b.unchanged,
  skipped: a.skipped + b.skipped,
});

/**
 * One chunk of a confirmed batch (status 4), in one transaction holding the batch row's lock: goods [from, from +
 * IMPORT_CHUNK.goods) written, the batch's next_goods / tally / imported_count moved on, one `导入商品` audit row for
 * the chunk, and the next chunk's job sent (or the batch set imported) — all committed together. A job whose `from` is
 * not the batch's next_goods (its chunk committed already and a crash kept the job from completing; or the batch
 * finished, failed or was cancelled) does nothing, so a re-run never writes a goods twice.
 */
async function importChunk(ctx: Ctx, { renterId, batchId, from }: ImportJobData): Promise<void> {
  try {
    await inTx(ctx, async (tx) => {
      const batch = await repo.lockBatch(tenantFor(tx, renterId), batchId);
      if (batch?.status !== 4 || batch.nextGoods !== from) return;
      await writeAndMoveOn(tx, batch, from);
    });
  } catch (err) {
    const msg = err instanceof BizError ? err.message : FAILED_MSG;
    if (!(err instanceof BizError)) ctx.log.error({ err, batchId }, 'goods import failed');
    // The chunk rolled back; what earlier chunks wrote stays (next_goods says where a new confirm resumes).
    await inTx(ctx, async (tx) => {
      const failed = await repo.setFailed(tenantFor(tx, renterId), batchId, from, msg);
      if (failed) {
        const total = validGoodsOf(storedOf(failed.rows));
        pushProgress(tx, renterId, { id: batchId, status: 1, done: failed.importedCount, total, error: msg, result: null });
      }
    });
  }
}

async function writeAndMoveOn(tx: Ctx, batch: GoodsImportRow, from: number): Promise<void> {
  const { renterId, id } = batch;
  const userId = batch.createdBy ?? '';
  const w = await writeChunk(tx, batch, userId, from, IMPORT_CHUNK.goods);
  const tally = sum(batch.tally ?? NONE, w.result);
  const done = tally.created + tally.updated + tally.unchanged;
  const last = w.next >= w.goodsCount;
  // The actor is the system (the job); the row names the merchant who confirmed the import.
  await audit(
    tx,
    {
      module: 'goods',
      action: '导入商品',
      recordId: id,
      after: {
        fileName: batch.fileName,
        goods: `${from + 1}-${w.next}/${w.goodsCount}`,
        created: w.created,
        updated: w.updated,
        unchanged: w.result.unchanged,
        skipped: w.result.skipped,
      },
    },
    { renterId, userId },
  );
  const total = validGoodsOf(storedOf(batch.rows));
  if (last) {
    await repo.setImported(tenantFor(tx, renterId), id, done, tally);
    pushProgress(tx, renterId, { id, status: 2, done, total: done, error: '', result: tally });
  } else {
    await repo.setChunkDone(tenantFor(tx, renterId), id, w.next, done, tally);
    await sendImportChunk(tx, renterId, id, w.next);
    pushProgress(tx, renterId, { id, status: 4, done, total, error: '', result: null });
  }
}

/**
 * The goods import (DESIGN §10): one job per chunk, sent by ImportConfirm and then by each chunk. Run with the system
 * actor; every write names the batch's renter. A killed worker's run expires after expireInSeconds and pg-boss runs
 * it again (from the committed next_goods); a chunk that fails (a BizError, or anything else) sets the batch back to
 * 1 with its message instead of being retried, as the merchant sees it and can confirm again (resuming there).
 */
export const goodsImportJob = defineJob<ImportJobData>({
  name: 'goods.import',
  policy: 'short',
  // A chunk of 500 goods takes seconds; a run older than this is a dead worker's (a late one that still commits
  // makes the retry a no-op, so a short expiry costs time, never a double write).
  expireInSeconds: 120,
  retryLimit: 5,
  retryDelaySeconds: 2,
  handler: (ctx, data) => importChunk(ctx, data),
});
