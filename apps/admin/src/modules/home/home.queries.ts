import type { contract, InputOf } from '@contract/index';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/api/client';

/** Query keys of the home screens and the top bar; a realtime notice reads all of ['home'] again (layout/use-hub). */
export const homeKeys = {
  all: ['home'] as const,
  dashboard: ['home', 'dashboard'] as const,
  preview: ['home', 'preview'] as const,
  userHead: ['home', 'userHead'] as const,
  profile: ['home', 'profile'] as const,
  notices: ['home', 'notices'] as const,
  noticePage: (q: object) => ['home', 'notices', 'page', q] as const,
};

export const useDashboard = () => useQuery({ queryKey: homeKeys.dashboard, queryFn: () => api.home.GetDashboard() });
export const useProfile = () => useQuery({ queryKey: homeKeys.profile, queryFn: () => api.home.GetProfile() });
export const useNoticePage = (q: InputOf<typeof contract.home.GetNoticePage>) =>
  useQuery({
    queryKey: homeKeys.noticePage(q),
    queryFn: () => api.home.GetNoticePage(q, { quiet: true }),
    placeholderData: (prev) => prev,
  });

/** The latest notices (the top bar's bell and its unread count). */
export const useNotices = (enabled = true) =>
  useQuery({ queryKey: homeKeys.notices, queryFn: () => api.home.GetNotice(undefined, { quiet: true }), enabled });

/** The QR codes of the shop's pages (预览). */
export const usePreviewInfo = () =>
  useQuery({ queryKey: homeKeys.preview, queryFn: () => api.home.GetPreverInfo({ url: window.location.origin }, { quiet: true }) });

/** The user's avatar in the top bar. */
export const useUserHead = () => useQuery({ queryKey: homeKeys.userHead, queryFn: () => api.home.GetUserHead(undefined, { quiet: true }) });

/** 全部标为已读. */
export function useReadAllNotices() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.home.ReadNotice({ ids: [] }),
    onSuccess: () => qc.invalidateQueries({ queryKey: homeKeys.notices }),
  });
}

/** Saves 个人设置; the name and avatar show in the top bar, so home and the session's user info are read again. */
export function useSaveProfile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (b: InputOf<typeof contract.home.SaveProfile>) => api.home.SaveProfile(b),
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: homeKeys.all });
      await qc.invalidateQueries({ queryKey: ['staff', 'userInfo'] });
    },
  });
}
