import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { contract, InputOf } from '@contract/index';
import { api } from '@/api/client';

/** 1 等级订单, 2 权益卡订单: one screen each, the same calls on two paths. */
export type MemberOrderKind = 1 | 2;

export const KIND_TEXT = {
  1: { title: '等级订单', item: '付费等级', list: '/LvOrderList', detail: '/LvOrderDetail', menu: 'LvOrderList' },
  2: { title: '权益卡订单', item: '权益卡', list: '/VipOrderList', detail: '/VipOrderDetail', menu: 'VipOrderList' },
} as const;

type ListInput = InputOf<typeof contract.lvOrder.list>;

const keys = {
  all: ['member-orders'] as const,
  list: (kind: number, q: object) => ['member-orders', kind, 'list', q] as const,
  one: (kind: number, id: string) => ['member-orders', kind, 'one', id] as const,
  items: (kind: number) => ['member-orders', kind, 'items'] as const,
};

const calls = (kind: MemberOrderKind) => (kind === 1 ? api.lvOrder : api.vipOrder);

export const useMemberOrders = (kind: MemberOrderKind, q: ListInput) =>
  useQuery({ queryKey: keys.list(kind, q), queryFn: () => calls(kind).list(q, { quiet: true }), placeholderData: keepPreviousData });

export const useMemberOrder = (kind: MemberOrderKind, id: string) =>
  useQuery({ queryKey: keys.one(kind, id), queryFn: () => calls(kind).detail({ id }), enabled: Boolean(id) });

/** The paid levels (any member of the enterprise may read their names) or the cards (for those who see 权益卡) to filter by. */
export const useOrderItems = (kind: MemberOrderKind) =>
  useQuery({
    queryKey: keys.items(kind),
    queryFn: async (): Promise<{ value: string; label: string }[]> => {
      if (kind === 1) return (await api.levels.GetLvList({ needpay: 1 }, { quiet: true })).map((l) => ({ value: l.id, label: l.name }));
      const r = await api.vipCards.vipchklist({ page_size: 200 }, { quiet: true }).catch(() => ({ rows: [] }));
      return r.rows.filter((c) => c.needpay === 1).map((c) => ({ value: c.id, label: c.name }));
    },
    staleTime: 60_000,
  });

export function useInvalidateMemberOrders() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: keys.all });
}

export function useSaveMemberOrderNotes(kind: MemberOrderKind) {
  const invalidate = useInvalidateMemberOrders();
  return useMutation({
    mutationFn: ({ id, notes }: { id: string; notes: string }) =>
      kind === 1 ? api.lvOrder.sellerNotes({ id, notes }) : api.vipOrder.notes({ id, notes }),
    onSuccess: () => invalidate(),
  });
}

/** Reads the orders again now and once more a moment later: a refund is a job that runs just after the change. */
function useInvalidateNowAndAfterRefund() {
  const invalidate = useInvalidateMemberOrders();
  return async () => {
    await invalidate();
    setTimeout(() => void invalidate(), 1500);
  };
}

/** 取消订单 (a paid card order is refunded), or 重新退款 of one whose refund has not gone through. */
export function useCancelMemberOrder(kind: MemberOrderKind) {
  const invalidate = useInvalidateNowAndAfterRefund();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) => calls(kind).cancel({ id, reason }),
    onSuccess: invalidate,
  });
}

/** 退款 of a level order, part or all of what is left. */
export function useRefundLevelOrder() {
  const invalidate = useInvalidateNowAndAfterRefund();
  return useMutation({
    mutationFn: (b: InputOf<typeof contract.lvOrder.ReLvAmount>) => api.lvOrder.ReLvAmount(b),
    onSuccess: invalidate,
  });
}
