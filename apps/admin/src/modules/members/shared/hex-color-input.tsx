import { ColorPicker, type ColorPickerProps } from 'antd';

type Props = Omit<ColorPickerProps, 'value' | 'onChange' | 'format' | 'disabledAlpha'> & {
  value?: string;
  onChange?: (hex: string) => void;
};

/** A colour of a card's look or a page as '#rrggbb' (no alpha): the value a form holds and the contract's cardLook
 *  takes, in a Form.Item or controlled. */
export function HexColorInput({ value, onChange, ...rest }: Props) {
  return <ColorPicker {...rest} format="hex" disabledAlpha value={value} onChange={(c) => onChange?.(c.toHexString())} />;
}
