import { Input, Space } from 'antd';
import { AmountInput, DigitsInput } from '@/shared';
import type { RangeText } from './customer-filter';

/** A min – max pair of inputs (money or whole numbers) bound to one form field {min, max}. */
export function RangeInput({
  value,
  onChange,
  money,
  label,
}: {
  value?: RangeText;
  onChange?: (v: RangeText) => void;
  money?: boolean;
  label: string;
}) {
  const Field = money ? AmountInput : DigitsInput;
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Field aria-label={`${label}最小值`} placeholder="最小" value={value?.min ?? ''} onChange={(min) => onChange?.({ ...value, min })} />
      <Input disabled style={{ width: 32, pointerEvents: 'none', textAlign: 'center' }} placeholder="~" />
      <Field aria-label={`${label}最大值`} placeholder="最大" value={value?.max ?? ''} onChange={(max) => onChange?.({ ...value, max })} />
    </Space.Compact>
  );
}
