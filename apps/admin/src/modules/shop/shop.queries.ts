import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { contract, InputOf } from '@contract/index';
import { api } from '@/api/client';

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
