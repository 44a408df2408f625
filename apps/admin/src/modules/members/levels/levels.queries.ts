import type { contract, InputOf } from '@contract/index';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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

/** Every change to levels reads all the level screens again (a level shows in the list, the picks, the decoration). */
function useInvalidateLevels() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: levelKeys.all });
}

/** Turns the free (needpay 0) or paid (needpay 1) levels on or off. */
export function useSwitchLevelKind(needpay: number) {
  const invalidate = useInvalidateLevels();
  return useMutation({
    mutationFn: (on: boolean) => (needpay === 1 ? api.levels.changepay({ on: on ? 1 : 0 }) : api.levels.changefree({ on: on ? 1 : 0 })),
    onSuccess: invalidate,
  });
}

/** Enables, disables or deletes a level. */
export function useSetLevelState() {
  const invalidate = useInvalidateLevels();
  return useMutation({ mutationFn: (body: InputOf<typeof contract.levels.update>) => api.levels.update(body), onSuccess: invalidate });
}

/** Saves a level; the refusal (and its field errors) are the caller's to show. */
export function useSaveLevel() {
  const invalidate = useInvalidateLevels();
  return useMutation({
    mutationFn: (body: InputOf<typeof contract.levels.save>) => api.levels.save(body, { silent: true }),
    onSuccess: invalidate,
  });
}

export function useSaveRegFields() {
  const invalidate = useInvalidateLevels();
  return useMutation({
    mutationFn: (body: InputOf<typeof contract.levels.savefield>) => api.levels.savefield(body),
    onSuccess: invalidate,
  });
}

export function useSaveLevelTasks() {
  const invalidate = useInvalidateLevels();
  return useMutation({
    mutationFn: (body: InputOf<typeof contract.levels.savelvtask>) => api.levels.savelvtask(body),
    onSuccess: invalidate,
  });
}

/** Saves 等级装修; the refusal is the caller's to show. */
export function useSaveRenovation() {
  const invalidate = useInvalidateLevels();
  return useMutation({
    mutationFn: (body: InputOf<typeof contract.levels.savelvrenovation>) => api.levels.savelvrenovation(body, { silent: true }),
    onSuccess: invalidate,
  });
}
