import { keepPreviousData, type QueryKey, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { contract, InputOf } from '@contract/index';
import { api } from '@/api/client';

/** Query keys of the shop settings screens; each save reads again what it changed. */
export const shopKeys = {
  all: ['shop'] as const,
  storeInfo: ['shop', 'storeInfo'] as const,
  homeSet: ['shop', 'homeSet'] as const,
  payMethod: ['shop', 'payMethod'] as const,
  generalSet: ['shop', 'generalSet'] as const,
  addresses: ['shop', 'returnAddresses'] as const,
  addressList: (q: object) => ['shop', 'returnAddresses', 'list', q] as const,
};

// Settings forms always start from what the server has now.
const fresh = { staleTime: 0, gcTime: 0 };

export const useStoreInfo = () =>
  useQuery({ queryKey: shopKeys.storeInfo, queryFn: () => api.shop.GetStoreInfo({}, { quiet: true }), ...fresh });
export const useHomeSet = () => useQuery({ queryKey: shopKeys.homeSet, queryFn: () => api.shop.GetHomeSet({}, { quiet: true }), ...fresh });
export const usePayMethod = () =>
  useQuery({ queryKey: shopKeys.payMethod, queryFn: () => api.shop.GetPayMethod({}, { quiet: true }), ...fresh });
export const useGeneralSet = () =>
  useQuery({ queryKey: shopKeys.generalSet, queryFn: () => api.shop.GetGeneralSet({}, { quiet: true }), ...fresh });

export const useReturnAddressList = (q: InputOf<typeof contract.shop.GetReturnAddressList>) =>
  useQuery({
    queryKey: shopKeys.addressList(q),
    queryFn: () => api.shop.GetReturnAddressList(q, { quiet: true }),
    placeholderData: keepPreviousData,
  });

export function useInvalidateAddresses() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: shopKeys.addresses });
}

/** A save that reads `keys` again once it succeeded; field refusals are the caller's to show (useSettingsForm). */
function useShopSave<T, R>(keys: QueryKey[], call: (body: T) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => Promise.all(keys.map((queryKey) => qc.invalidateQueries({ queryKey }))).then(() => undefined),
  });
}

export const useSaveStoreInfo = () =>
  useShopSave([shopKeys.storeInfo], (b: InputOf<typeof contract.shop.SaveStoreInfo>) => api.shop.SaveStoreInfo(b, { silent: true }));

export const useSaveHomeSet = () =>
  useShopSave([shopKeys.homeSet], (b: InputOf<typeof contract.shop.SaveHomeSet>) => api.shop.SaveHomeSet(b, { silent: true }));

export const useSavePayMethod = () =>
  useShopSave([shopKeys.payMethod], (b: InputOf<typeof contract.shop.SavePayMethod>) => api.shop.SavePayMethod(b, { silent: true }));

/** 通用设置; the shell shows the logo and the service phone from GetSetInfo, read again too. */
export const useSaveGeneralSet = () =>
  useShopSave([shopKeys.generalSet, ['login', 'setInfo']], (b: InputOf<typeof contract.shop.SaveGeneralSet>) =>
    api.shop.SaveGeneralSet(b, { silent: true }),
  );

/** Saves a return address; field refusals are the caller's to show. */
export const useSaveReturnAddress = () =>
  useShopSave([shopKeys.addresses], (b: InputOf<typeof contract.shop.SaveReturnAddress>) =>
    api.shop.SaveReturnAddress(b, { silent: true }),
  );

/** A change of one address (set default, delete): the list is read again even when it is refused. */
function useAddressChange(call: (id: string) => Promise<unknown>) {
  const invalidate = useInvalidateAddresses();
  return useMutation({ mutationFn: call, onSettled: () => invalidate() });
}

export const useSetDefaultReturnAddress = () => useAddressChange((id) => api.shop.SetDefaultReturnAddress({ id }));
export const useDeleteReturnAddress = () => useAddressChange((id) => api.shop.DelReturnAddress({ id }));
