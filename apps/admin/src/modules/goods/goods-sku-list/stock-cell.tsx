import { App } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { DigitsInput } from '@/shared';
import { useEditStock } from '../goods.queries';
import type { SkuRowData } from './goods-sku-columns';

/** The stock cell: edit in place, saved (BatchEditGoodsStock) on Enter or when it loses focus. */
export function StockCell({ row, lowStock }: { row: SkuRowData; lowStock?: number }) {
  const { message } = App.useApp();
  const editStock = useEditStock();
  const [value, setValue] = useState(String(row.stock));
  // The value last sent: Enter saves, then the input (disabled while saving) loses focus, which must not save again.
  const sent = useRef<string | null>(null);
  useEffect(() => {
    setValue(String(row.stock));
    sent.current = null;
  }, [row.stock]);
  const commit = async () => {
    if (value === '' || Number(value) === row.stock) return setValue(String(row.stock));
    if (sent.current === value) return;
    sent.current = value;
    try {
      await editStock.mutateAsync([{ skuId: row.skuId, stock: Number(value) }]);
      message.success('库存修改成功');
    } catch {
      sent.current = null;
      setValue(String(row.stock));
    }
  };
  const warn = lowStock !== undefined ? row.stock <= lowStock : row.stock === 0;
  return (
    <DigitsInput
      size="small"
      aria-label={`${row.title}${row.specText ? ` ${row.specText}` : ''} 库存`}
      style={{ width: 100 }}
      status={warn ? 'warning' : undefined}
      disabled={editStock.isPending}
      value={value}
      onChange={setValue}
      onBlur={commit}
      onPressEnter={commit}
    />
  );
}
