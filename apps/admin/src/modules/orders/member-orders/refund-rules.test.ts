import { describe, expect, it } from 'vitest';
import { memberOrderActions, refundAmountError } from './refund-rules';

describe('refund amount', () => {
  it('needs a yuan figure within what is left of the payment', () => {
    expect(refundAmountError('', 10)).toBe('请输入退款金额');
    expect(refundAmountError('abc', 10)).toBe('退款金额须为金额数字，如 12.50');
    expect(refundAmountError('1.234', 10)).toBe('退款金额最多保留两位小数');
    expect(refundAmountError('0', 10)).toBe('退款金额必须大于0');
    expect(refundAmountError('10.01', 10)).toBe('退款金额不能超过可退金额 10.00 元');
    expect(refundAmountError('10', 10)).toBeNull();
    expect(refundAmountError('0.01', 10)).toBeNull();
  });
});

describe('what staff may do with a member order', () => {
  const o = (status: number, over: Partial<{ payTime: string; refundable: number; refunded: number; amount: number }> = {}) => ({
    status,
    payTime: status === 0 ? '' : '2026-01-01 10:00:00',
    refundable: status === 1 ? 99 : 0,
    refunded: 0,
    amount: 99,
    ...over,
  });
  it('level orders: cancel while unpaid, refund once paid', () => {
    expect(memberOrderActions(1, o(0))).toEqual({ cancel: true, retryRefund: false, refund: false });
    expect(memberOrderActions(1, o(1))).toEqual({ cancel: false, retryRefund: false, refund: true });
    expect(memberOrderActions(1, o(3))).toEqual({ cancel: false, retryRefund: false, refund: false });
  });
  it('card orders: cancel unpaid or paid; a cancelled paid one still owed its refund may retry', () => {
    expect(memberOrderActions(2, o(1))).toMatchObject({ cancel: true, refund: false });
    expect(memberOrderActions(2, o(2))).toMatchObject({ cancel: false, retryRefund: true });
    expect(memberOrderActions(2, o(2, { payTime: '' }))).toMatchObject({ retryRefund: false });
    expect(memberOrderActions(2, o(3, { refunded: 99 }))).toMatchObject({ cancel: false, retryRefund: false });
  });
});
