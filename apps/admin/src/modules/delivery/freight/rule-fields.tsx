import { Form, InputNumber, Space, Typography } from 'antd';
import { AmountInput } from '@/shared';

export /** First / additional units and fees of one rule, at `path` of the form. */
function RuleFields({ path, byWeight }: { path: (string | number)[]; byWeight: boolean }) {
  const u = byWeight ? 'kg' : '件';
  const step = byWeight ? 0.1 : 1;
  const precision = byWeight ? 3 : 0;
  return (
    <Space wrap>
      <Form.Item name={[...path, 'first']} noStyle rules={[{ required: true, message: byWeight ? '请输入首重' : '请输入首件' }]}>
        <InputNumber
          aria-label={byWeight ? '首重' : '首件'}
          min={byWeight ? 0.001 : 1}
          step={step}
          precision={precision}
          addonAfter={u}
          style={{ width: 130 }}
        />
      </Form.Item>
      <Form.Item name={[...path, 'firstFee']} noStyle rules={[{ required: true, message: '请输入首费' }]}>
        <AmountInput aria-label="首费" addonAfter="元" style={{ width: 130 }} />
      </Form.Item>
      <Typography.Text type="secondary">续{byWeight ? '重' : '件'}每</Typography.Text>
      <Form.Item name={[...path, 'next']} noStyle rules={[{ required: true, message: byWeight ? '请输入续重' : '请输入续件' }]}>
        <InputNumber
          aria-label={byWeight ? '续重' : '续件'}
          min={0}
          step={step}
          precision={precision}
          addonAfter={u}
          style={{ width: 130 }}
        />
      </Form.Item>
      <Form.Item name={[...path, 'nextFee']} noStyle rules={[{ required: true, message: '请输入续费' }]}>
        <AmountInput aria-label="续费" addonAfter="元" style={{ width: 130 }} />
      </Form.Item>
    </Space>
  );
}
