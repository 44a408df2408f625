import type { contract, InputOf } from '@contract/index';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/api/client';

/** Query keys of the level screens: everything under ['members', 'levels']. */
export const levelKeys = {
  all: ['members', 'levels'] as const,
  list: (needpay: number) => ['members', 'levels', 'list', needpay] as const,
  detail: (id: string) => ['members', 'levels', 'detail', id] as const,
  config: ['members', 'levels', 'config'] as const,
  fields: ['members', 'levels', 'fields'] as const,
  tasks: ['members', 'levels', 'tasks'] as const,
  renovation: ['members', 'levels', 'renovation'] as const,
  picks: ['members', 'levels', 'picks'] as const,
  grants: (q: object) => ['members', 'levels', 'grants', q] as const,
  growth: (q: object) => ['members', 'levels', 'growth', q] as const,
};

export const useLevels = (needpay: number) =>
  useQuery({ queryKey: levelKeys.list(needpay), queryFn: () => api.levels.list({ needpay }, { quiet: true }) });
export const useLevel = (id: string | null) =>
  useQuery({
    queryKey: levelKeys.detail(id ?? ''),
    queryFn: () => api.levels.getlv({ id: id ?? '' }, { quiet: true }),
    enabled: Boolean(id),
  });
export const useLevelConfig = () => useQuery({ queryKey: levelKeys.config, queryFn: () => api.levels.getconfig({}, { quiet: true }) });
export const useRegFields = () => useQuery({ queryKey: levelKeys.fields, queryFn: () => api.levels.getfield({}, { quiet: true }) });
export const useLevelTasks = () => useQuery({ queryKey: levelKeys.tasks, queryFn: () => api.levels.lvtask({}, { quiet: true }) });
export const useRenovation = () =>
  useQuery({ queryKey: levelKeys.renovation, queryFn: () => api.levels.getlvrenovation({}, { quiet: true }) });
export const useLevelPicks = () =>
  useQuery({ queryKey: levelKeys.picks, queryFn: () => api.levels.GetLvList({ needpay: -1 }, { quiet: true }) });
export const useGrantList = (q: InputOf<typeof contract.levels.GetRecordList>) =>
  useQuery({
    queryKey: levelKeys.grants(q),
    queryFn: () => api.levels.GetRecordList(q, { quiet: true }),
    placeholderData: keepPreviousData,
  });
export const useGrowthLog = (q: InputOf<typeof contract.levels.GetGroupLosgPage>) =>
  useQuery({
    queryKey: levelKeys.growth(q),
    queryFn: () => api.levels.GetGroupLosgPage(q, { quiet: true }),
    placeholderData: keepPreviousData,
  });

export function useInvalidateLevels() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: levelKeys.all });
}
