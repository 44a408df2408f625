import type { contract, InputOf } from '@contract/index';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/api/client';

/** Query keys of the group screens: everything under ['members', 'groups']. */
export const groupKeys = {
  all: ['members', 'groups'] as const,
  list: (q: object) => ['members', 'groups', 'list', q] as const,
  detail: (id: string | null) => ['members', 'groups', 'detail', id] as const,
  members: (id: string | undefined, page: object) => ['members', 'groups', 'members', id, page] as const,
};

export const useGroupList = (q: InputOf<typeof contract.memberGroups.GetGropList>) =>
  useQuery({
    queryKey: groupKeys.list(q),
    queryFn: () => api.memberGroups.GetGropList(q, { quiet: true }),
    placeholderData: keepPreviousData,
  });

/** A group to edit; a refusal (分组不存在) is shown by the page, not as a toast. */
export const useGroup = (id: string | null) =>
  useQuery({
    queryKey: groupKeys.detail(id),
    queryFn: () => api.memberGroups.GetGroupInfo({ id: id as string }, { quiet: true, silent: true }),
    enabled: !!id,
  });

/** Who is in a group now, paged on the server. */
export const useGroupMembers = (id: string | undefined, page: { index: number; size: number }) =>
  useQuery({
    queryKey: groupKeys.members(id, page),
    queryFn: () => api.memberGroups.GroupMembers({ id: id as string, page_index: page.index, page_size: page.size }, { quiet: true }),
    enabled: !!id,
    placeholderData: keepPreviousData,
  });

function useInvalidateGroups() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: groupKeys.all });
}

/** Saves a group (recounted on save); the refusal's msg (and its field errors) are the caller's to show. */
export function useSaveGroup() {
  const invalidate = useInvalidateGroups();
  return useMutation({
    mutationFn: (body: InputOf<typeof contract.memberGroups.SaveGroup>) => api.memberGroups.SaveGroup(body, { silent: true }),
    onSuccess: invalidate,
  });
}

export function useDeleteGroups() {
  const invalidate = useInvalidateGroups();
  return useMutation({ mutationFn: (ids: string[]) => api.memberGroups.DelGroups({ ids }), onSuccess: invalidate });
}

/** 刷新人数: counts a group's members now. */
export function useRecountGroup() {
  const invalidate = useInvalidateGroups();
  return useMutation({ mutationFn: (id: string) => api.memberGroups.RefreshGroupCount({ id }), onSuccess: invalidate });
}
