import type { contract, InputOf } from '@contract/index';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '@/api/client';

/** Query keys of the account screens; each change below reads again the part it changed. */
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
  return useCallback((key: readonly string[] = accountKeys.all) => qc.invalidateQueries({ queryKey: key }), [qc]);
}

/** Saves 企业信息; the refusal (and its field errors) is the caller's to show. The top bar's shop name is the
 *  enterprise name, so the session's user info is read again too. */
export function useSaveRenterInfo() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (b: InputOf<typeof contract.account.SetRenterInfo>) => api.account.SetRenterInfo(b, { silent: true }),
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: accountKeys.renterInfo });
      await qc.invalidateQueries({ queryKey: ['staff', 'userInfo'] });
    },
  });
}

/** 企业转让: codes to the owner's and the receiver's phones; the refusal is the caller's to show. */
export const useSendTransCodes = () =>
  useMutation({ mutationFn: (phone: string) => api.account.SendUnAuthVeryCode({ phone }, { silent: true }) });

/** Checks one of the two transfer codes (changes nothing); the refusal is the caller's to show. */
export const useCheckTransCode = () =>
  useMutation({
    mutationFn: (b: InputOf<typeof contract.account.CheckUnAuthVeryCode>) =>
      api.account.CheckUnAuthVeryCode(b, { silent: true, quiet: true }),
  });

/** Transfers the enterprise; afterwards the caller logs out (its session dies), nothing is read again. */
export const useTransferRenter = () =>
  useMutation({ mutationFn: (b: InputOf<typeof contract.account.RenterTrans>) => api.account.RenterTrans(b, { silent: true }) });

/** A code to the new phone of 更换手机号; the refusal is the caller's to show. */
export const useSendPhoneCode = () => useMutation({ mutationFn: (phone: string) => api.account.getSmsCode({ phone }, { silent: true }) });

function useBindChange<T, R>(call: (body: T) => Promise<R>) {
  const invalidate = useInvalidateAccount();
  return useMutation({ mutationFn: call, onSuccess: () => invalidate(accountKeys.bind) });
}

/** 更换手机号; the refusal is the caller's to show. */
export const useUpdatePhone = () =>
  useBindChange((b: InputOf<typeof contract.account.UpdatePhone>) => api.account.UpdatePhone(b, { silent: true }));

export function useUnbindWechat() {
  const invalidate = useInvalidateAccount();
  return useMutation({ mutationFn: () => api.account.UnBindOfficial(), onSuccess: () => invalidate(accountKeys.bind) });
}

/** A new binding QR code for 绑定微信 (each one its own scene, expiring). */
export const useWechatQr = () => useMutation({ mutationFn: () => api.account.GetOfficial(undefined, { quiet: true }) });
