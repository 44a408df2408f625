import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderZh } from '../test-utils';
import { DateRangePicker } from './date-range-picker';

const choose = async (label: string) => {
  await userEvent.click(screen.getByRole('combobox', { name: '时间范围' }));
  await userEvent.click(await screen.findByTitle(label));
};

describe('DateRangePicker', () => {
  // Only the clock is faked so user-event's own timers keep running.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2024, 4, 15, 14, 30));
  });
  afterEach(() => vi.useRealTimers());

  it('starts on today with no range picker', () => {
    renderZh(<DateRangePicker />);
    expect(screen.getByTitle('今天')).toBeTruthy();
    expect(screen.queryByPlaceholderText('开始日期')).toBeNull();
  });

  it('reports the range of a chosen preset', async () => {
    const onChange = vi.fn();
    renderZh(<DateRangePicker onChange={onChange} />);
    await choose('近7天');
    expect(onChange).toHaveBeenLastCalledWith({ stime: '2024-05-09 00:00:00', endtime: '2024-05-15 23:59:59', timename: '近7天' });
  });

  it('opens a range picker on today 00:00:00 to 23:59:59 when custom is chosen', async () => {
    const onChange = vi.fn();
    renderZh(<DateRangePicker onChange={onChange} />);
    await choose('自定义');
    expect(onChange).toHaveBeenLastCalledWith({ stime: '2024-05-15 00:00:00', endtime: '2024-05-15 23:59:59', timename: '自定义' });
    expect((screen.getByPlaceholderText('开始日期') as HTMLInputElement).value).toBe('2024-05-15 00:00:00');
    expect((screen.getByPlaceholderText('结束日期') as HTMLInputElement).value).toBe('2024-05-15 23:59:59');
  });

  it('follows a controlled value', () => {
    renderZh(<DateRangePicker value={{ stime: '2024-05-01 08:00:00', endtime: '2024-05-02 18:00:00', timename: '自定义' }} />);
    expect((screen.getByPlaceholderText('开始日期') as HTMLInputElement).value).toBe('2024-05-01 08:00:00');
    expect((screen.getByPlaceholderText('结束日期') as HTMLInputElement).value).toBe('2024-05-02 18:00:00');
  });
});
