import { nextOrderNo } from '@/core/order-no';
import { MEMBER_ORDER_STATUS } from '@shop/contract';
import type { Tenant } from '@/core/tenant';
import { logOrder, type MoveBy, patchOrder } from '@/modules/orders/core/moves';
import { memberOrders } from './member-orders.tables';
import { type MemberOrderInsert, type MemberOrderRow, type MemberOrderSet, memberOrderRepo as repo } from './member-orders.repository';

/**
 * What the level and card order flows (member-order.flow.ts: buy, pay, cancel, refund, expire) ask of their table.
 * The repository stays inside (test/borders.test.ts, rule b).
 */

/** A new order number: LV (level) or VO (card) + the day + the renter's day sequence. */
export function newMemberOrderNo(tenant: Tenant, kind: number, now = new Date()): Promise<string> {
  return nextOrderNo(tenant, { prefix: kind === 1 ? 'LV' : 'VO', counter: 'member_order', now });
}

export const insertMemberOrder = (tenant: Tenant, v: MemberOrderInsert, text: string, by: MoveBy): Promise<MemberOrderRow> =>
  repo.insert(tenant, v, text, by);

/** The order, locked until the transaction ends (undefined when missing or another renter's). */
export const lockMemberOrder = (tenant: Tenant, id: string): Promise<MemberOrderRow | undefined> => repo.byId(tenant, id, true);

/** Changes an unpaid order without moving it (its pay order, its link); false when it is no longer unpaid. */
export const patchUnpaidMemberOrder = (tenant: Tenant, id: string, v: MemberOrderSet): Promise<boolean> =>
  patchOrder(tenant, memberOrders, id, [MEMBER_ORDER_STATUS.unpaid], v);

/** A refund went through: refunded raised, 已退款 when it reaches the amount. */
export const addMemberOrderRefund = (tenant: Tenant, id: string, fenBack: number, text: string, by: MoveBy) =>
  repo.addRefunded(tenant, id, fenBack, text, by);

/** A timeline line that moves nothing (what a payment granted, a refund asked for, a card taken back). */
export const addMemberOrderStep = (tenant: Tenant, id: string, text: string, by: MoveBy) => logOrder(tenant, id, { action: text, by });

export { MEMBER_ORDER_MOVES, type MemberOrderMove, moveMemberOrder } from './member-order.states';
export type { MemberOrderRow };
