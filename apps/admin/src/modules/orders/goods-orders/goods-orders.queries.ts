import type { contract, InputOf } from '@contract/index';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { whileRefunding } from '../refund-polling';
import { api } from '@/api/client';

/** Query keys of the goods-order screens: everything under `all`, so one invalidation refreshes list, counts and detail. */
export const goodsOrderKeys = {
  all: ['orders', 'goods'] as const,
  list: (q: object) => ['orders', 'goods', 'list', q] as const,
  detail: (id: string) => ['orders', 'goods', 'detail', id] as const,
  shipInfo: (id: string) => ['orders', 'goods', 'shipInfo', id] as const,
  logistics: (id: string) => ['orders', 'goods', 'logistics', id] as const,
  reasons: ['orders', 'goods', 'reasons'] as const,
};

export const useGoodsOrders = (q: InputOf<typeof contract.goodsOrder.orderList>) =>
  useQuery({
    queryKey: goodsOrderKeys.list(q),
    queryFn: () => api.goodsOrder.orderList(q, { quiet: true }),
    placeholderData: keepPreviousData,
  });

export const useGoodsOrder = (id: string) =>
  useQuery({
    queryKey: goodsOrderKeys.detail(id),
    queryFn: () => api.goodsOrder.orderDetail({ id }),
    enabled: Boolean(id),
    // Closed after payment, what was paid not all back yet.
    refetchInterval: whileRefunding((o) => o.status === 4 && o.paidAmount > o.refundedAmount),
  });

export const useShipInfo = (id: string, enabled: boolean) =>
  useQuery({
    queryKey: goodsOrderKeys.shipInfo(id),
    queryFn: () => api.goodsOrder.GetOrderDetail({ id }),
    enabled: enabled && Boolean(id),
  });

export const useLogistics = (id: string, enabled: boolean) =>
  useQuery({
    queryKey: goodsOrderKeys.logistics(id),
    queryFn: () => api.goodsOrder.GetLogisticsRecord({ id }),
    enabled: enabled && Boolean(id),
  });

export const useCancelReasons = (enabled: boolean) =>
  useQuery({
    queryKey: goodsOrderKeys.reasons,
    queryFn: () => api.goodsOrder.GetCancelResion({}),
    enabled,
    staleTime: 300_000,
  });

export function useInvalidateGoodsOrders() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: goodsOrderKeys.all });
}
