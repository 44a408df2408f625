import type { contract, InputOf } from '@contract/index';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/api/client';

/** Query keys of the equity cards: everything under ['members', 'cards'] (a holder change moves the list's counts). */
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

function useInvalidateCards() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: cardKeys.all });
}

/** Saves a card; the refusal (and its field errors) are the caller's to show. */
export function useSaveCard() {
  const invalidate = useInvalidateCards();
  return useMutation({
    mutationFn: (body: InputOf<typeof contract.vipCards.save>) => api.vipCards.save(body, { silent: true }),
    onSuccess: invalidate,
  });
}

/** Enables (status 1) or stops (0) a card. */
export function useSwitchCard() {
  const invalidate = useInvalidateCards();
  return useMutation({
    mutationFn: (body: InputOf<typeof contract.vipCards.forbidd>) => api.vipCards.forbidd(body),
    onSuccess: invalidate,
  });
}

export function useDeleteCard() {
  const invalidate = useInvalidateCards();
  return useMutation({ mutationFn: (id: string) => api.vipCards.delete({ id }), onSuccess: invalidate });
}

/** Takes a card back from its holder (the holder row's id). */
export function useWithdrawCard() {
  const invalidate = useInvalidateCards();
  return useMutation({ mutationFn: (id: string) => api.vipCards.withdraw({ id }), onSuccess: invalidate });
}

/** 发放权益卡 to members by phone; the refusal is the caller's to show. */
export function useGrantCard() {
  const invalidate = useInvalidateCards();
  return useMutation({
    mutationFn: (body: InputOf<typeof contract.vipCards.grant>) => api.vipCards.grant(body, { silent: true }),
    onSuccess: invalidate,
  });
}
