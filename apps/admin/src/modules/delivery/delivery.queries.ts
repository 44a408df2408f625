import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { contract, InputOf } from '@contract/index';
import { api } from '@/api/client';

export const deliveryKeys = {
  all: ['delivery'] as const,
  settings: ['delivery', 'settings'] as const,
  picks: ['delivery', 'picks'] as const,
  pick: (id: string) => ['delivery', 'pick', id] as const,
  templates: ['delivery', 'templates'] as const,
  buys: ['delivery', 'buys'] as const,
  packages: ['delivery', 'packages'] as const,
};

export const useDeliverySettings = () =>
  useQuery({ queryKey: deliveryKeys.settings, queryFn: () => api.delivery.GetExpressData({}, { quiet: true }), staleTime: 0 });

/** The 到店自提 tab's list, read afresh each time the page opens (a point was just added or edited on /EditPickUp). */
export const usePickList = (q: InputOf<typeof contract.delivery.PickList>) =>
  useQuery({
    queryKey: [...deliveryKeys.picks, q],
    queryFn: () => api.delivery.PickList(q, { quiet: true }),
    placeholderData: keepPreviousData,
    gcTime: 0,
  });

export const usePick = (id: string) =>
  useQuery({
    queryKey: deliveryKeys.pick(id),
    queryFn: () => api.delivery.GetPick({ id }, { quiet: true }),
    enabled: Boolean(id),
    staleTime: 0,
    gcTime: 0,
  });

export const useTemplateList = (q: InputOf<typeof contract.delivery.LogisticsPage>) =>
  useQuery({
    queryKey: [...deliveryKeys.templates, q],
    queryFn: () => api.delivery.LogisticsPage(q, { quiet: true }),
    placeholderData: keepPreviousData,
  });

/** Enabled templates for the goods edit select. */
export const useTemplateOptions = (enabled = true) =>
  useQuery({
    queryKey: [...deliveryKeys.templates, 'options'],
    queryFn: () => api.delivery.LogisticsOptions({}, { quiet: true }),
    enabled,
  });

export const useBuyList = (q: InputOf<typeof contract.delivery.BuyPage>) =>
  useQuery({
    queryKey: [...deliveryKeys.buys, q],
    queryFn: () => api.delivery.BuyPage(q, { quiet: true }),
    placeholderData: keepPreviousData,
  });

export const usePackages = () =>
  useQuery({ queryKey: deliveryKeys.packages, queryFn: () => api.delivery.PackageList({}, { quiet: true }) });

export function useInvalidate(key: readonly string[]) {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: key });
}
