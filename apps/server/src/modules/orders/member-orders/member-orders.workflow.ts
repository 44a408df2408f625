import { nextOrderNo } from '@/core/order-no';
import type { Tenant } from '@/core/tenant';
import { type MemberOrderInsert, type MemberOrderRow, type MemberOrderSet, memberOrderRepo as repo } from './member-orders.repository';

/**
 * What the workflows (buy, pay, cancel, refund, expire a level or card order) ask of the member orders. The module's
 * public face (index.ts) exports these, never the repository (test/borders.test.ts, rule b).
 */

/** A new order number: LV (level) or VO (card) + the day + the renter's day sequence. */
export function newMemberOrderNo(tenant: Tenant, kind: number, now = new Date()): Promise<string> {
  return nextOrderNo(tenant, { prefix: kind === 1 ? 'LV' : 'VO', counter: 'member_order', now });
}

export const insertMemberOrder = (tenant: Tenant, v: MemberOrderInsert, text: string): Promise<MemberOrderRow> =>
  repo.insert(tenant, v, text);

/** The order, locked until the transaction ends (undefined when missing or another renter's). */
export const lockMemberOrder = (tenant: Tenant, id: string): Promise<MemberOrderRow | undefined> => repo.byId(tenant, id, true);

/** Moves the order only from one of `from` (one conditional UPDATE, a timeline line with it). */
export const moveMemberOrder = (tenant: Tenant, id: string, from: number[], v: MemberOrderSet, text?: string): Promise<boolean> =>
  repo.move(tenant, id, from, v, text);

/** A refund went through: refunded raised, 已退款 when it reaches the amount. */
export const addMemberOrderRefund = (tenant: Tenant, id: string, fenBack: number, text: string) =>
  repo.addRefunded(tenant, id, fenBack, text);

export const addMemberOrderStep = (tenant: Tenant, id: string, text: string, v: MemberOrderSet = {}) => repo.addStep(tenant, id, text, v);

export type { MemberOrderRow };
