import type { contract, InputOf } from '@contract/index';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/api/client';

export const teamKeys = {
  all: ['team'] as const,
  roles: ['team', 'roles'] as const,
  roleList: (q: object) => ['team', 'roles', 'list', q] as const,
  role: (id: string) => ['team', 'roles', 'detail', id] as const,
  roleMenu: ['team', 'roleMenu'] as const,
  staff: ['team', 'staff'] as const,
  staffList: (q: object) => ['team', 'staff', 'list', q] as const,
  member: (id: string) => ['team', 'staff', 'detail', id] as const,
  options: ['team', 'staff', 'options'] as const,
};

export const useRoleList = (q: InputOf<typeof contract.team.GetRoleList>) =>
  useQuery({ queryKey: teamKeys.roleList(q), queryFn: () => api.team.GetRoleList(q, { quiet: true }), placeholderData: keepPreviousData });

export const useRole = (id: string | null) =>
  useQuery({
    queryKey: teamKeys.role(id ?? ''),
    queryFn: () => api.team.GetRole({ id: id ?? '' }, { quiet: true, silent: true }),
    enabled: Boolean(id),
    staleTime: 0,
    retry: false,
  });

export const useRoleMenu = () =>
  useQuery({ queryKey: teamKeys.roleMenu, queryFn: () => api.team.GetRoleMenu({}, { quiet: true }), staleTime: Number.POSITIVE_INFINITY });

export const useStaffList = (q: InputOf<typeof contract.team.GetStaffList>) =>
  useQuery({
    queryKey: teamKeys.staffList(q),
    queryFn: () => api.team.GetStaffList(q, { quiet: true }),
    placeholderData: keepPreviousData,
  });

export const useMember = (id: string | null) =>
  useQuery({
    queryKey: teamKeys.member(id ?? ''),
    queryFn: () => api.team.GetStaff({ id: id ?? '' }, { quiet: true, silent: true }),
    enabled: Boolean(id),
    staleTime: 0,
    retry: false,
  });

export const useStaffOptions = () => useQuery({ queryKey: teamKeys.options, queryFn: () => api.team.GetStaffOptions({}, { quiet: true }) });

/** Refreshes every team list and detail (a role's member count follows staff changes). */
export function useInvalidateTeam() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: teamKeys.all });
}

/** A change that reads every team screen again: on success, or `always` (a refusal may mean the row moved on). */
function useTeamChange<T, R>(call: (body: T) => Promise<R>, always = false) {
  const invalidate = useInvalidateTeam();
  return useMutation({
    mutationFn: call,
    onSuccess: always ? undefined : () => invalidate(),
    onSettled: always ? () => invalidate() : undefined,
  });
}

/** Saves a role; the refusal (and its field errors) is the caller's to show. */
export const useSaveRole = () => useTeamChange((b: InputOf<typeof contract.team.SaveRole>) => api.team.SaveRole(b, { silent: true }));

export const useDeleteRole = () => useTeamChange((id: string) => api.team.DelRole({ id }), true);

/** Edits a member; the refusal (and its field errors) is the caller's to show. */
export const useUpdateStaff = () =>
  useTeamChange((b: InputOf<typeof contract.team.UpdateStaff>) => api.team.UpdateStaff(b, { silent: true }));

/** Adds a member by phone (an invitation SMS); the refusal (and its field errors) is the caller's to show. */
export const useInviteStaff = () =>
  useTeamChange((b: InputOf<typeof contract.team.RenterSave>) => api.team.RenterSave(b, { silent: true }));

/** 启用 / 停用 (a disabled member is logged out at once). */
export const useSetStaffStatus = () => useTeamChange((b: InputOf<typeof contract.team.SetStaffStatus>) => api.team.SetStaffStatus(b), true);

export const useDeleteStaff = () => useTeamChange((ids: string[]) => api.team.DelStaff({ ids }), true);
