import { describe, expect, it } from 'vitest';
import { toAmount, toDigits } from './number-input';

describe('toAmount', () => {
  it('keeps at most two decimals', () => {
    expect(toAmount('12.345')).toBe('12.34');
  });

  it('drops letters and every dot after the first', () => {
    expect(toAmount('a1.2.3')).toBe('1.23');
  });

  it('puts a zero before a leading dot', () => {
    expect(toAmount('.5')).toBe('0.5');
  });

  it('leaves a trailing dot so decimals can follow', () => {
    expect(toAmount('12.')).toBe('12.');
  });

  it('drops leading zeros of the whole part but keeps a single zero', () => {
    expect(toAmount('007')).toBe('7');
    expect(toAmount('00.5')).toBe('0.5');
    expect(toAmount('0')).toBe('0');
  });

  it('refuses a minus sign and empties text with no digits', () => {
    expect(toAmount('-3')).toBe('3');
    expect(toAmount('abc')).toBe('');
  });
});

describe('toDigits', () => {
  it('keeps digits only', () => {
    expect(toDigits('a1.2-3 4')).toBe('1234');
    expect(toDigits('')).toBe('');
  });
});
