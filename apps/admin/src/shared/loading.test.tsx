import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOADING_GRACE_MS, FullScreenLoading, useLoading, withLoading } from './loading';

const count = () => useLoading.getState().count;

beforeEach(() => useLoading.setState({ count: 0 }));

describe('useLoading', () => {
  it('counts overlapping work and is idle once each piece has ended', () => {
    const { begin, end } = useLoading.getState();
    begin();
    begin();
    expect(count()).toBe(2);
    end();
    expect(count()).toBe(1);
    end();
    expect(count()).toBe(0);
  });

  it('never goes below zero on an unmatched end', () => {
    useLoading.getState().end();
    expect(count()).toBe(0);
    useLoading.getState().begin();
    expect(count()).toBe(1);
  });

  it('tracks a promise until it settles, failed or not', async () => {
    let resolve!: (value: string) => void;
    const pending = withLoading(new Promise<string>((r) => (resolve = r)));
    expect(count()).toBe(1);
    resolve('done');
    await expect(pending).resolves.toBe('done');
    expect(count()).toBe(0);

    await expect(withLoading(Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(count()).toBe(0);
  });
});

describe('FullScreenLoading', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows nothing for work shorter than the grace period', () => {
    render(<FullScreenLoading />);
    act(() => useLoading.getState().begin());
    act(() => vi.advanceTimersByTime(LOADING_GRACE_MS - 1));
    act(() => useLoading.getState().end());
    act(() => vi.advanceTimersByTime(LOADING_GRACE_MS));
    expect(screen.queryByText('加载中...')).toBeNull();
  });

  it('shows the spinner once work outlasts the grace period and hides it when done', () => {
    render(<FullScreenLoading />);
    act(() => useLoading.getState().begin());
    act(() => vi.advanceTimersByTime(LOADING_GRACE_MS));
    expect(screen.getByText('加载中...')).toBeTruthy();
    act(() => useLoading.getState().end());
    expect(screen.queryByText('加载中...')).toBeNull();
  });
});
