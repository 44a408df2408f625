import type { contract, InputOf } from '@contract/index';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/api/client';

/** Query keys of the categories: the tree of 商品分类 and the options every goods screen picks from. */
export const categoryKeys = {
  all: ['goods', 'types'] as const,
  tree: (q: object) => ['goods', 'types', 'tree', q] as const,
  options: ['goods', 'types', 'treesel'] as const,
};

export const useCategoryTree = (q: InputOf<typeof contract.goodsType.list>) =>
  useQuery({ queryKey: categoryKeys.tree(q), queryFn: () => api.goodsType.list(q, { quiet: true }), placeholderData: keepPreviousData });

/** Enabled categories for a TreeSelect ({value, title, children}). */
export const useCategoryOptions = () =>
  useQuery({ queryKey: categoryKeys.options, queryFn: () => api.goodsType.GetTreeSelData({ status: 1 }, { quiet: true }) });

function useInvalidateCategories() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: categoryKeys.all });
}

/** Saves a category; the refusal's msg (and its field errors) are the caller's to show. */
export function useSaveCategory() {
  const invalidate = useInvalidateCategories();
  return useMutation({
    mutationFn: (body: InputOf<typeof contract.goodsType.save>) => api.goodsType.save(body, { silent: true }),
    onSuccess: invalidate,
  });
}

/** Puts siblings in a new order; the tree is read again either way (a refused order shows the one that holds). */
export function useSortCategories() {
  const invalidate = useInvalidateCategories();
  return useMutation({
    mutationFn: (list: InputOf<typeof contract.goodsType.sort>['list']) => api.goodsType.sort({ list }),
    onSettled: invalidate,
  });
}

/** 启用 / 禁用 (a disabled category's children are disabled with it). */
export function useSetCategoryStatus() {
  const invalidate = useInvalidateCategories();
  return useMutation({
    mutationFn: (body: { ids: string[]; status: 0 | 1 }) => api.goodsType.upstate(body),
    onSuccess: invalidate,
  });
}

export function useDeleteCategories() {
  const invalidate = useInvalidateCategories();
  return useMutation({ mutationFn: (ids: string[]) => api.goodsType.delete({ ids }), onSuccess: invalidate });
}
