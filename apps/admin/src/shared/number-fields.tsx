import { Input, type InputProps } from 'antd';
import { useState } from 'react';
import { toAmount, toDigits } from './number-input';

export interface FilteredInputProps extends Omit<InputProps, 'value' | 'defaultValue' | 'onChange'> {
  value?: string | number;
  defaultValue?: string;
  /** Receives the filtered text, which is also what antd Form stores. */
  onChange?: (value: string) => void;
}

function useFilteredInput(filter: (input: string) => string, { value, defaultValue, onChange, ...rest }: FilteredInputProps) {
  const [own, setOwn] = useState(() => filter(defaultValue ?? ''));
  return {
    ...rest,
    value: value == null ? own : String(value),
    onChange: (event: { target: { value: string } }) => {
      const next = filter(event.target.value);
      setOwn(next);
      onChange?.(next);
    },
  };
}

/** Text input for money: digits and one dot, at most two decimals. */
export function AmountInput(props: FilteredInputProps) {
  return <Input inputMode="decimal" {...useFilteredInput(toAmount, props)} />;
}

/** Text input that only keeps digits. */
export function DigitsInput(props: FilteredInputProps) {
  return <Input inputMode="numeric" {...useFilteredInput(toDigits, props)} />;
}
