import { GOODS_DELIVERY, GOODS_DELIVERY_LABELS } from '@contract/index';
import { Checkbox, Form, Radio, Space, Tooltip } from 'antd';
import { AmountInput } from '@/shared';

/**
 * 配送方式 and 运费设置: the goods form's logistics card and the list's bulk 修改物流 dialog fill the same fields
 * (delivery, postFeeMode, postFee). Freight templates are not there yet, so mode 2 is shown disabled.
 */
export function LogisticsFields() {
  return (
    <>
      <Form.Item name="delivery" label="配送方式" rules={[{ required: true, type: 'array', min: 1, message: '请至少选择一种配送方式' }]}>
        <Checkbox.Group options={GOODS_DELIVERY.map((d) => ({ value: d, label: GOODS_DELIVERY_LABELS[d] }))} />
      </Form.Item>
      <Form.Item label="运费设置" required>
        <Space>
          <Form.Item name="postFeeMode" noStyle>
            <Radio.Group>
              <Radio value={1}>统一邮费</Radio>
              <Tooltip title="运费模板即将上线">
                <Radio value={2} disabled>
                  运费模板
                </Radio>
              </Tooltip>
            </Radio.Group>
          </Form.Item>
          <Form.Item name="postFee" noStyle>
            <AmountInput aria-label="运费" addonAfter="元" style={{ width: 160 }} />
          </Form.Item>
        </Space>
      </Form.Item>
    </>
  );
}
