import { describe, expect, it } from 'vitest';
import { pointsPrice, windowText } from './points-format';

describe('pointsPrice', () => {
  it('shows points alone, or points plus cash in yuan with two decimals', () => {
    expect(pointsPrice(100, 0)).toBe('100积分');
    expect(pointsPrice(100, 9.9)).toBe('100积分+9.90元');
    expect(pointsPrice(1, 0.05)).toBe('1积分+0.05元');
  });
});

describe('windowText', () => {
  it('says 不限 for an open window or an open end', () => {
    expect(windowText('', '')).toBe('不限');
    expect(windowText('2030-01-01 00:00:00', '')).toBe('2030-01-01 00:00:00 至 不限');
    expect(windowText('', '2030-01-01 00:00:00')).toBe('不限 至 2030-01-01 00:00:00');
  });
});
