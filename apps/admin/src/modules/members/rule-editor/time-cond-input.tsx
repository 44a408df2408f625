import { DatePicker, InputNumber, Select, Space } from 'antd';
import dayjs from 'dayjs';
import type { CondDraft } from './rule-draft';

type TimeMode = 'within' | 'notWithin' | 'range';
const TIME_MODES = [
  { value: 'within', label: '最近N天内' },
  { value: 'notWithin', label: '最近N天内没有' },
  { value: 'range', label: '日期范围' },
];
const timeModeOf = (c: CondDraft): TimeMode =>
  c.withinDays !== undefined ? 'within' : c.notWithinDays !== undefined ? 'notWithin' : 'range';

interface Props {
  cond: CondDraft;
  onChange: (next: CondDraft) => void;
  disabled?: boolean;
}

/** A time condition: within the last N days, not within them, or a date range. */
export function TimeCondInput({ cond: c, onChange, disabled }: Props) {
  const mode = timeModeOf(c);
  const base = { field: c.field };
  return (
    <Space wrap>
      <Select
        aria-label="时间条件"
        style={{ width: 140 }}
        value={mode}
        options={TIME_MODES}
        onChange={(m: TimeMode) =>
          onChange(m === 'within' ? { ...base, withinDays: 30 } : m === 'notWithin' ? { ...base, notWithinDays: 30 } : base)
        }
        disabled={disabled}
      />
      {mode === 'range' ? (
        <DatePicker.RangePicker
          aria-label="日期范围"
          allowEmpty={[true, true]}
          value={[c.from ? dayjs(c.from) : null, c.to ? dayjs(c.to) : null]}
          onChange={(r) => onChange({ ...base, from: r?.[0]?.format('YYYY-MM-DD'), to: r?.[1]?.format('YYYY-MM-DD') })}
          disabled={disabled}
        />
      ) : (
        <Space>
          <InputNumber
            aria-label="天数"
            min={1}
            max={3650}
            precision={0}
            value={mode === 'within' ? c.withinDays : c.notWithinDays}
            onChange={(v) =>
              onChange(mode === 'within' ? { ...base, withinDays: v ?? undefined } : { ...base, notWithinDays: v ?? undefined })
            }
            disabled={disabled}
          />
          <span>天</span>
        </Space>
      )}
    </Space>
  );
}
