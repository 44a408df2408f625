import type { contract, InputOf } from '@contract/index';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/api/client';

/**
 * Query keys of the goods themselves (under 'goods', 'goods' so categories and units stay apart): every view of the
 * goods (list, cards, SKUs, the shop order, the picker, a detail, the property keys' goods counts) is read again
 * after any change to goods.
 */
export const goodsKeys = {
  all: ['goods', 'goods'] as const,
  list: (q: object) => ['goods', 'goods', 'list', q] as const,
  detail: (id: string) => ['goods', 'goods', 'detail', id] as const,
  cards: (q: object) => ['goods', 'goods', 'cards', q] as const,
  skus: (q: object) => ['goods', 'goods', 'skus', q] as const,
  sort: (q: object) => ['goods', 'goods', 'sort', q] as const,
  available: (q: object) => ['goods', 'goods', 'available', q] as const,
  nextNo: ['goods', 'goods', 'nextno'] as const,
  propertyKeys: ['goods', 'goods', 'propertyKeys'] as const,
};

export const useGoodsList = (q: InputOf<typeof contract.goods.list>) =>
  useQuery({ queryKey: goodsKeys.list(q), queryFn: () => api.goods.list(q, { quiet: true }), placeholderData: keepPreviousData });

export const useGoodsDetail = (id: string | null) =>
  useQuery({
    queryKey: goodsKeys.detail(id ?? ''),
    queryFn: () => api.goods.detail({ id: id ?? '' }, { quiet: true }),
    enabled: Boolean(id),
    staleTime: 0,
  });

/** The goods as cards (/Glist). */
export const useGoodsCards = (q: InputOf<typeof contract.goodsViews.GoodsPagelist>) =>
  useQuery({
    queryKey: goodsKeys.cards(q),
    queryFn: () => api.goodsViews.GoodsPagelist(q, { quiet: true }),
    placeholderData: keepPreviousData,
  });

/** Every SKU as a row (/goodsList). */
export const useSkuList = (q: InputOf<typeof contract.goodsViews.SkuPagelist>) =>
  useQuery({
    queryKey: goodsKeys.skus(q),
    queryFn: () => api.goodsViews.SkuPagelist(q, { quiet: true }),
    placeholderData: keepPreviousData,
  });

/** The on-sale goods in the shop's order (/goodsSort). */
export const useSortList = (q: InputOf<typeof contract.goodsViews.SortPagelist>) =>
  useQuery({
    queryKey: goodsKeys.sort(q),
    queryFn: () => api.goodsViews.SortPagelist(q, { quiet: true }),
    placeholderData: keepPreviousData,
  });

/** Goods that can be sold now, for the goods picker (read while it is open). */
export const useAvailableGoods = (q: InputOf<typeof contract.goodsViews.GetAvailableGoods>, enabled: boolean) =>
  useQuery({
    queryKey: goodsKeys.available(q),
    queryFn: () => api.goodsViews.GetAvailableGoods(q, { quiet: true }),
    placeholderData: keepPreviousData,
    enabled,
  });

/** The number a new goods will likely get (a preview: the number is taken when it is saved). */
export const useNextGoodsNo = (enabled: boolean) =>
  useQuery({
    queryKey: goodsKeys.nextNo,
    queryFn: () => api.goods.getnextgoodsno({}, { quiet: true }),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });

/** Reads every goods view again (also after an import that ended in the background). */
export function useInvalidateGoods() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: goodsKeys.all });
}

/** A write to goods whose answer is followed by reading every goods view again. */
function useGoodsMutation<V, R>(mutationFn: (v: V) => Promise<R>, always = false) {
  const invalidate = useInvalidateGoods();
  return useMutation({ mutationFn, onSuccess: always ? undefined : invalidate, onSettled: always ? invalidate : undefined });
}

/** Saves a goods (发布 / 编辑); the refusal's msg (and its field errors) are the caller's to show. */
export const useSaveGoods = () => useGoodsMutation((body: InputOf<typeof contract.goods.save>) => api.goods.save(body, { silent: true }));

export const useDeleteGoods = () => useGoodsMutation((ids: string[]) => api.goods.delete({ ids }));

/** 上架 (1) / 下架 (0). */
export const useSetGoodsStatus = () => useGoodsMutation((body: { ids: string[]; status: 0 | 1 }) => api.goods.updateState(body));

export const useCopyGoods = () => useGoodsMutation((id: string) => api.goods.copy({ id }));

/** The sort value of one goods; the list is read again either way (a refused value shows the one that holds). */
export const useSetGoodsSort = () => useGoodsMutation((body: { id: string; sort: number }) => api.goods.editsort(body), true);

/** 修改类型 of many goods. */
export const useChangeGoodsType = () => useGoodsMutation((body: InputOf<typeof contract.goods.changetype>) => api.goods.changetype(body));

/** 修改物流 of many goods. */
export const useEditGoodsLogistics = () =>
  useGoodsMutation((body: InputOf<typeof contract.goods.BatchEditGoodsLogistics>) => api.goods.BatchEditGoodsLogistics(body));

export type VipFlag = 'joinvip' | 'showvipprice' | 'havevipprice';

/** 会员价设置: each flag given is set on every goods, one call per flag, in order. */
export const useSetVipFlags = () =>
  useGoodsMutation(async ({ ids, flags }: { ids: string[]; flags: { key: VipFlag; value: boolean }[] }) => {
    for (const f of flags) await api.goods[f.key]({ ids, value: f.value });
  });

/** 定时开售 (a time) or its cancellation (null). */
export const useSetStartSale = () =>
  useGoodsMutation((body: { ids: string[]; startSaleAt: string | null }) => api.goods.SetStartSale(body));

/** 改价: the price of every SKU of one goods. */
export const useEditPrice = () => useGoodsMutation((body: InputOf<typeof contract.goods.editprice>) => api.goods.editprice(body));

/** 改库存: the stock of the SKUs given (one goods or many). */
export const useEditStock = () =>
  useGoodsMutation((items: InputOf<typeof contract.goods.BatchEditGoodsStock>['items']) => api.goods.BatchEditGoodsStock({ items }));

/** 保存排序 / 置顶 / 置底: places in the shop's order. */
export const useBatchSort = () =>
  useGoodsMutation((list: InputOf<typeof contract.goodsViews.BatchSort>['list']) => api.goodsViews.BatchSort({ list }));
