import type { contract, InputOf } from '@contract/index';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
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

export function useInvalidateAfterSales() {
  const qc = useQueryClient();
  return () =>
    Promise.all([qc.invalidateQueries({ queryKey: afterSaleKeys.all }), qc.invalidateQueries({ queryKey: ['orders', 'goods'] })]);
}
