import {
  DELIVERY_METHOD_NAMES,
  DELIVERY_METHOD_NONE_MSG,
  DELIVERY_METHODS,
  type DeliveryMethod,
  type expressStateBody,
  fenToYuan,
  type localSetBody,
} from '@shop/contract';
import type { z } from 'zod';
import { audit } from '@/core/audit';
import { type Ctx, inTx, renterOf } from '@/core/context';
import { fieldError } from '@/core/errors';
import { type Tenant, tenantOf } from '@/core/tenant';
import { shopById } from '@/modules/shop';
import { DEFAULT_SETTINGS, settingsRepo } from './delivery.repository';

type StateInput = z.output<typeof expressStateBody>;
type LocalInput = z.output<typeof localSetBody>;

/** What a shop offers: the methods that are on and 同城配送's terms (fen). For the order core and the H5 shop. */
export interface DeliveryMethods {
  express: boolean;
  pickup: boolean;
  local: boolean;
  localRadiusM: number;
  localMinFen: number;
  localFeeFen: number;
  localFreeFen: number;
}

/** The shop's delivery methods (defaults when it never saved any: 快递发货 only). */
export async function deliveryMethodsOf(tenant: Tenant, shopId: string): Promise<DeliveryMethods> {
  const r = (await settingsRepo.of(tenant, shopId)) ?? DEFAULT_SETTINGS;
  return {
    express: r.express === 1,
    pickup: r.pickup === 1,
    local: r.local === 1,
    localRadiusM: r.localRadiusM,
    localMinFen: r.localMinFen,
    localFeeFen: r.localFeeFen,
    localFreeFen: r.localFreeFen,
  };
}

/** GetExpressData: the session's shop. */
export async function getSettings(ctx: Ctx) {
  const { shopId } = renterOf(ctx);
  const [r, shop] = await Promise.all([settingsRepo.of(tenantOf(ctx), shopId), shopById(tenantOf(ctx), shopId)]);
  const s = r ?? DEFAULT_SETTINGS;
  return {
    shopId,
    express: s.express,
    pickup: s.pickup,
    local: s.local,
    radiusKm: s.localRadiusM / 1000,
    minAmount: fenToYuan(s.localMinFen),
    fee: fenToYuan(s.localFeeFen),
    freeFrom: fenToYuan(s.localFreeFen),
    shopLocated: shop?.lng != null && shop?.lat != null,
  };
}

const pick = (r: { express: number; pickup: number; local: number }) => ({ express: r.express, pickup: r.pickup, local: r.local });

/** EditExpressState: one method on or off; the last one on cannot be turned off. */
export async function setMethod(ctx: Ctx, input: StateInput) {
  const { shopId } = renterOf(ctx);
  await inTx(ctx, async (tx) => {
    await settingsRepo.ensure(tenantOf(tx), shopId);
    const before = await settingsRepo.of(tenantOf(tx), shopId, true);
    if (!before) throw new Error('delivery settings row missing after ensure');
    const after = { ...pick(before), [input.method]: input.state };
    if (DELIVERY_METHODS.every((m: DeliveryMethod) => after[m] === 0)) throw fieldError('state', DELIVERY_METHOD_NONE_MSG);
    await settingsRepo.update(tenantOf(tx), shopId, { [input.method]: input.state, updatedBy: renterOf(tx).userId });
    await audit(tx, {
      module: 'delivery',
      action: `${input.state === 1 ? '开启' : '关闭'}${DELIVERY_METHOD_NAMES[input.method]}`,
      recordId: shopId,
      before: pick(before),
      after,
    });
  });
}

/** SaveLocalSet: 同城配送's radius (km, one decimal, stored in metres), 起送价, fee and free-from amount. */
export async function saveLocal(ctx: Ctx, input: LocalInput) {
  const { shopId, userId } = renterOf(ctx);
  const values = {
    localRadiusM: Math.round(input.radiusKm * 1000),
    localMinFen: input.minAmount,
    localFeeFen: input.fee,
    localFreeFen: input.freeFrom,
  };
  await inTx(ctx, async (tx) => {
    await settingsRepo.ensure(tenantOf(tx), shopId);
    const before = await settingsRepo.of(tenantOf(tx), shopId, true);
    await settingsRepo.update(tenantOf(tx), shopId, { ...values, updatedBy: userId });
    await audit(tx, {
      module: 'delivery',
      action: '保存同城配送设置',
      recordId: shopId,
      before: before && {
        localRadiusM: before.localRadiusM,
        localMinFen: before.localMinFen,
        localFeeFen: before.localFeeFen,
        localFreeFen: before.localFreeFen,
      },
      after: values,
    });
  });
}

/** GetExpressTypes. */
export const expressTypes = () => DELIVERY_METHODS.map((code) => ({ code, name: DELIVERY_METHOD_NAMES[code] }));
