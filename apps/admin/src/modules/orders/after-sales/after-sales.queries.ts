import type { AfterSaleSettings, contract, InputOf } from '@contract/index';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { whileRefunding } from '../refund-polling';
import { api } from '@/api/client';

/** Query keys of the after-sale screens: everything under `all`, so one invalidation refreshes list, counts and detail. */
export const afterSaleKeys = {
  all: ['orders', 'after-sales'] as const,
  list: (q: object) => ['orders', 'after-sales', 'list', q] as const,
  detail: (id: string) => ['orders', 'after-sales', 'detail', id] as const,
  next: (id: string) => ['orders', 'after-sales', 'next', id] as const,
  check: (id: string) => ['orders', 'after-sales', 'check', id] as const,
  settings: ['orders', 'after-sales', 'settings'] as const,
};

export const useAfterSales = (q: InputOf<typeof contract.afterSale.serverlist>, enabled = true) =>
  useQuery({
    queryKey: afterSaleKeys.list(q),
    queryFn: () => api.afterSale.serverlist(q, { quiet: true }),
    placeholderData: keepPreviousData,
    enabled,
  });

export const useAfterSale = (id: string) =>
  useQuery({
    queryKey: afterSaleKeys.detail(id),
    queryFn: () => api.afterSale.GetServerDetail({ id }),
    enabled: Boolean(id),
    refetchInterval: whileRefunding((a) => a.status === 5), // 退款中
  });

export const useNextActions = (id: string) =>
  useQuery({ queryKey: afterSaleKeys.next(id), queryFn: () => api.afterSale.GetNextServer({ id }), enabled: Boolean(id) });

export const useCheckInfo = (id: string, enabled: boolean) =>
  useQuery({
    queryKey: afterSaleKeys.check(id),
    queryFn: () => api.afterSale.GetCheckServerDetail({ id }),
    enabled: enabled && Boolean(id),
  });

export const useAfterSaleSettings = (enabled: boolean) =>
  useQuery({ queryKey: afterSaleKeys.settings, queryFn: () => api.afterSale.AutoCheckServer({}), enabled });

/** Reads every after-sale screen and every goods-order screen again (an after-sale changes its order's amounts and tags). */
export function useInvalidateAfterSales() {
  const qc = useQueryClient();
  return () =>
    Promise.all([qc.invalidateQueries({ queryKey: afterSaleKeys.all }), qc.invalidateQueries({ queryKey: ['orders', 'goods'] })]);
}

/** 同意 / 拒绝 (CheckService). A refusal may mean the state moved on: the screens are read again either way. */
export function useCheckService() {
  const invalidate = useInvalidateAfterSales();
  return useMutation({
    mutationFn: (b: InputOf<typeof contract.afterSale.CheckService>) => api.afterSale.CheckService(b),
    onSettled: () => invalidate(),
  });
}

/** The steps after answering (AddFlow: receive, refund, resend, message); read again either way, as above. */
export function useAddFlow() {
  const invalidate = useInvalidateAfterSales();
  return useMutation({
    mutationFn: (b: InputOf<typeof contract.afterSale.AddFlow>) => api.afterSale.AddFlow(b),
    onSettled: () => invalidate(),
  });
}

/** Saves 售后设置 (AutoCheckServer with `save`). */
export function useSaveAfterSaleSettings() {
  const invalidate = useInvalidateAfterSales();
  return useMutation({
    mutationFn: (save: AfterSaleSettings) => api.afterSale.AutoCheckServer({ save }),
    onSuccess: () => invalidate(),
  });
}
