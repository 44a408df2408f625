import { MEMBER_ORDER_STATUS as S } from '@shop/contract';
import type { Tenant } from '@/core/tenant';
import { applyMove, type MoveBy, type MoveDef } from '@/modules/orders/core/moves';
import type { MemberOrderRow, MemberOrderSet } from './member-orders.repository';
import { memberOrders } from './member-orders.tables';

/**
 * The level / rights-card order state machine (README "Member orders"), declared like every kind's (core/moves.ts).
 * 已退款 is reached by the refund that brings refunded up to the amount (`addMemberOrderRefund`, one conditional UPDATE
 * on the money with its timeline row), from 已完成 or from a paid card order's 已取消.
 */
export const MEMBER_ORDER_MOVES = {
  /** The payment arrived: what was bought is granted in the same transaction. */
  pay: { from: [S.unpaid], to: S.done, text: '支付成功' },
  /** An unpaid order cancelled by the merchant or by its timer (its payment closed first). */
  cancel: { from: [S.unpaid], to: S.cancelled, text: '取消订单' },
  /** A paid card order cancelled: the card taken back and what is left of the payment refunded, together. */
  cancelPaid: { from: [S.done], to: S.cancelled, text: '取消订单' },
} as const satisfies Record<string, MoveDef>;

export type MemberOrderMove = keyof typeof MEMBER_ORDER_MOVES;

/** Moves a level or card order; answers the order after, or undefined when it had moved on. */
export function moveMemberOrder(
  tenant: Tenant,
  id: string,
  move: MemberOrderMove,
  opts: { by: MoveBy; patch?: MemberOrderSet; action?: string; note?: string },
): Promise<MemberOrderRow | undefined> {
  return applyMove(tenant, memberOrders, id, MEMBER_ORDER_MOVES[move], opts);
}
