import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { contract, InputOf } from '@contract/index';
import { api } from '@/api/client';

/** Query keys of the delivery screens; each change below reads again the part it changed. */
export const deliveryKeys = {
  all: ['delivery'] as const,
  settings: ['delivery', 'settings'] as const,
  picks: ['delivery', 'picks'] as const,
  pick: (id: string) => ['delivery', 'pick', id] as const,
  templates: ['delivery', 'templates'] as const,
  buys: ['delivery', 'buys'] as const,
  packages: ['delivery', 'packages'] as const,
  pickStaff: ['delivery', 'pickStaff'] as const,
  takes: (q: object) => ['verify', 'takes', q] as const,
  verifyStaff: (keyword: string) => ['verify', 'staff', keyword] as const,
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

/** The staff a pick-up point may name as its verifiers. */
export const usePickStaffOptions = () =>
  useQuery({
    queryKey: deliveryKeys.pickStaff,
    queryFn: async () =>
      (await api.delivery.PickStaffOptions({}, { quiet: true })).map((r) => ({ value: r.id, label: `${r.name}（${r.phone}）` })),
  });

/** 核销记录: pick-up and form-order verifications in one list. */
export const useTakeRecords = (q: InputOf<typeof contract.verify.List>) =>
  useQuery({ queryKey: deliveryKeys.takes(q), queryFn: () => api.verify.List(q, { quiet: true }), placeholderData: keepPreviousData });

/** The staff who have verified, matching a keyword (the 核销人 filter). */
export const useVerifyStaff = (keyword: string) =>
  useQuery({
    queryKey: deliveryKeys.verifyStaff(keyword),
    queryFn: () => api.verify.StaffOptions({ keyword }, { quiet: true }),
    placeholderData: keepPreviousData,
  });

export function useInvalidate(key: readonly string[]) {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: key });
}

/** A change that reads `key` again once it succeeded (`always`: also when it was refused, the row may have moved on). */
function useDeliveryChange<T, R>(key: readonly string[], call: (body: T) => Promise<R>, always = false) {
  const invalidate = useInvalidate(key);
  return useMutation({
    mutationFn: call,
    onSuccess: always ? undefined : () => invalidate(),
    onSettled: always ? () => invalidate() : undefined,
  });
}

/** 快递发货 / 到店自提 / 同城配送 on or off. */
export const useSetMethodState = () =>
  useDeliveryChange(
    deliveryKeys.settings,
    (b: InputOf<typeof contract.delivery.EditExpressState>) => api.delivery.EditExpressState(b),
    true,
  );

/** 同城配送's terms; field refusals are the caller's to show. */
export const useSaveLocalSet = () =>
  useDeliveryChange(deliveryKeys.settings, (b: InputOf<typeof contract.delivery.SaveLocalSet>) =>
    api.delivery.SaveLocalSet(b, { silent: true }),
  );

/** Saves a pick-up point; field refusals are the caller's to show. */
export const useSavePick = () =>
  useDeliveryChange(deliveryKeys.all, (b: InputOf<typeof contract.delivery.SavePick>) => api.delivery.SavePick(b, { silent: true }));

export const useSetPickState = () =>
  useDeliveryChange(deliveryKeys.picks, (b: InputOf<typeof contract.delivery.EditPickState>) => api.delivery.EditPickState(b), true);

export const useDeletePick = () => useDeliveryChange(deliveryKeys.picks, (id: string) => api.delivery.DelPick({ id }), true);

/** Saves a freight template; field refusals are the caller's to show. */
export const useSaveTemplate = () =>
  useDeliveryChange(deliveryKeys.templates, (b: InputOf<typeof contract.delivery.SaveLogistics>) =>
    api.delivery.SaveLogistics(b, { silent: true }),
  );

export const useSetTemplateState = () =>
  useDeliveryChange(
    deliveryKeys.templates,
    (b: InputOf<typeof contract.delivery.EditlogisticsState>) => api.delivery.EditlogisticsState(b),
    true,
  );

export const useDeleteTemplate = () => useDeliveryChange(deliveryKeys.templates, (id: string) => api.delivery.DelLogistics({ id }), true);

/** Reads the waybill purchases and the quota again (a purchase was made, paid, closed). */
export function useInvalidateBuys() {
  const qc = useQueryClient();
  return () =>
    Promise.all([qc.invalidateQueries({ queryKey: deliveryKeys.buys }), qc.invalidateQueries({ queryKey: deliveryKeys.packages })]);
}

/** 立即购买 of a waybill package: the unpaid purchase and its QR code. */
export function useChargePackage() {
  const invalidate = useInvalidateBuys();
  return useMutation({ mutationFn: (packageId: string) => api.delivery.Charge({ packageId }), onSuccess: () => invalidate() });
}

/** 去支付 of an unpaid purchase: its QR code again (a refusal means it moved on: the list is read again). */
export function useResumeBuy() {
  const invalidate = useInvalidateBuys();
  return useMutation({ mutationFn: (id: string) => api.delivery.GetQrCode({ id }), onError: () => invalidate() });
}

/** 关闭 of an unpaid purchase. */
export function useCloseBuy() {
  const invalidate = useInvalidateBuys();
  return useMutation({ mutationFn: (id: string) => api.delivery.DelBuyCode({ id }), onSettled: () => invalidate() });
}

/** A purchase's payment status, polled while its QR code is shown. */
export const buyStatusOf = async (id: string) => (await api.delivery.ChargeResult({ id }, { quiet: true, silent: true })).status;

/** What a typed or scanned code opens (reads, changes nothing); the refusal is the caller's to show. */
export const useCheckVerifyCode = () =>
  useMutation({ mutationFn: (code: string) => api.verify.Check({ code }, { silent: true, quiet: true }) });

/** 确认核销 of one order a code opened (the verification records and the orders are read again); the refusal is the
 *  caller's to show. */
export function useTakeVerifyCode() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (b: InputOf<typeof contract.verify.Take>) => api.verify.Take(b, { silent: true }),
    onSuccess: () =>
      Promise.all([qc.invalidateQueries({ queryKey: ['verify'] }), qc.invalidateQueries({ queryKey: ['orders'] })]).then(() => undefined),
  });
}
