import { NO_RIGHTS } from '@contract/index';
import { describe, expect, it } from 'vitest';
import { discountText, rightsLines, rightsText } from './member-rights';

describe('member rights as text', () => {
  it('writes discounts in 折 and hides no discount', () => {
    expect(discountText(950)).toBe('9.5折');
    expect(discountText(800)).toBe('8折');
    expect(discountText(1000)).toBe('');
  });

  it('lists the rights as short lines, nothing for no rights', () => {
    expect(rightsLines({ discount: 950, pointsTimes: 15, freeShipping: true, birthdayPoints: 100 })).toEqual([
      '9.5折',
      '积分1.5倍',
      '包邮',
      '生日送100积分',
    ]);
    expect(rightsLines(NO_RIGHTS)).toEqual([]);
  });

  it('reads the rights on one line as a merchant writes them', () => {
    expect(rightsText(NO_RIGHTS)).toBe('无');
    expect(rightsText({ discount: 950, pointsTimes: 15, freeShipping: true, birthdayPoints: 100 })).toBe(
      '9.5折 · 积分1.5倍 · 包邮 · 生日送100积分',
    );
  });
});
