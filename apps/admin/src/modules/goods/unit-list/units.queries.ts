import type { contract, InputOf } from '@contract/index';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/api/client';

/** Query keys of the goods units: the 商品单位 list and the options of the goods form. */
export const unitKeys = {
  all: ['goods', 'units'] as const,
  list: (q: object) => ['goods', 'units', 'list', q] as const,
  options: ['goods', 'units', 'all'] as const,
};

export const useUnitList = (q: InputOf<typeof contract.goodUnit.list>) =>
  useQuery({ queryKey: unitKeys.list(q), queryFn: () => api.goodUnit.list(q, { quiet: true }), placeholderData: keepPreviousData });

/** Enabled units for a Select. */
export const useUnitOptions = () => useQuery({ queryKey: unitKeys.options, queryFn: () => api.goodUnit.all({}, { quiet: true }) });

function useInvalidateUnits() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: unitKeys.all });
}

/** Saves a unit; the refusal's msg (a name in use) is the caller's to show. */
export function useSaveUnit() {
  const invalidate = useInvalidateUnits();
  return useMutation({
    mutationFn: (body: InputOf<typeof contract.goodUnit.save>) => api.goodUnit.save(body, { silent: true }),
    onSuccess: invalidate,
  });
}

/** 启用 / 禁用 one or many units. */
export function useSetUnitStatus() {
  const invalidate = useInvalidateUnits();
  return useMutation({ mutationFn: (body: { ids: string[]; status: 0 | 1 }) => api.goodUnit.updateState(body), onSuccess: invalidate });
}

/** 上移 / 下移 / 置顶; the list is read again either way. */
export function useMoveUnit() {
  const invalidate = useInvalidateUnits();
  return useMutation({
    mutationFn: (body: InputOf<typeof contract.goodUnit.movesort>) => api.goodUnit.movesort(body),
    onSettled: invalidate,
  });
}
