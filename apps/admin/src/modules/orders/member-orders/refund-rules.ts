import { parseYuan, yuanToFen } from '@contract/core/money';

/**
 * The refund amount typed on /LvOrderDetail, checked before it is sent (the server checks again): a yuan figure with at
 * most 2 decimals, more than 0, and not more than what is left of the payment. Answers the message, or null.
 */
export function refundAmountError(text: string, refundable: number): string | null {
  if (!text.trim()) return '请输入退款金额';
  const r = parseYuan(text.trim());
  if (!r.ok) return r.reason === 'decimals' ? '退款金额最多保留两位小数' : '退款金额须为金额数字，如 12.50';
  if (r.fen <= 0) return '退款金额必须大于0';
  if (r.fen > yuanToFen(refundable)) return `退款金额不能超过可退金额 ${refundable.toFixed(2)} 元`;
  return null;
}

/** What a member order's detail lets staff do, by its state and refunded amount. */
export function memberOrderActions(
  kind: 1 | 2,
  o: { status: number; payTime: string; refundable: number; refunded: number; amount: number },
) {
  const paid = Boolean(o.payTime);
  return {
    cancel: o.status === 0 || (kind === 2 && o.status === 1),
    /** A paid card order cancelled whose refund has not gone through: cancelling again retries it. */
    retryRefund: kind === 2 && o.status === 2 && paid && o.refunded < o.amount,
    refund: kind === 1 && o.status === 1 && o.refundable > 0,
  };
}
