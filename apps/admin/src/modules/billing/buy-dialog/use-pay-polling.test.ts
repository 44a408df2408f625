import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { usePayPolling } from './use-pay-polling';

const statuses: number[] = [];
const GetPayOrder = vi.fn(async () => ({ PayStatus: statuses.shift() ?? 1 }));
vi.mock('@/api/client', () => ({ api: { billing: { GetPayOrder: (...a: unknown[]) => GetPayOrder(...(a as [])) } } }));

const ORDER = '00000000-0000-4000-8000-000000000001';

beforeEach(() => {
  vi.useFakeTimers();
  GetPayOrder.mockClear();
  statuses.length = 0;
});
afterEach(() => vi.useRealTimers());

describe('usePayPolling (spec 000 §4 step 3, §9)', () => {
  it('asks every 5000 ms and stops for good once PayStatus is 2', async () => {
    statuses.push(1, 1, 2);
    const onDone = vi.fn();
    renderHook(() => usePayPolling(ORDER, onDone));
    await vi.advanceTimersByTimeAsync(4999);
    expect(GetPayOrder).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(GetPayOrder).toHaveBeenCalledTimes(1);
    expect(GetPayOrder).toHaveBeenLastCalledWith({ OrderGUID: ORDER }, { quiet: true, silent: true });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(GetPayOrder).toHaveBeenCalledTimes(3);
    expect(onDone).toHaveBeenCalledExactlyOnceWith(2);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(GetPayOrder).toHaveBeenCalledTimes(3);
  });

  it('keeps asking after a failed lookup', async () => {
    GetPayOrder.mockRejectedValueOnce(new Error('网络错误'));
    statuses.push(2);
    const onDone = vi.fn();
    renderHook(() => usePayPolling(ORDER, onDone));
    await vi.advanceTimersByTimeAsync(5000);
    expect(onDone).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(5000);
    expect(onDone).toHaveBeenCalledExactlyOnceWith(2);
  });

  it('does not ask without an order, and stops when unmounted', async () => {
    const idle = renderHook(() => usePayPolling(null, vi.fn()));
    await vi.advanceTimersByTimeAsync(20_000);
    expect(GetPayOrder).not.toHaveBeenCalled();
    idle.unmount();
    const live = renderHook(() => usePayPolling(ORDER, vi.fn()));
    await vi.advanceTimersByTimeAsync(5000);
    live.unmount();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(GetPayOrder).toHaveBeenCalledTimes(1);
  });
});
