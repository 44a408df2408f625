import { type contract, type InputOf, TRANSFER_PROGRESS_EVENT, type TransferProgress, type TransferTask } from '@contract/index';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api, lastSuccessMsg } from '@/api/client';
import { onHubData } from '@/realtime/hub-client';

/** Query keys of 批量图片转存: the task list, a task, its items. */
export const transferKeys = {
  all: ['transfer'] as const,
  list: (q: object) => ['transfer', 'list', q] as const,
  detail: (id: string) => ['transfer', 'detail', id] as const,
  items: (id: string) => ['transfer', 'items', id] as const,
  itemPage: (q: object) => ['transfer', 'items', (q as { id: string }).id, q] as const,
};

/** While a task runs the screen also polls (every 3 s), in case the live connection is down. */
const POLL_MS = 3_000;
const running = (t?: { status: number }) => !!t && t.status !== 2;

export const useTransferList = (q: InputOf<typeof contract.files.TransferList>) =>
  useQuery({
    queryKey: transferKeys.list(q),
    queryFn: () => api.files.TransferList(q, { quiet: true }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.rows.some(running) ? POLL_MS : false),
  });

export const useTransferDetail = (id: string) =>
  useQuery({
    queryKey: transferKeys.detail(id),
    queryFn: () => api.files.TransferDetail({ id }, { quiet: true }),
    enabled: !!id,
    retry: false,
    refetchInterval: (query) => (running(query.state.data) ? POLL_MS : false),
  });

export const useTransferItems = (q: InputOf<typeof contract.files.TransferItems> & { id: string }, live: boolean) =>
  useQuery({
    queryKey: transferKeys.itemPage(q),
    queryFn: () => api.files.TransferItems(q, { quiet: true }),
    enabled: !!q.id,
    placeholderData: keepPreviousData,
    retry: false,
    // Also after the task says it is done while this page still shows a waiting address: the last push can arrive
    // before the page's own read sees the last result, and nothing else would read it again.
    refetchInterval: (query) => (live || query.state.data?.rows.some((r) => r.status === 0) ? POLL_MS : false),
  });

/**
 * Progress pushed by the hub: the task's counts are updated at once, its items and the list reloaded (at most
 * every second while it runs, and once more when it finishes).
 */
export function useTransferPushes() {
  const qc = useQueryClient();
  useEffect(() => {
    const last = new Map<string, number>();
    return onHubData(TRANSFER_PROGRESS_EVENT, (payload) => {
      const p = payload as TransferProgress;
      qc.setQueryData<TransferTask>(transferKeys.detail(p.id), (old) => (old ? { ...old, ...p } : old));
      const now = Date.now();
      if (p.status === 2 || now - (last.get(p.id) ?? 0) > 1000) {
        last.set(p.id, now);
        qc.invalidateQueries({ queryKey: transferKeys.items(p.id) });
        qc.invalidateQueries({ queryKey: ['transfer', 'list'] });
        if (p.status === 2) qc.invalidateQueries({ queryKey: transferKeys.detail(p.id) });
      }
    });
  }, [qc]);
}

function useInvalidateTransfers() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: transferKeys.all });
}

/**
 * Creates a task (the server checks the addresses again): answers the task and the server's success text (read at
 * once, before the reads that follow replace it); the refusal's msg and field errors are the caller's to show.
 */
export function useCreateTransfer() {
  const invalidate = useInvalidateTransfers();
  return useMutation({
    mutationFn: async (body: InputOf<typeof contract.files.TransferCreate>) => {
      const task = await api.files.TransferCreate(body, { quiet: true, silent: true });
      return { task, msg: lastSuccessMsg() };
    },
    onSuccess: invalidate,
  });
}

/**
 * 重试失败项: the failed addresses of a finished task run again; answers the server's success text. The task is read
 * again either way.
 */
export function useRetryTransfer() {
  const invalidate = useInvalidateTransfers();
  return useMutation({
    mutationFn: async (id: string) => {
      await api.files.TransferRetry({ id }, { quiet: true });
      return lastSuccessMsg();
    },
    onSettled: invalidate,
  });
}
