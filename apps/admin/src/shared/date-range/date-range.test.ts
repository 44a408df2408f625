import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { DATE_PRESETS, presetOfLabel, rangeOf } from './date-range';

// A Wednesday in the middle of the day.
const wednesday = dayjs('2024-05-15 14:30:00');

describe('rangeOf', () => {
  it('covers the whole of today', () => {
    expect(rangeOf('today', wednesday)).toEqual({ stime: '2024-05-15 00:00:00', endtime: '2024-05-15 23:59:59', timename: '今天' });
  });

  it('covers the whole of yesterday, across a month boundary', () => {
    expect(rangeOf('yesterday', dayjs('2024-03-01 08:00:00'))).toEqual({
      stime: '2024-02-29 00:00:00',
      endtime: '2024-02-29 23:59:59',
      timename: '昨天',
    });
  });

  it('counts today as one of the last N days', () => {
    expect(rangeOf('last3Days', wednesday)).toMatchObject({
      stime: '2024-05-13 00:00:00',
      endtime: '2024-05-15 23:59:59',
      timename: '近3天',
    });
    expect(rangeOf('last7Days', wednesday)).toMatchObject({
      stime: '2024-05-09 00:00:00',
      endtime: '2024-05-15 23:59:59',
      timename: '近7天',
    });
    expect(rangeOf('last30Days', wednesday)).toMatchObject({
      stime: '2024-04-16 00:00:00',
      endtime: '2024-05-15 23:59:59',
      timename: '近30天',
    });
  });

  it('starts the week on Monday and ends it at the end of today', () => {
    expect(rangeOf('thisWeek', wednesday)).toEqual({ stime: '2024-05-13 00:00:00', endtime: '2024-05-15 23:59:59', timename: '本周' });
  });

  it('puts a Sunday at the end of the week that began the Monday before', () => {
    expect(rangeOf('thisWeek', dayjs('2024-05-19 10:00:00'))).toMatchObject({
      stime: '2024-05-13 00:00:00',
      endtime: '2024-05-19 23:59:59',
    });
  });

  it('puts a Monday at the start of its own week', () => {
    expect(rangeOf('thisWeek', dayjs('2024-05-13 00:00:00'))).toMatchObject({
      stime: '2024-05-13 00:00:00',
      endtime: '2024-05-13 23:59:59',
    });
  });

  it('caps this month at the end of today', () => {
    expect(rangeOf('thisMonth', wednesday)).toEqual({ stime: '2024-05-01 00:00:00', endtime: '2024-05-15 23:59:59', timename: '本月' });
  });

  it('starts this quarter on the first month of the quarter', () => {
    expect(rangeOf('thisQuarter', wednesday)).toEqual({ stime: '2024-04-01 00:00:00', endtime: '2024-05-15 23:59:59', timename: '本季度' });
  });

  it('starts a new quarter on its first day and keeps the old one to its last', () => {
    expect(rangeOf('thisQuarter', dayjs('2024-07-01 00:00:00'))).toMatchObject({
      stime: '2024-07-01 00:00:00',
      endtime: '2024-07-01 23:59:59',
    });
    expect(rangeOf('thisQuarter', dayjs('2024-06-30 23:59:59'))).toMatchObject({
      stime: '2024-04-01 00:00:00',
      endtime: '2024-06-30 23:59:59',
    });
    expect(rangeOf('thisQuarter', dayjs('2024-12-31 12:00:00'))).toMatchObject({ stime: '2024-10-01 00:00:00' });
  });

  it('caps this year at the end of today', () => {
    expect(rangeOf('thisYear', wednesday)).toEqual({ stime: '2024-01-01 00:00:00', endtime: '2024-05-15 23:59:59', timename: '本年' });
  });

  it('defaults the custom range to the whole of today', () => {
    expect(rangeOf('custom', wednesday)).toEqual({ stime: '2024-05-15 00:00:00', endtime: '2024-05-15 23:59:59', timename: '自定义' });
  });
});

describe('DATE_PRESETS', () => {
  it('lists the presets in the spec order with their Chinese names', () => {
    expect(DATE_PRESETS.map((preset) => preset.label)).toEqual([
      '今天',
      '昨天',
      '近3天',
      '近7天',
      '近30天',
      '本周',
      '本月',
      '本季度',
      '本年',
      '自定义',
    ]);
  });

  it('finds a preset back from its name', () => {
    expect(presetOfLabel('本季度')).toBe('thisQuarter');
    expect(presetOfLabel('明天')).toBeUndefined();
  });
});
