import { GOODS_IMPORT_INTERRUPTED_MSG, GOODS_IMPORT_PROGRESS_EVENT, type GoodsImportProgress } from '@shop/contract';
import { audit } from '../../../core/audit';
import { backgroundCtx, keyedRunner, throttled } from '../../../core/background';
import { type Ctx, inTx } from '../../../core/context';
import { BizError } from '../../../core/errors';
import { goodsTransferRepo as repo } from './goods-transfer.repository';
import { writeImport } from './goods-transfer.write';

/** Pushes of one import at most this often (the last one always goes). */
const PUSH_EVERY_MS = 300;
/** Why an import failed when the error is not one of ours. */
const FAILED_MSG = '导入失败，请稍后重试';

const runner = keyedRunner();
/** Goods written / total of the imports this process is writing, by batch id (ImportDetail reads it). */
const running = new Map<string, { done: number; total: number }>();

export const importProgressOf = (id: string) => running.get(id) ?? null;

async function run(base: Ctx, id: string): Promise<void> {
  const peek = await repo.lockBatch(base.db, id);
  if (peek?.status !== 4) return;
  const renterId = peek.renterId;
  const ctx = backgroundCtx(base, { renterId, userId: peek.createdBy ?? '', reqId: `goods-import-${id}`, userAgent: 'goods-import' });
  const push = throttled(
    (p: GoodsImportProgress) => ctx.services.hub.dataToRenter(renterId, GOODS_IMPORT_PROGRESS_EVENT, p),
    PUSH_EVERY_MS,
  );
  const progress = (p: Partial<GoodsImportProgress>) => {
    const now = running.get(id) ?? { done: 0, total: 0 };
    push.push({ id, status: 4, done: now.done, total: now.total, error: '', result: null, ...p });
  };
  running.set(id, { done: 0, total: 0 });
  try {
    // One transaction: every goods of the batch or none. The batch row stays locked while it runs (a restart of
    // another instance leaves it alone).
    const result = await inTx(ctx, async (tx) => {
      const batch = await repo.lockBatch(tx.db, id);
      if (batch?.status !== 4) return null;
      const w = await writeImport(tx, batch, peek.createdBy ?? '', (done, total) => {
        running.set(id, { done, total });
        progress({ done, total });
      });
      const total = w.result.created + w.result.updated + w.result.unchanged;
      await repo.setImported(tx.db, id, total, w.result);
      await audit(
        tx,
        {
          module: 'goods',
          action: '导入商品',
          recordId: id,
          after: {
            fileName: batch.fileName,
            created: w.created,
            updated: w.updated,
            unchanged: w.result.unchanged,
            skipped: w.result.skipped,
          },
        },
        renterId,
      );
      return { ...w.result, total };
    });
    if (result) push.flush({ id, status: 2, done: result.total, total: result.total, error: '', result });
  } catch (err) {
    const msg = err instanceof BizError ? err.message : FAILED_MSG;
    if (!(err instanceof BizError)) base.log.error({ err, batchId: id }, 'goods import failed');
    await repo.setFailed(base.db, id, msg);
    const now = running.get(id) ?? { done: 0, total: 0 };
    push.flush({ id, status: 1, done: 0, total: now.total, error: msg, result: null });
  } finally {
    running.delete(id);
  }
}

/**
 * Writes a confirmed batch (status 4) in the background of this process, after the commit that confirmed it. A call
 * for a batch that is not importing does nothing.
 */
export function runImport(base: Ctx, id: string): Promise<void> {
  return runner.run(
    id,
    () => run(base, id),
    (err) => base.log.error({ err, batchId: id }, 'goods import failed'),
  );
}

/**
 * At start: batches a stop or crash left importing (4) go back to checked (1) with 导入中断，请重新确认导入 — their
 * transaction rolled back, nothing of them was written — and can be confirmed again.
 */
export async function recoverImports(base: Ctx): Promise<number> {
  runner.start();
  return repo.recoverImporting(base.db, GOODS_IMPORT_INTERRUPTED_MSG);
}

/** At shutdown: imports under way finish (each is one transaction). */
export async function stopImports(): Promise<void> {
  await runner.stop();
}

/** Tests: waits for every import this process is writing. */
export async function importsIdle(): Promise<void> {
  await runner.idle();
}
