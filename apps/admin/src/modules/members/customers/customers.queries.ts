import type { contract, InputOf } from '@contract/index';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/api/client';
import type { ClientFilterBody } from './customer-filter';

export const customerKeys = {
  all: ['members', 'customers'] as const,
  options: ['members', 'customers', 'options'] as const,
  list: (q: object) => ['members', 'customers', 'list', q] as const,
  sums: (q: object) => ['members', 'customers', 'sums', q] as const,
  groups: ['members', 'customers', 'groups'] as const,
};

export const useFindOptions = () =>
  useQuery({ queryKey: customerKeys.options, queryFn: () => api.clientQuery.LookUserInFind({}, { quiet: true }), staleTime: 60_000 });

export const useCustomerList = (q: InputOf<typeof contract.clientQuery.GetUserInfoList>) =>
  useQuery({
    queryKey: customerKeys.list(q),
    queryFn: () => api.clientQuery.GetUserInfoList(q, { quiet: true }),
    placeholderData: keepPreviousData,
  });

/** The sums line, asked beside the list: a slow sum never holds the page back. */
export const useCustomerSums = (f: ClientFilterBody) =>
  useQuery({ queryKey: customerKeys.sums(f), queryFn: () => api.clientQuery.GetFindTotalAdJust(f, { quiet: true }) });

/** The groups 加入分组 offers, read when its dialog opens. */
export const useClientGroups = (enabled: boolean) =>
  useQuery({ queryKey: customerKeys.groups, queryFn: () => api.clientQuery.GetClientGroup({}, { quiet: true }), enabled });

/** After a change the list and its sums are read again; the dialog does not wait for them (a slow sum). */
function useInvalidateCustomers() {
  const qc = useQueryClient();
  return () => {
    qc.invalidateQueries({ queryKey: customerKeys.all });
  };
}

/** 审核通过 / 拒绝 of members waiting for it. */
export function useAuditCustomers() {
  const invalidate = useInvalidateCustomers();
  return useMutation({
    mutationFn: (body: InputOf<typeof contract.clientQuery.AuditUser>) => api.clientQuery.AuditUser(body),
    onSuccess: invalidate,
  });
}

/** 打标签 (attach) or 移除标签 of manual tags on the chosen customers. */
export function useTagCustomers(attach: boolean) {
  const invalidate = useInvalidateCustomers();
  return useMutation({
    mutationFn: (body: InputOf<typeof contract.clientQuery.CreateTgas>) =>
      attach ? api.clientQuery.CreateTgas(body) : api.clientQuery.DeleteTgs(body),
    onSuccess: invalidate,
  });
}

/** 加入分组: the chosen customers added to a group by hand. */
export function useAddToGroup() {
  const invalidate = useInvalidateCustomers();
  return useMutation({
    mutationFn: (body: InputOf<typeof contract.clientQuery.AddToGroup>) => api.clientQuery.AddToGroup(body),
    onSuccess: invalidate,
  });
}

/** 添加会员; the refusal (and its field errors) are the caller's to show. */
export function useCreateMember() {
  const invalidate = useInvalidateCustomers();
  return useMutation({
    mutationFn: (body: InputOf<typeof contract.clientQuery.CreateVipUser>) => api.clientQuery.CreateVipUser(body, { silent: true }),
    onSuccess: invalidate,
  });
}
