import type { contract, InputOf } from '@contract/index';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/api/client';
import type { ClientFilterBody } from './customer-filter';

export const customerKeys = {
  all: ['members', 'customers'] as const,
  options: ['members', 'customers', 'options'] as const,
  list: (q: object) => ['members', 'customers', 'list', q] as const,
  sums: (q: object) => ['members', 'customers', 'sums', q] as const,
};

export const useFindOptions = () =>
  useQuery({ queryKey: customerKeys.options, queryFn: () => api.clientQuery.LookUserInFind({}, { quiet: true }), staleTime: 60_000 });

export const useCustomerList = (q: InputOf<typeof contract.clientQuery.GetUserInfoList>) =>
  useQuery({
    queryKey: customerKeys.list(q),
    queryFn: () => api.clientQuery.GetUserInfoList(q, { quiet: true }),
    placeholderData: keepPreviousData,
  });

/** The sums line, asked beside the list: a slow sum never holds the page back. */
export const useCustomerSums = (f: ClientFilterBody) =>
  useQuery({ queryKey: customerKeys.sums(f), queryFn: () => api.clientQuery.GetFindTotalAdJust(f, { quiet: true }) });

export function useInvalidateCustomers() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: customerKeys.all });
}
