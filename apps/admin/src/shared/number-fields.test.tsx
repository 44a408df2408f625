import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, Form } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { AmountInput, DigitsInput } from './number-fields';

describe('AmountInput', () => {
  it('shows only what a money amount may hold as the user types', async () => {
    const onChange = vi.fn();
    render(<AmountInput aria-label="金额" onChange={onChange} />);
    const input = screen.getByRole('textbox', { name: '金额' }) as HTMLInputElement;
    await userEvent.type(input, 'x12.3.45');
    expect(input.value).toBe('12.34');
    expect(onChange).toHaveBeenLastCalledWith('12.34');
  });

  it('stores the filtered amount in an antd form', async () => {
    const onFinish = vi.fn();
    render(
      <Form onFinish={onFinish}>
        <Form.Item name="price">
          <AmountInput aria-label="价格" />
        </Form.Item>
        <Button htmlType="submit">保存设置</Button>
      </Form>,
    );
    await userEvent.type(screen.getByRole('textbox', { name: '价格' }), '9.999');
    await userEvent.click(screen.getByRole('button', { name: '保存设置' }));
    await vi.waitFor(() => expect(onFinish).toHaveBeenCalledWith({ price: '9.99' }));
  });

  it('shows a numeric value given by the parent', () => {
    render(<AmountInput aria-label="金额" value={12.5} />);
    expect((screen.getByRole('textbox', { name: '金额' }) as HTMLInputElement).value).toBe('12.5');
  });
});

describe('DigitsInput', () => {
  it('shows digits only as the user types', async () => {
    render(<DigitsInput aria-label="数量" />);
    const input = screen.getByRole('textbox', { name: '数量' }) as HTMLInputElement;
    await userEvent.type(input, '1a2.3');
    expect(input.value).toBe('123');
  });
});
