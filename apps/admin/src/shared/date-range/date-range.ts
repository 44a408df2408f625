import dayjs, { type Dayjs } from 'dayjs';

export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

export type DatePreset =
  | 'today'
  | 'yesterday'
  | 'last3Days'
  | 'last7Days'
  | 'last30Days'
  | 'thisWeek'
  | 'thisMonth'
  | 'thisQuarter'
  | 'thisYear'
  | 'custom';

/** In the order the chooser lists them. */
export const DATE_PRESETS: { value: DatePreset; label: string }[] = [
  { value: 'today', label: '今天' },
  { value: 'yesterday', label: '昨天' },
  { value: 'last3Days', label: '近3天' },
  { value: 'last7Days', label: '近7天' },
  { value: 'last30Days', label: '近30天' },
  { value: 'thisWeek', label: '本周' },
  { value: 'thisMonth', label: '本月' },
  { value: 'thisQuarter', label: '本季度' },
  { value: 'thisYear', label: '本年' },
  { value: 'custom', label: '自定义' },
];

/** What lists send as their time filter; timename is the preset's label as shown. */
export interface DateRangeValue {
  stime: string;
  endtime: string;
  timename: string;
}

export function presetLabel(preset: DatePreset): string {
  return DATE_PRESETS.find((option) => option.value === preset)!.label;
}

export function presetOfLabel(timename: string): DatePreset | undefined {
  return DATE_PRESETS.find((option) => option.label === timename)?.value;
}

/** Calendar boundaries of a preset, with the end never past the end of today. */
export function boundsOf(preset: DatePreset, now: Dayjs): [Dayjs, Dayjs] {
  const today = now.startOf('day');
  const endOfToday = now.endOf('day');
  switch (preset) {
    case 'today':
    case 'custom':
      return [today, endOfToday];
    case 'yesterday':
      return [today.subtract(1, 'day'), endOfToday.subtract(1, 'day')];
    case 'last3Days':
      return [today.subtract(2, 'day'), endOfToday];
    case 'last7Days':
      return [today.subtract(6, 'day'), endOfToday];
    case 'last30Days':
      return [today.subtract(29, 'day'), endOfToday];
    case 'thisWeek':
      // Weeks start on Monday whatever dayjs locale is loaded.
      return [today.subtract((today.day() + 6) % 7, 'day'), endOfToday];
    case 'thisMonth':
      return [today.startOf('month'), endOfToday];
    case 'thisQuarter':
      return [today.startOf('month').month(today.month() - (today.month() % 3)), endOfToday];
    case 'thisYear':
      return [today.startOf('year'), endOfToday];
  }
}

export function formatRange([start, end]: [Dayjs, Dayjs], timename: string): DateRangeValue {
  return { stime: start.format(DATE_TIME_FORMAT), endtime: end.format(DATE_TIME_FORMAT), timename };
}

/** The filter value of a preset at a given moment; 'custom' gives its default, the whole of today. */
export function rangeOf(preset: DatePreset, now: Dayjs = dayjs()): DateRangeValue {
  return formatRange(boundsOf(preset, now), presetLabel(preset));
}
