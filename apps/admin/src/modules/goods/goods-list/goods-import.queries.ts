import { contract, type DataOf, GOODS_IMPORT_PROGRESS_EVENT, GOODS_IMPORT_STATUS, type GoodsImportProgress } from '@contract/index';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { api, upload } from '@/api/client';
import { onHubData } from '@/realtime/hub-client';
import { useInvalidateGoods } from '../goods.queries';

export type ImportBatch = DataOf<typeof contract.goodsTransfer.ImportCheck>;

/** The import under way: goods written / total. */
export interface RunningImport {
  id: string;
  done: number;
  total: number;
}

/** While an import runs the modal also asks ImportDetail this often, in case the live connection is down. */
const POLL_MS = 2_000;

/** Sends an .xlsx to be checked (nothing is imported yet); the refusal's msg is the caller's to show. */
export const useCheckImport = () =>
  useMutation({ mutationFn: (file: File) => upload(contract.goodsTransfer.ImportCheck, file, {}, { silent: true }) });

/** Starts writing a checked batch in the background; the refusal's msg is the caller's to show. */
export const useConfirmImport = () =>
  useMutation({
    mutationFn: (body: { id: string; onlyValid: boolean }) => api.goodsTransfer.ImportConfirm(body, { silent: true }),
  });

/** Cancels a checked batch that is left, so it cannot be imported by mistake later (quietly: nothing to tell). */
export const useCancelImport = () =>
  useMutation({ mutationFn: (id: string) => api.goodsTransfer.ImportCancel({ id }, { quiet: true, silent: true }) });

/**
 * Follows an import written in the background: progress from the hub's goodsImportProgress, ImportDetail every
 * POLL_MS as a fallback; onEnd once with the batch's end (status 2 with result, or 1 with error). Goods written
 * make every goods view read again.
 */
export function useImportProgress(
  running: RunningImport | null,
  onProgress: (r: RunningImport) => void,
  onEnd: (p: GoodsImportProgress) => void,
) {
  const invalidate = useInvalidateGoods();
  const handlers = useRef({ onProgress, onEnd, invalidate });
  handlers.current = { onProgress, onEnd, invalidate };
  const id = running?.id;
  useEffect(() => {
    if (!id) return;
    let ended = false;
    const take = (p: GoodsImportProgress) => {
      if (ended || p.id !== id) return;
      if (p.status === GOODS_IMPORT_STATUS.importing) {
        handlers.current.onProgress({ id, done: p.done, total: p.total });
        return;
      }
      ended = true;
      if (p.status === GOODS_IMPORT_STATUS.imported) void handlers.current.invalidate();
      handlers.current.onEnd(p);
    };
    const off = onHubData(GOODS_IMPORT_PROGRESS_EVENT, (payload) => take(payload as GoodsImportProgress));
    const timer = setInterval(() => {
      api.goodsTransfer
        .ImportDetail({ id }, { quiet: true, silent: true })
        .then((b) =>
          take({
            id,
            status: b.status,
            done: b.progress?.done ?? 0,
            total: b.progress?.total ?? b.validGoods,
            error: b.error,
            result: b.result,
          }),
        )
        .catch(() => undefined);
    }, POLL_MS);
    return () => {
      off();
      clearInterval(timer);
    };
  }, [id]);
}
