import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BUTTON_DEBOUNCE_MS, DebouncedButton } from './debounced-button';

describe('DebouncedButton', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const button = () => screen.getByRole('button', { name: '提交订单' }) as HTMLButtonElement;

  it('is disabled for a second after a click and ignores clicks meanwhile', () => {
    const onClick = vi.fn();
    render(<DebouncedButton onClick={onClick}>提交订单</DebouncedButton>);

    fireEvent.click(button());
    fireEvent.click(button());
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(button().disabled).toBe(true);

    act(() => vi.advanceTimersByTime(BUTTON_DEBOUNCE_MS - 1));
    expect(button().disabled).toBe(true);

    act(() => vi.advanceTimersByTime(1));
    expect(button().disabled).toBe(false);
    fireEvent.click(button());
    expect(onClick).toHaveBeenCalledTimes(2);
  });

  it('stays disabled when its parent disables it', () => {
    render(<DebouncedButton disabled>提交订单</DebouncedButton>);
    expect(button().disabled).toBe(true);
  });

  it('waits 1000 ms', () => {
    expect(BUTTON_DEBOUNCE_MS).toBe(1000);
  });
});
