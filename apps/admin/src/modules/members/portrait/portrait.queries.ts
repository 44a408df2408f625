import { useQuery } from '@tanstack/react-query';
import { api } from '@/api/client';

/** Query keys of the portrait figures: under ['members', 'portrait'], one per figure and its parameters. */
const key = (name: string, body?: object) => ['members', 'portrait', name, body ?? {}] as const;

// Figures move with every registration: a minute of staleness is fine for an overview.
const STALE = 60_000;
const useFigure = <T>(name: string, fn: () => Promise<T>) => useQuery({ queryKey: key(name), queryFn: fn, staleTime: STALE });

export const useSumCount = () => useFigure('GetSumCount', () => api.memberPortrait.GetSumCount({}));
export const useMebCount = (days: number) =>
  useQuery({
    queryKey: key('GetMebCount', { days }),
    queryFn: () => api.memberPortrait.GetMebCount({ days }),
    staleTime: STALE,
    placeholderData: (prev) => prev,
  });
export const useSurvey = () => useFigure('GetMebSurvey', () => api.memberPortrait.GetMebSurvey({}));
export const useMarketCount = () => useFigure('GetMarketCount', () => api.memberPortrait.GetMarketCount({}));
export const useRedMebDefault = () => useFigure('GetRedMebDefault', () => api.memberPortrait.GetRedMebDefault({}));
export const useRedMeb = (days: number | undefined) =>
  useQuery({
    queryKey: key('GetRedMeb', { days }),
    queryFn: () => api.memberPortrait.GetRedMeb({ days: days ?? 90 }),
    staleTime: STALE,
    enabled: days !== undefined,
    placeholderData: (prev) => prev,
  });

export const PORTRAIT_CALLS = ['GetMebSex', 'GetMebBirYear', 'GetMebBirMonth', 'GetMebLv', 'GetMebCard', 'GetMebTag'] as const;
export type PortraitCall = (typeof PORTRAIT_CALLS)[number];
export const useDistribution = (name: PortraitCall) => useFigure(name, () => api.memberPortrait[name]({}));
