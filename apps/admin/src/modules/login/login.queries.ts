import type { contract, InputOf } from '@contract/index';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api, type CallOptions } from '@/api/client';

/** Query keys of the login screens and of the session's settings the shell reads. Logging in, switching or creating an
 *  enterprise and logging out clear the whole cache (the callers do, after the session changes), so nothing here
 *  invalidates. */
export const loginKeys = {
  setInfo: (renterId: string | undefined) => ['login', 'setInfo', renterId] as const,
  customers: ['login', 'customers'] as const,
  industries: ['login', 'industries'] as const,
};

/** The enterprise's shell settings (logo, service phone); GeneralSet's save reads ['login', 'setInfo'] again. */
export const useSetInfo = (renterId: string | undefined, enabled: boolean) =>
  useQuery({ queryKey: loginKeys.setInfo(renterId), queryFn: () => api.login.GetSetInfo(undefined, { quiet: true }), enabled });

/** The user's enterprises to switch to. */
export const useCustomers = () => useQuery({ queryKey: loginKeys.customers, queryFn: () => api.login.GetUserCustomesr() });

export const useIndustryOptions = (enabled: boolean) =>
  useQuery({ queryKey: loginKeys.industries, queryFn: () => api.login.GetIndustry(), enabled });

/** 用户服务协议与隐私政策, read when the link is clicked. */
export const useAgreements = () => useMutation({ mutationFn: () => api.login.GetAgreementList() });

export const useLoginByPwd = () => useMutation({ mutationFn: (b: InputOf<typeof contract.login.LoginByPwd>) => api.login.LoginByPwd(b) });

export const useSmsLogin = () => useMutation({ mutationFn: (b: InputOf<typeof contract.login.smsLogin>) => api.login.smsLogin(b) });

export const useRegister = () => useMutation({ mutationFn: (b: InputOf<typeof contract.login.RegUser>) => api.login.RegUser(b) });

/** 找回密码 / 重置密码 by SMS code. */
export const useResetPwd = () => useMutation({ mutationFn: (b: InputOf<typeof contract.login.RestPwd>) => api.login.RestPwd(b) });

/** 修改密码; the refusal is the caller's to show. */
export const useChangePwd = () =>
  useMutation({ mutationFn: (b: InputOf<typeof contract.login.UpdatePwd>) => api.login.UpdatePwd(b, { silent: true }) });

/** A login-page code (1 register, 2 login, 3 reset password). */
export const useSendLoginCode = () =>
  useMutation({ mutationFn: (b: InputOf<typeof contract.login.getSmsCode>) => api.login.getSmsCode(b) });

/** Switches to one of the user's enterprises: a new session. */
export const useChooseCustomer = () => useMutation({ mutationFn: (id: string) => api.login.SetUserCustomesr({ id }) });

/** Creates an enterprise (15-day trial): a new session in it. */
export const useCreateCustomer = () =>
  useMutation({ mutationFn: (b: InputOf<typeof contract.login.RegistCustomer>) => api.login.RegistCustomer(b) });

/** Ends the session on the server; the caller leaves whatever it answers. */
export const useLogout = (opts?: CallOptions) => useMutation({ mutationFn: () => api.login.Logout(undefined, opts) });
