import type { contract, InputOf } from '@contract/index';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, lastSuccessMsg } from '@/api/client';

export const memberDetailKeys = {
  all: (id: string) => ['members', 'detail', id] as const,
  detail: (id: string) => ['members', 'detail', id, 'detail'] as const,
  vip: (id: string) => ['members', 'detail', id, 'vip'] as const,
  stats: (id: string) => ['members', 'detail', id, 'stats'] as const,
  events: (id: string, page: number, size: number) => ['members', 'detail', id, 'events', page, size] as const,
};

/** The member's page; a refusal (会员不存在) is shown by the page itself, not as a toast. */
export const useMemberDetail = (id: string) =>
  useQuery({
    queryKey: memberDetailKeys.detail(id),
    queryFn: () => api.memberDetail.GetUserDetail({ id }, { silent: true }),
    enabled: Boolean(id),
    retry: false,
  });

export const useMemberVip = (id: string) =>
  useQuery({
    queryKey: memberDetailKeys.vip(id),
    queryFn: () => api.memberDetail.GetUserVip({ id }, { quiet: true }),
    enabled: Boolean(id),
  });

export const useMemberStats = (id: string) =>
  useQuery({
    queryKey: memberDetailKeys.stats(id),
    queryFn: () => api.memberDetail.GetUserOrderStic({ id }, { quiet: true }),
    enabled: Boolean(id),
  });

export const useMemberEvents = (id: string, page: number, size: number) =>
  useQuery({
    queryKey: memberDetailKeys.events(id, page, size),
    queryFn: () => api.memberDetail.GetInterEvent({ id, page_index: page, page_size: size }, { quiet: true }),
    enabled: Boolean(id),
    placeholderData: keepPreviousData,
  });

/** Everything of this member is read again after a change (the history gains a line with each). */
function useRefreshMember(id: string) {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: memberDetailKeys.all(id) });
}

type OperBody = InputOf<typeof contract.memberDetail.MemberOper>;
/** One kind of change, without the member (each kind keeps its own fields). */
type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never;
type OperChange = WithoutId<OperBody>;

/** A change by the merchant (profile, growth, paid level); answers the server's success text, taken before the
 *  member is read again (those reads bring their own). */
export function useMemberOper(id: string) {
  const refresh = useRefreshMember(id);
  return useMutation({
    mutationFn: async (body: OperChange) => {
      await api.memberDetail.MemberOper({ ...body, id } as OperBody);
      return lastSuccessMsg();
    },
    onSuccess: refresh,
  });
}

/** 禁用 (0) / 启用 (1) a member. */
export function useSetMemberStatus(id: string) {
  const refresh = useRefreshMember(id);
  return useMutation({ mutationFn: (status: 0 | 1) => api.memberDetail.UserEditState({ id, status }), onSuccess: refresh });
}

export function useResetMemberPassword(id: string) {
  const refresh = useRefreshMember(id);
  return useMutation({ mutationFn: (pwd: string) => api.memberDetail.UserEditPwd({ id, pwd }), onSuccess: refresh });
}

/** 重新统计 of the member's orders. */
export function useRecountMemberOrders(id: string) {
  const refresh = useRefreshMember(id);
  return useMutation({ mutationFn: () => api.memberDetail.UpdateUserOrderPayCount({ id }), onSuccess: refresh });
}
