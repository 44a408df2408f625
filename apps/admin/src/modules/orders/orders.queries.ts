import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { whileRefunding } from './refund-polling';
import type { contract, InputOf } from '@contract/index';
import { api } from '@/api/client';

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
