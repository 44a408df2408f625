import { contract, type InputOf } from '@contract/index';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { whileRefunding } from '../refund-polling';
import { api, callBlob } from '@/api/client';
import type { BackgroundExport } from '@/shared/background-export-button';

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

/** Reads every goods-order screen again (list, counts, details): what each change below ends with. */
export function useInvalidateGoodsOrders() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: goodsOrderKeys.all });
}

function useOrderChange<T, R>(call: (body: T) => Promise<R>) {
  const invalidate = useInvalidateGoodsOrders();
  return useMutation({ mutationFn: call, onSuccess: () => invalidate() });
}

/** 发货: parcels of one order. */
export const useShipOrder = () => useOrderChange((b: InputOf<typeof contract.goodsOrder.AddLogistics>) => api.goodsOrder.AddLogistics(b));

/** 批量发货: one parcel per order; each row answers its own result. */
export const useBulkShip = () =>
  useOrderChange((b: InputOf<typeof contract.goodsOrder.BatchAddLogistics>) => api.goodsOrder.BatchAddLogistics(b));

export const useEditOrderAddress = () =>
  useOrderChange((b: InputOf<typeof contract.goodsOrder.EditOrderAddress>) => api.goodsOrder.EditOrderAddress(b));

export const useCancelGoodsOrder = () =>
  useOrderChange((b: InputOf<typeof contract.goodsOrder.CancelOrder>) => api.goodsOrder.CancelOrder(b));

export const useConfirmReceipt = () => useOrderChange((id: string) => api.goodsOrder.Confirmreceipt({ id }));

export const useSaveSellerNotes = () =>
  useOrderChange((b: InputOf<typeof contract.goodsOrder.sellerNotes>) => api.goodsOrder.sellerNotes(b));

/** The order a pick-up code opens, before it is taken (reads, changes nothing). */
export const useTakePreview = () => useMutation({ mutationFn: (code: string) => api.goodsOrder.takeOrder({ code }) });

/** 确认核销 of a pick-up code. */
export const useTakeGoodsOrder = () => useOrderChange((code: string) => api.goodsOrder.verificationCode({ code }));

/** 商品订单's background export of the given filters (ExportOrders, ExportInfo, ExportDownload). */
export const goodsOrderExporter = (filters: InputOf<typeof contract.goodsOrder.ExportOrders>): BackgroundExport => ({
  start: () => api.goodsOrder.ExportOrders(filters),
  info: (id) => api.goodsOrder.ExportInfo({ id }, { quiet: true }),
  download: (id) => callBlob(contract.goodsOrder.ExportDownload, { id }),
  title: '导出商品订单',
  unit: '个订单',
});
