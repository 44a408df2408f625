import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Button, Form, Input } from 'antd';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/api/client';
import { renderZh } from '@/shared/test-utils';
import { showFieldErrors } from './form-errors';
import { contactPhoneRule } from './phone-rule';

async function check(v: string, service = false): Promise<string | null> {
  const rule = contactPhoneRule('联系电话', service) as { validator: (r: unknown, v: string) => Promise<void> };
  try {
    await rule.validator({}, v);
    return null;
  } catch (e) {
    return (e as Error).message;
  }
}

describe('contactPhoneRule', () => {
  it.each(['', '13912345678', '0571-88888888', '057188888888', '010-12345678-123'])('accepts %j', async (v) => {
    expect(await check(v)).toBeNull();
  });

  it.each(['12345', '1391234567', '400-123-4567', '0571-888'])('refuses %j naming the field', async (v) => {
    expect(await check(v)).toBe('联系电话格式不正确，请填写手机号或固话（如 0571-88888888）');
  });

  it('accepts 400 numbers only for a service phone', async () => {
    expect(await check('400-123-4567', true)).toBeNull();
  });
});

/** A form with two fields and a button that hands `error` to showFieldErrors. */
function Harness({ error }: { error: unknown }) {
  const [form] = Form.useForm();
  return (
    <Form form={form} initialValues={{ name: '', phone: '' }}>
      <Form.Item name="name" label="联系人">
        <Input />
      </Form.Item>
      <Form.Item name="phone" label="联系电话">
        <Input />
      </Form.Item>
      <Button onClick={() => document.body.setAttribute('data-shown', String(showFieldErrors(form, error)))}>试</Button>
    </Form>
  );
}

describe('showFieldErrors', () => {
  it('puts a refusal’s field messages under those fields', async () => {
    const err = new ApiError(1001, '所在地区不正确', { errors: [{ field: 'phone', msg: '联系电话格式不正确' }] });
    renderZh(<Harness error={err} />);
    await act(async () => fireEvent.click(screen.getByRole('button')));
    await waitFor(() => expect(screen.getByText('联系电话格式不正确')).toBeTruthy());
    expect(document.body.getAttribute('data-shown')).toBe('true');
  });

  it('answers false for a refusal about no field of the form, so the caller shows the message', async () => {
    const err = new ApiError(1001, '退货地址最多50个', { errors: [{ field: 'area', msg: '所在地区不正确' }] });
    renderZh(<Harness error={err} />);
    await act(async () => fireEvent.click(screen.getByRole('button')));
    expect(document.body.getAttribute('data-shown')).toBe('false');
    expect(screen.queryByText('所在地区不正确')).toBeNull();
  });
});
