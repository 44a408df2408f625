import { afterEach, describe, expect, it, vi } from 'vitest';
import { memoized } from './memo';

afterEach(() => vi.useRealTimers());

describe('memoized', () => {
  it('computes once for callers at the same time, and again after the time to keep', async () => {
    vi.useFakeTimers();
    const memo = memoized<number>({ ttlMs: 30_000 });
    let runs = 0;
    const compute = async () => ++runs;
    expect(await Promise.all([memo('a', compute), memo('a', compute), memo('a', compute)])).toEqual([1, 1, 1]);
    expect(await memo('b', compute)).toBe(2);
    vi.advanceTimersByTime(29_000);
    expect(await memo('a', compute)).toBe(1);
    vi.advanceTimersByTime(2_000);
    expect(await memo('a', compute)).toBe(3);
  });

  it('does not keep a failure: the next caller tries again', async () => {
    const memo = memoized<number>({ ttlMs: 30_000 });
    await expect(memo('a', async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await memo('a', async () => 7)).toBe(7);
  });

  it('keeps at most max keys, dropping the oldest', async () => {
    const memo = memoized<number>({ ttlMs: 30_000, max: 2 });
    let runs = 0;
    const compute = async () => ++runs;
    await memo('a', compute);
    await memo('b', compute);
    await memo('c', compute);
    expect(await memo('b', compute)).toBe(2);
    expect(await memo('a', compute)).toBe(4);
  });
});
