import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useQtySaves } from './use-qty-saves';

describe('cart quantities told to the server', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('tells a run of taps as one call after the pause', async () => {
    const save = vi.fn().mockResolvedValue(true);
    const { result } = renderHook(() => useQtySaves(save));
    act(() => {
      result.current.later('a', 2);
      result.current.later('a', 3);
    });
    expect(save).not.toHaveBeenCalled();
    await act(async () => {
      vi.advanceTimersByTime(400);
    });
    expect(save).toHaveBeenCalledTimes(1);
    expect(save).toHaveBeenCalledWith('a', 3);
  });

  it('结算 right after a tap: flush tells the waiting quantity at once and answers once the server has it', async () => {
    let answer: (ok: boolean) => void = () => undefined;
    const save = vi.fn(() => new Promise<boolean>((r) => (answer = r)));
    const { result } = renderHook(() => useQtySaves(save));
    act(() => result.current.later('a', 2));
    let flushed: boolean | undefined;
    const p = result.current.flush().then((ok) => (flushed = ok));
    expect(save).toHaveBeenCalledWith('a', 2);
    await Promise.resolve();
    expect(flushed).toBeUndefined();
    answer(true);
    await p;
    expect(flushed).toBe(true);
    // Nothing is sent again when the pause would have ended.
    await act(async () => {
      vi.advanceTimersByTime(400);
    });
    expect(save).toHaveBeenCalledTimes(1);
  });

  it('answers false when a quantity was refused, so 结算 stays on the cart', async () => {
    const save = vi.fn().mockResolvedValue(false);
    const { result } = renderHook(() => useQtySaves(save));
    act(() => result.current.later('a', 99));
    expect(await result.current.flush()).toBe(false);
  });
});
