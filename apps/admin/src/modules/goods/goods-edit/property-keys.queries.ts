import type { contract, InputOf } from '@contract/index';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/api/client';
import { goodsKeys } from '../goods.queries';

/** The property keys sit under the goods' keys: a saved goods changes their goods counts. */
const propertyKeyKeys = {
  all: goodsKeys.propertyKeys,
  options: [...goodsKeys.propertyKeys, 'all'] as const,
  list: (q: object) => [...goodsKeys.propertyKeys, 'list', q] as const,
};

/** Every property key of the enterprise (商品扩展属性) with its preset values, for the goods form. */
export const usePropertyKeys = () =>
  useQuery({ queryKey: propertyKeyKeys.options, queryFn: () => api.goods.GetRenterPropertyKeys({}, { quiet: true }) });

/** The keys paged on the server (管理扩展属性). */
export const usePropertyKeyList = (q: InputOf<typeof contract.goods.RenterPropertyKeyList>) =>
  useQuery({
    queryKey: propertyKeyKeys.list(q),
    queryFn: () => api.goods.RenterPropertyKeyList(q, { quiet: true }),
    placeholderData: keepPreviousData,
  });

function useInvalidatePropertyKeys() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: propertyKeyKeys.all });
}

/** Saves a key; the refusal's msg (and its field errors) are the caller's to show. */
export function useSavePropertyKey() {
  const invalidate = useInvalidatePropertyKeys();
  return useMutation({
    mutationFn: (body: InputOf<typeof contract.goods.SaveRenterPropertyKey>) => api.goods.SaveRenterPropertyKey(body, { silent: true }),
    onSuccess: invalidate,
  });
}

export function useDeletePropertyKeys() {
  const invalidate = useInvalidatePropertyKeys();
  return useMutation({ mutationFn: (ids: string[]) => api.goods.DeleteRenterPropertyKey({ ids }), onSuccess: invalidate });
}
