import type { contract, InputOf } from '@contract/index';
import { useMutation, useQuery } from '@tanstack/react-query';
import { create } from 'zustand';
import { api } from '@/api/client';

export const billingKeys = {
  all: ['billing'] as const,
  buyInfo: (target: string) => ['billing', 'buyInfo', target] as const,
  apps: () => ['billing', 'apps'] as const,
  app: (appid: string) => ['billing', 'app', appid] as const,
};

/** Prices and the buy types offered for the product ('') or an app. */
export function useBuyInfo(target: string, enabled: boolean) {
  return useQuery({
    queryKey: billingKeys.buyInfo(target),
    queryFn: () => api.billing.GetBuyInfo({ ProductLineGUID: target }, { quiet: true }),
    enabled,
    staleTime: 0,
  });
}

export function useAppList() {
  return useQuery({ queryKey: billingKeys.apps(), queryFn: () => api.billing.GetAppList(undefined, { quiet: true }) });
}

export function useAppDetail(appid: string) {
  return useQuery({
    queryKey: billingKeys.app(appid),
    queryFn: () => api.billing.GetAppDetail({ appid }, { quiet: true }),
    enabled: Boolean(appid),
  });
}

// The purchase calls below change nothing cached: a paid purchase reloads the page (menu, version, badge).

/** 确认购买: the purchase order and its QR code. */
export const useRenterBuy = () => useMutation({ mutationFn: (b: InputOf<typeof contract.billing.RenterBuy>) => api.billing.RenterBuy(b) });

/** 我已支付: the purchase's status, asked once; the caller says what a failure means. */
export const useCheckPayOrder = () =>
  useMutation({ mutationFn: (OrderGUID: string) => api.billing.GetPayOrder({ OrderGUID }, { silent: true }) });

/** 取消购买: closes the unpaid purchase order. */
export const useCancelBuy = () => useMutation({ mutationFn: (OrderGUID: string) => api.billing.CancelBuy({ OrderGUID }) });

/** A purchase's PayStatus (1 unpaid, 2 paid, 3 closed), polled quietly while its QR code is shown. */
export const billingPayStatus = async (OrderGUID: string) =>
  (await api.billing.GetPayOrder({ OrderGUID }, { quiet: true, silent: true })).PayStatus;

interface BuyDialogState {
  /** What the open buy dialog sells: '' the enterprise's version, else an app id; null when closed. */
  target: string | null;
  open(target?: string): void;
  close(): void;
}

/** The one buy dialog of the shell, opened from the paid status dialog, the trial banner, 1010 answers and app pages. */
export const useBuyDialog = create<BuyDialogState>((set) => ({
  target: null,
  open: (target = '') => set({ target }),
  close: () => set({ target: null }),
}));
