import type { contract, InputOf } from '@contract/index';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/api/client';

/** Query keys of the points goods and the 购物返积分 setting. */
export const pointsGoodsKeys = {
  all: ['goods', 'points'] as const,
  list: (q: object) => ['goods', 'points', 'list', q] as const,
  detail: (id: string) => ['goods', 'points', 'detail', id] as const,
  returnScore: ['goods', 'return-score'] as const,
  goodsOptions: (keyword: string) => ['goods', 'points', 'goods-options', keyword] as const,
};

export const usePointsGoodsList = (q: InputOf<typeof contract.pointsGoods.list>) =>
  useQuery({
    queryKey: pointsGoodsKeys.list(q),
    queryFn: () => api.pointsGoods.list(q, { quiet: true }),
    placeholderData: keepPreviousData,
  });

export const usePointsGoodsDetail = (id: string | null) =>
  useQuery({
    queryKey: pointsGoodsKeys.detail(id ?? ''),
    queryFn: () => api.pointsGoods.detail({ id: id ?? '' }, { quiet: true }),
    enabled: Boolean(id),
    staleTime: 0,
  });

export const useReturnScoreConfig = () =>
  useQuery({
    queryKey: pointsGoodsKeys.returnScore,
    queryFn: () => api.goodsActivity.GetReturnScoreConfig({}, { quiet: true }),
    staleTime: 0,
  });

/** Catalogue goods matching a keyword, for the link picker (needs the 商品管理 grant; answers nothing without it). */
export const useGoodsOptions = (keyword: string, enabled: boolean) =>
  useQuery({
    queryKey: pointsGoodsKeys.goodsOptions(keyword),
    queryFn: () => api.goods.list({ keyword, page_size: 20 }, { quiet: true, silent: true }),
    enabled,
    placeholderData: keepPreviousData,
    retry: false,
  });

function useInvalidatePointsGoods() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: pointsGoodsKeys.all });
}

/** Saves a points goods; the refusal's msg (and its field errors) are the caller's to show. */
export function useSavePointsGoods() {
  const invalidate = useInvalidatePointsGoods();
  return useMutation({
    mutationFn: (body: InputOf<typeof contract.pointsGoods.save>) => api.pointsGoods.save(body, { silent: true }),
    onSuccess: invalidate,
  });
}

/** 上架 (1) / 下架 (0). */
export function useSetPointsGoodsStatus() {
  const invalidate = useInvalidatePointsGoods();
  return useMutation({
    mutationFn: (body: { ids: string[]; status: 0 | 1 }) => api.pointsGoods.updateState(body),
    onSuccess: invalidate,
  });
}

export function useDeletePointsGoods() {
  const invalidate = useInvalidatePointsGoods();
  return useMutation({ mutationFn: (ids: string[]) => api.pointsGoods.delete({ ids }), onSuccess: invalidate });
}

/** Saves 购物返积分设置; the refusal's msg (and its field errors) are the caller's to show. */
export function useSaveReturnScoreConfig() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: InputOf<typeof contract.goodsActivity.SetReturnScoreConfig>) =>
      api.goodsActivity.SetReturnScoreConfig(body, { silent: true }),
    onSuccess: () => qc.invalidateQueries({ queryKey: pointsGoodsKeys.returnScore }),
  });
}
