import type { Ctx } from '@/core/context';
import type { Tenant } from '@/core/tenant';

/** A pick-up point a checkout may name: enabled, of the renter. */
export interface PickupPoint {
  id: string;
  name: string;
}

/**
 * What the customer-side calls ask of other modules (orders may import neither members, which imports orders, nor
 * delivery, which is not on this branch yet): set by workflows/index.ts (`setH5Ports`).
 * - memberPhone: the member's phone, snapshotted on the order (members `memberPhoneOf`).
 * - pickupPoint: delivery's `pickupPointOf`; until it is wired no pick-up point is known, so a named one is refused
 *   ('自提点不存在') and a 自提 order without one is collected at the shop.
 */
export interface H5Ports {
  memberPhone: (ctx: Ctx, renterId: string, memberId: string) => Promise<string>;
  pickupPoint: (tenant: Tenant, id: string) => Promise<PickupPoint | undefined>;
}

export const h5Ports: H5Ports = {
  memberPhone: async () => '',
  pickupPoint: async () => undefined,
};

export function setH5Ports(p: Partial<H5Ports>): void {
  Object.assign(h5Ports, p);
}
