import { Button, Input, Space } from 'antd';
import { type DateRangeValue, presetLabel } from '../date-range/date-range';
import { type ReactNode, useState } from 'react';
import { DateRangePicker } from '../date-range/date-range-picker';

export interface ListSearchValue {
  keyword: string;
  stime: string;
  endtime: string;
}

interface Props {
  placeholder: string;
  /** Offer the date-range chooser (with 全部) before the keyword. */
  withRange?: boolean;
  onSearch: (v: ListSearchValue) => void;
  onReset: () => void;
  /** More filters between the keyword and 重置. */
  children?: ReactNode;
  width?: number;
  /** What the row starts with: the list's state when it comes back from the address (useUrlListState). */
  initial?: Partial<ListSearchValue>;
}

/** The search row of a list: time range, keyword, and 重置 (which clears both). */
export function ListSearch({ placeholder, withRange = false, onSearch, onReset, children, width = 260, initial }: Props) {
  const [keyword, setKeyword] = useState(initial?.keyword ?? '');
  const [range, setRange] = useState<DateRangeValue | undefined>(() =>
    initial?.stime || initial?.endtime
      ? { stime: initial.stime ?? '', endtime: initial.endtime ?? '', timename: presetLabel('custom') }
      : undefined,
  );
  const emit = (k: string, r: DateRangeValue | undefined) =>
    onSearch({ keyword: k.trim(), stime: r?.stime ?? '', endtime: r?.endtime ?? '' });
  return (
    <Space style={{ marginBottom: 16 }} wrap>
      {withRange && (
        <DateRangePicker
          allowAll
          value={range}
          onChange={(v) => {
            setRange(v);
            emit(keyword, v);
          }}
        />
      )}
      <Input.Search
        placeholder={placeholder}
        allowClear
        value={keyword}
        onChange={(e) => setKeyword(e.target.value)}
        onSearch={(v) => emit(v, range)}
        style={{ width }}
      />
      {children}
      <Button
        onClick={() => {
          setKeyword('');
          setRange(undefined);
          onReset();
        }}
      >
        重置
      </Button>
    </Space>
  );
}
