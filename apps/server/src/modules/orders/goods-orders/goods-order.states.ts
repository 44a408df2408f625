import { GOODS_ORDER_STATUS as S, GOODS_ORDER_STATUS_TEXT } from '@shop/contract';
import { BizError, CODE } from '@/core/errors';
import type { Tenant } from '@/core/tenant';
import { applyMove, logOrder, type MoveBy, statusOf } from '@/modules/orders/core/moves';
import { type GoodsOrderInsert, type GoodsOrderRow, goodsOrders } from '@/modules/orders/goods-orders.tables';

/**
 * The goods order state machine (README "Goods order states"): every move the server makes is one of these, and each
 * is one conditional UPDATE `… WHERE status IN (<from>) RETURNING`, so of two concurrent moves (double clicks, a job
 * racing a buyer) exactly one happens and the other is refused with why.
 */
export const GOODS_ORDER_MOVES = {
  /** The payment arrived (onPaid). */
  pay: { from: [S.unpaid], to: S.toShip, text: '买家付款' },
  /** The buyer cancels an unpaid order. */
  buyerCancel: { from: [S.unpaid], to: S.closed, text: '买家取消订单' },
  /** Not paid in time (the auto-cancel job). */
  autoCancel: { from: [S.unpaid], to: S.closed, text: '超时未支付，自动关闭' },
  /** The merchant cancels: unpaid (payment closed) or paid and not shipped (full refund). */
  merchantCancel: { from: [S.unpaid, S.toShip], to: S.closed, text: '商家取消订单' },
  /** Everything is in a parcel (快递 / 同城). */
  ship: { from: [S.toShip], to: S.shipped, text: '商家发货' },
  /** The buyer collected a pick-up order (code verified by staff). */
  take: { from: [S.toShip], to: S.done, text: '自提核销' },
  /** 确认收货 by the buyer, the merchant (Confirmreceipt) or the auto-confirm job. */
  buyerConfirm: { from: [S.shipped], to: S.done, text: '买家确认收货' },
  merchantConfirm: { from: [S.shipped], to: S.done, text: '商家确认收货' },
  autoConfirm: { from: [S.shipped], to: S.done, text: '超时自动确认收货' },
  /** Every unit of an order not shipped was refunded by after-sales. */
  afterSaleClose: { from: [S.toShip], to: S.closed, text: '全部商品已退款，订单关闭' },
} as const satisfies Record<string, { from: readonly number[]; to: number; text: string }>;

export type GoodsOrderMove = keyof typeof GOODS_ORDER_MOVES;

const VERB: Record<GoodsOrderMove, string> = {
  pay: '支付',
  buyerCancel: '取消',
  autoCancel: '取消',
  merchantCancel: '取消',
  ship: '发货',
  take: '核销',
  buyerConfirm: '确认收货',
  merchantConfirm: '确认收货',
  autoConfirm: '确认收货',
  afterSaleClose: '关闭',
};

const STATE_WORD: Record<number, string> = {
  0: '订单未付款',
  1: '订单未发货',
  2: '订单已发货',
  3: '订单已完成',
  4: '订单已关闭',
};

/** Why a move is refused from a status, in the words the user reads ('订单已发货，不能取消'). */
export function refusalOf(move: GoodsOrderMove, status: number): string {
  if (move === 'take' && status === S.done) return '该订单已核销，请勿重复核销';
  if (move === 'merchantCancel' || move === 'buyerCancel' || move === 'autoCancel') {
    if (status === S.toShip) return '订单已付款，请联系商家取消';
    if (status === S.closed) return '订单已关闭，请勿重复操作';
  }
  return `${STATE_WORD[status] ?? `订单${GOODS_ORDER_STATUS_TEXT[status] ?? ''}`}，不能${VERB[move]}`;
}

/** Whether the table allows a move from this status. */
export const allowed = (move: GoodsOrderMove, status: number) => (GOODS_ORDER_MOVES[move].from as readonly number[]).includes(status);

/**
 * Moves an order (one conditional UPDATE) and writes its timeline row, in the caller's transaction (core/moves.ts).
 * Answers the order after the move; throws the refusal (or 订单不存在) when its status is not one the move starts from.
 * `from` narrows the table's sources (the merchant's cancel of an order read unpaid must not close one paid meanwhile).
 */
export async function moveGoodsOrder(
  tenant: Tenant,
  id: string,
  move: GoodsOrderMove,
  opts: { by: MoveBy; patch?: Partial<GoodsOrderInsert>; note?: string; from?: number[] },
): Promise<GoodsOrderRow> {
  const row = await applyMove(tenant, goodsOrders, id, GOODS_ORDER_MOVES[move], {
    ...opts,
    patch: { ...opts.patch, updatedAt: new Date() },
  });
  if (row) return row;
  const now = await statusOf(tenant, goodsOrders, id);
  if (now === undefined) throw new BizError('订单不存在', CODE.notFound);
  if (allowed(move, now)) throw new BizError('订单状态已变化，请刷新后再操作');
  throw new BizError(refusalOf(move, now));
}

/** One line of a goods order's timeline. */
export const logGoodsOrder = logOrder;
export type { MoveBy };
