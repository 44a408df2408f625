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

/** Keys of the goods themselves (under 'goods', 'goods' so categories and units stay apart). */
export const goodsItemKeys = {
  all: ['goods', 'goods'] as const,
  list: (q: object) => ['goods', 'goods', 'list', q] as const,
  detail: (id: string) => ['goods', 'goods', 'detail', id] as const,
  categoryOptions: ['goods', 'types', 'treesel'] as const,
  unitOptions: ['goods', 'units', 'all'] as const,
};

export const useGoodsList = (q: InputOf<typeof contract.goods.list>) =>
  useQuery({ queryKey: goodsItemKeys.list(q), queryFn: () => api.goods.list(q, { quiet: true }), placeholderData: keepPreviousData });

export const useGoodsDetail = (id: string | null) =>
  useQuery({
    queryKey: goodsItemKeys.detail(id ?? ''),
    queryFn: () => api.goods.detail({ id: id ?? '' }, { quiet: true }),
    enabled: Boolean(id),
    staleTime: 0,
  });

/** Enabled categories for a TreeSelect ({value, title, children}). */
export const useCategoryOptions = () =>
  useQuery({ queryKey: goodsItemKeys.categoryOptions, queryFn: () => api.goodsType.GetTreeSelData({ status: 1 }, { quiet: true }) });

/** Enabled units for a Select. */
export const useUnitOptions = () => useQuery({ queryKey: goodsItemKeys.unitOptions, queryFn: () => api.goodUnit.all({}, { quiet: true }) });

export function useInvalidateGoods() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: goodsItemKeys.all });
}
