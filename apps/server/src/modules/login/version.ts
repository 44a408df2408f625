import type { VersionInfo } from '@shop/contract';
import { serviceEnded } from '@/core/auth';
import { daysLeft, fmtTime } from '@/core/time';
import type { ProductRow, RenterRow } from './login.repository';

/** A buyout never runs out; its days-left reads as this. */
export const BUYOUT_DAYS = 9999;

/** Version info of an enterprise from its real trial or paid state (spec 000 §3). */
export function versionOf(r: RenterRow, p: ProductRow | undefined, now = new Date()): VersionInfo {
  const buyout = r.mdornf === 1;
  return {
    issy: r.isTrial ? 1 : 0,
    timeend: buyout ? BUYOUT_DAYS : daysLeft(r.serviceEndAt, now),
    mdornf: r.mdornf,
    serviceendtime: buyout ? '' : fmtTime(r.serviceEndAt),
    shopname: r.name,
    productName: p?.name ?? '',
    usagemd: !buyout && (p?.canBuyout ?? true),
    usagenf: !buyout && (p?.canAnnual ?? true),
  };
}

export function isExpired(r: RenterRow, now = new Date()): boolean {
  return serviceEnded(r.mdornf, r.serviceEndAt, now);
}
