import { InputNumber } from 'antd';
import { useEffect, useRef, useState } from 'react';
import type { GoodsRowData } from './goods-columns';

/** The sort cell: edit in place, saved on Enter or when it loses focus. */
export function SortCell({ row, onSort }: { row: GoodsRowData; onSort: (row: GoodsRowData, sort: number) => void }) {
  const [value, setValue] = useState<number | null>(row.sort);
  // Enter saves; the blur that follows (clicking elsewhere before the list reloads) must not save the same value again.
  const enteredRef = useRef<number | null>(null);
  useEffect(() => setValue(row.sort), [row.sort]);
  const commit = () => {
    if (value === null || value === row.sort) return setValue(row.sort);
    onSort(row, value);
  };
  const onEnter = () => {
    enteredRef.current = value;
    commit();
  };
  const onBlur = () => {
    const entered = enteredRef.current;
    enteredRef.current = null;
    if (entered !== null && entered === value) return;
    commit();
  };
  return (
    <InputNumber
      size="small"
      min={0}
      max={999999}
      precision={0}
      value={value}
      aria-label="排序值"
      style={{ width: 90 }}
      onChange={setValue}
      onBlur={onBlur}
      onPressEnter={onEnter}
    />
  );
}
