import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { whileRefunding } from './refund-polling';
import type { contract, InputOf } from '@contract/index';
import { api } from '@/api/client';

/** Query keys of the form-order screens; a change reads all of ['orders'] again. */
export const orderKeys = {
  all: ['orders'] as const,
  formList: (q: object) => ['orders', 'form', 'list', q] as const,
  formOne: (id: string) => ['orders', 'form', 'one', id] as const,
  takes: (q: object) => ['orders', 'form', 'takes', q] as const,
};

export const useFormOrders = (q: InputOf<typeof contract.formOrder.list>) =>
  useQuery({ queryKey: orderKeys.formList(q), queryFn: () => api.formOrder.list(q, { quiet: true }), placeholderData: keepPreviousData });

export const useFormOrder = (id: string) =>
  useQuery({
    queryKey: orderKeys.formOne(id),
    queryFn: () => api.formOrder.detail({ id }),
    enabled: Boolean(id),
    // Cancelled after payment, its refund not through yet.
    refetchInterval: whileRefunding((o) => o.status === 3 && Boolean(o.payTime) && !o.refundTime),
  });

export const useTakes = (q: InputOf<typeof contract.formOrder.takelist>) =>
  useQuery({ queryKey: orderKeys.takes(q), queryFn: () => api.formOrder.takelist(q, { quiet: true }), placeholderData: keepPreviousData });

export function useInvalidateOrders() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: orderKeys.all });
}

function useFormOrderChange<T, R>(call: (body: T) => Promise<R>) {
  const invalidate = useInvalidateOrders();
  return useMutation({ mutationFn: call, onSuccess: () => invalidate() });
}

export const useSaveFormOrderNotes = () => useFormOrderChange((b: InputOf<typeof contract.formOrder.notes>) => api.formOrder.notes(b));

/** 核销 of an order from its detail page. */
export const useTakeFormOrder = () => useFormOrderChange((id: string) => api.formOrder.take({ id }));

/** 取消订单 (a paid order is refunded; again on an order whose refund is still owed). */
export const useCancelFormOrder = () => useFormOrderChange((b: InputOf<typeof contract.formOrder.cancel>) => api.formOrder.cancel(b));

/** 核销 by the customer's 8-digit code; answers the order taken. */
export const useVerifyFormOrderCode = () => useFormOrderChange((code: string) => api.formOrder.verificationCode({ code }));
