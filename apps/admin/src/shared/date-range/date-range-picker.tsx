import { DatePicker, Flex, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import {
  boundsOf,
  DATE_PRESETS,
  DATE_TIME_FORMAT,
  type DatePreset,
  type DateRangeValue,
  formatRange,
  presetLabel,
  presetOfLabel,
  rangeOf,
} from './date-range';

export interface DateRangePickerProps {
  /** Controlled value (as antd Form.Item passes it); its timename picks the preset. */
  value?: DateRangeValue;
  /** Preset shown before any choice when uncontrolled. */
  defaultPreset?: DatePreset;
  onChange?: (value: DateRangeValue) => void;
  /** Offers 全部 first (no time bound: stime and endtime empty), for list filters. */
  allowAll?: boolean;
}

export const ALL_TIME = '全部';

type Range = [Dayjs, Dayjs];

export function DateRangePicker({ value, defaultPreset = 'today', onChange, allowAll = false }: DateRangePickerProps) {
  const [ownPreset, setOwnPreset] = useState<DatePreset | 'all'>(allowAll && !value ? 'all' : defaultPreset);
  const [ownCustom, setOwnCustom] = useState<Range>(() => boundsOf('custom', dayjs()));
  const preset: DatePreset | 'all' = value?.timename === ALL_TIME ? 'all' : ((value && presetOfLabel(value.timename)) ?? ownPreset);
  const custom: Range = value && preset === 'custom' ? [dayjs(value.stime), dayjs(value.endtime)] : ownCustom;

  const choosePreset = (next: DatePreset | 'all') => {
    setOwnPreset(next);
    if (next === 'all') return onChange?.({ stime: '', endtime: '', timename: ALL_TIME });
    onChange?.(next === 'custom' ? formatRange(custom, presetLabel('custom')) : rangeOf(next, dayjs()));
  };

  const chooseCustom = (range: Range) => {
    setOwnCustom(range);
    onChange?.(formatRange(range, presetLabel('custom')));
  };

  return (
    <Flex gap={8} align="center">
      <Select
        aria-label="时间范围"
        style={{ width: 100 }}
        options={allowAll ? [{ value: 'all' as const, label: ALL_TIME }, ...DATE_PRESETS] : DATE_PRESETS}
        value={preset}
        onChange={choosePreset}
      />
      {preset === 'custom' && (
        <DatePicker.RangePicker
          showTime
          format={DATE_TIME_FORMAT}
          allowClear={false}
          value={custom}
          onChange={(range) => {
            if (range?.[0] && range[1]) chooseCustom([range[0], range[1]]);
          }}
        />
      )}
    </Flex>
  );
}
