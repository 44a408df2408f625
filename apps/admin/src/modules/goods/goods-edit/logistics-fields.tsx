import { GOODS_DELIVERY, GOODS_DELIVERY_LABELS } from '@contract/index';
import { Checkbox, Form, Radio, Select, Space } from 'antd';
import { useTemplateOptions } from '@/modules/delivery/delivery.queries';
import { AmountInput } from '@/shared';

/**
 * 配送方式 and 运费设置: the goods form's logistics card and the list's bulk 修改物流 dialog fill the same fields
 * (delivery, postFeeMode, postFee, freightTemplateId): 统一邮费 with its amount, or one of the enabled 运费模板.
 */
export function LogisticsFields() {
  const form = Form.useFormInstance();
  const mode = Form.useWatch('postFeeMode', form);
  const options = useTemplateOptions(mode === 2);
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
              <Radio value={2}>运费模板</Radio>
            </Radio.Group>
          </Form.Item>
          {mode === 2 ? (
            <Form.Item name="freightTemplateId" noStyle rules={[{ required: true, message: '请选择运费模板' }]}>
              <Select
                aria-label="运费模板"
                placeholder="请选择运费模板"
                style={{ width: 220 }}
                loading={options.isLoading}
                options={(options.data ?? []).map((o) => ({
                  value: o.id,
                  label: `${o.name}（${o.chargeBy === 2 ? '按重量' : '按件数'}）`,
                }))}
                notFoundContent={options.isLoading ? '加载中…' : '还没有启用的运费模板，请先到「运费模板」新建'}
              />
            </Form.Item>
          ) : (
            <Form.Item name="postFee" noStyle>
              <AmountInput aria-label="运费" addonAfter="元" style={{ width: 160 }} />
            </Form.Item>
          )}
        </Space>
      </Form.Item>
    </>
  );
}
