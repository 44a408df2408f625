import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { contract, InputOf } from '@contract/index';
import { api } from '@/api/client';

export const cardKeys = {
  all: ['members', 'cards'] as const,
  list: (q: object) => ['members', 'cards', 'list', q] as const,
  detail: (id: string) => ['members', 'cards', 'detail', id] as const,
  holders: (q: object) => ['members', 'cards', 'holders', q] as const,
};

export const useCardList = (q: InputOf<typeof contract.vipCards.list>) =>
  useQuery({ queryKey: cardKeys.list(q), queryFn: () => api.vipCards.list(q, { quiet: true }), placeholderData: keepPreviousData });

export const useCardDetail = (id: string | null) =>
  useQuery({
    queryKey: cardKeys.detail(id ?? ''),
    queryFn: () => api.vipCards.detail({ id: id ?? '' }, { quiet: true }),
    enabled: Boolean(id),
    staleTime: 0,
  });

export const useCardHolders = (q: InputOf<typeof contract.vipCards.userlist>, enabled: boolean) =>
  useQuery({
    queryKey: cardKeys.holders(q),
    queryFn: () => api.vipCards.userlist(q, { quiet: true }),
    placeholderData: keepPreviousData,
    enabled,
  });

export function useInvalidateCards() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: cardKeys.all });
}
