import { describe, expect, it } from 'vitest';
import { clampPage, pageCountOf } from './clamp-page';

describe('clampPage', () => {
  it('keeps a page inside 1..pageCount', () => {
    expect(clampPage(1, 3)).toEqual({ page: 1, outOfRange: false });
    expect(clampPage(3, 3)).toEqual({ page: 3, outOfRange: false });
  });

  it('sends a page past the end to the last page', () => {
    expect(clampPage(999, 3)).toEqual({ page: 3, outOfRange: true });
  });

  it('sends zero or a negative page to the first page', () => {
    expect(clampPage(0, 3)).toEqual({ page: 1, outOfRange: true });
    expect(clampPage(-4, 3)).toEqual({ page: 1, outOfRange: true });
  });

  it('treats a list with no pages as having one', () => {
    expect(clampPage(2, 0)).toEqual({ page: 1, outOfRange: true });
  });

  it('rejects what is not a number', () => {
    expect(clampPage(Number.NaN, 3)).toEqual({ page: 1, outOfRange: true });
  });
});

describe('pageCountOf', () => {
  it('rounds a partial last page up and gives an empty list one page', () => {
    expect(pageCountOf(21, 10)).toBe(3);
    expect(pageCountOf(20, 10)).toBe(2);
    expect(pageCountOf(0, 10)).toBe(1);
  });
});
