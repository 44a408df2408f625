import type { contract, InputOf } from '@contract/index';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/api/client';

export const accountKeys = {
  all: ['account'] as const,
  renterInfo: ['account', 'renterInfo'] as const,
  industries: ['account', 'industries'] as const,
  transRoles: ['account', 'transRoles'] as const,
  loginLogs: (q: object) => ['account', 'loginLogs', q] as const,
  bind: ['account', 'bind'] as const,
  operlog: (q: object) => ['account', 'operlog', q] as const,
  operlogDetail: (id: string) => ['account', 'operlog', 'detail', id] as const,
  operlogStaff: ['account', 'operlogStaff'] as const,
};

export const useRenterInfo = () =>
  useQuery({ queryKey: accountKeys.renterInfo, queryFn: () => api.account.GetRenterInfo(undefined, { quiet: true }), staleTime: 0 });

export const useIndustries = () =>
  useQuery({ queryKey: accountKeys.industries, queryFn: () => api.login.GetIndustry(undefined, { quiet: true }), staleTime: Infinity });

export const useTransRoles = () =>
  useQuery({ queryKey: accountKeys.transRoles, queryFn: () => api.account.GetTransRoles(undefined, { quiet: true }) });

export const useLoginLogs = (q: InputOf<typeof contract.account.GetLoginLogList>) =>
  useQuery({
    queryKey: accountKeys.loginLogs(q),
    queryFn: () => api.account.GetLoginLogList(q, { quiet: true }),
    placeholderData: keepPreviousData,
  });

/** The caller's bindings; polled while a binding QR code is open. */
export const useUserBind = (pollMs: number | false = false) =>
  useQuery({ queryKey: accountKeys.bind, queryFn: () => api.account.GetUserBind(undefined, { quiet: true }), refetchInterval: pollMs });

export const useOperlog = (q: InputOf<typeof contract.account.GetOperlogList>) =>
  useQuery({
    queryKey: accountKeys.operlog(q),
    queryFn: () => api.account.GetOperlogList(q, { quiet: true }),
    placeholderData: keepPreviousData,
  });

export const useOperlogDetail = (id: string | null) =>
  useQuery({
    queryKey: accountKeys.operlogDetail(id ?? ''),
    queryFn: () => api.account.GetOperlogDetail({ id: id ?? '' }, { quiet: true }),
    enabled: Boolean(id),
  });

export const useOperlogStaff = () =>
  useQuery({ queryKey: accountKeys.operlogStaff, queryFn: () => api.account.GetOperlogStaff(undefined, { quiet: true }) });

export function useInvalidateAccount() {
  const qc = useQueryClient();
  return (key: readonly string[] = accountKeys.all) => qc.invalidateQueries({ queryKey: key });
}
