import { FORM_ORDER_STATUS as S } from '@shop/contract';
import type { Tenant } from '@/core/tenant';
import { applyMove, logOrder, type MoveBy, type MoveDef, patchOrder } from './core/moves';
import type { FormOrderRow } from './form-orders.repository';
import { formOrders } from './form-orders.tables';

/**
 * The form order state machine (README "Form order states"), declared like every kind's (core/moves.ts): each move one
 * conditional UPDATE from its sources plus its timeline row.
 */
export const FORM_ORDER_MOVES = {
  /** Paid, and the form asks for verification at the shop (the code is set with it). */
  pay: { from: [S.unpaid], to: S.paid, text: '买家付款' },
  /** Paid, and no verification needed. */
  payDone: { from: [S.unpaid], to: S.done, text: '买家付款' },
  /** Verified (by code at 核销, or 核销 on the detail page). */
  verify: { from: [S.paid], to: S.done, text: '核销' },
  /** The merchant cancels with a reason: unpaid (payment closed first) or paid (full refund requested with it). */
  cancel: { from: [S.unpaid, S.paid], to: S.cancelled, text: '商家取消订单' },
  /** Not paid in time (the expiry job). */
  expire: { from: [S.unpaid], to: S.cancelled, text: '超时未支付，自动取消' },
  /** The refund of a paid order cancelled went through. */
  refunded: { from: [S.cancelled], to: S.refunded, text: '退款成功' },
} as const satisfies Record<string, MoveDef>;

export type FormOrderMove = keyof typeof FORM_ORDER_MOVES;

/**
 * Moves a form order (from one of the move's sources, narrowed by `from`); answers the order after, or undefined when
 * it had moved on (the caller words the refusal).
 */
export function moveFormOrder(
  tenant: Tenant,
  id: string,
  move: FormOrderMove,
  opts: { by: MoveBy; patch?: Partial<typeof formOrders.$inferInsert>; note?: string; from?: number[]; action?: string },
): Promise<FormOrderRow | undefined> {
  return applyMove(tenant, formOrders, id, FORM_ORDER_MOVES[move], opts);
}

/** Changes an unpaid order without moving it (its pay order); false when it is no longer unpaid. */
export const patchUnpaidFormOrder = (tenant: Tenant, id: string, v: Partial<typeof formOrders.$inferInsert>): Promise<boolean> =>
  patchOrder(tenant, formOrders, id, [S.unpaid], v);

/** The order's first timeline line (the customer submitted it). */
export const logFormOrderPlaced = (tenant: Tenant, id: string, by: MoveBy) =>
  logOrder(tenant, id, { toStatus: S.unpaid, action: '提交订单', by });
