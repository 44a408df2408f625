import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { contract, InputOf } from '@contract/index';
import { api } from '@/api/client';

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

export function useInvalidatePointsGoods() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: pointsGoodsKeys.all });
}
