import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { contract, InputOf } from '@contract/index';
import { api } from '@/api/client';

export const goodsKeys = {
  types: ['goods', 'types'] as const,
  typeTree: (q: object) => ['goods', 'types', 'tree', q] as const,
  units: ['goods', 'units'] as const,
  unitList: (q: object) => ['goods', 'units', 'list', q] as const,
};

export const useCategoryTree = (q: InputOf<typeof contract.goodsType.list>) =>
  useQuery({ queryKey: goodsKeys.typeTree(q), queryFn: () => api.goodsType.list(q, { quiet: true }), placeholderData: keepPreviousData });

export const useUnitList = (q: InputOf<typeof contract.goodUnit.list>) =>
  useQuery({ queryKey: goodsKeys.unitList(q), queryFn: () => api.goodUnit.list(q, { quiet: true }), placeholderData: keepPreviousData });

export function useInvalidateCategories() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: goodsKeys.types });
}

export function useInvalidateUnits() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: goodsKeys.units });
}
