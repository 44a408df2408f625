import { useQuery } from '@tanstack/react-query';
import type { InputOf } from '@contract/index';
import type { contract } from '@contract/index';
import { api } from '@/api/client';

export const homeKeys = {
  dashboard: ['home', 'dashboard'] as const,
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
