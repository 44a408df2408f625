import { VIP_CARD_DAYS_MAX, VIP_CARD_NAME_MAX, VIP_CARD_PRICE_MAX } from '@contract/index';
import { Form, Input, InputNumber, Radio, Space } from 'antd';
import { AmountInput } from '@/shared';

/** The card's name, how members get it (free or paid, with its price) and its validity. */
export function CardBasicFields({ needpay, validKind }: { needpay: number; validKind: number }) {
  return (
    <>
      <Form.Item
        name="name"
        label="权益卡名称"
        rules={[
          { required: true, whitespace: true, message: '请输入权益卡名称' },
          { max: VIP_CARD_NAME_MAX, message: `权益卡名称不能超过${VIP_CARD_NAME_MAX}个字` },
        ]}
      >
        <Input maxLength={VIP_CARD_NAME_MAX} showCount placeholder="如：黑金卡" style={{ maxWidth: 360 }} />
      </Form.Item>
      <Form.Item name="needpay" label="领取方式">
        <Radio.Group
          options={[
            { value: 0, label: '免费领取' },
            { value: 1, label: '付费购买' },
          ]}
        />
      </Form.Item>
      {needpay === 1 && (
        <Form.Item
          name="price"
          label="售价"
          required
          rules={[
            {
              validator: (_, p: string) => {
                if (p === undefined || p === '') return Promise.reject(new Error('请输入售价'));
                if (!(Number(p) > 0)) return Promise.reject(new Error('售价须大于0'));
                if (Number(p) > VIP_CARD_PRICE_MAX) return Promise.reject(new Error(`售价不能超过${VIP_CARD_PRICE_MAX}元`));
                return Promise.resolve();
              },
            },
          ]}
          extra="会员在店铺下单购买（订单功能上线后开放）"
        >
          <AmountInput aria-label="售价" addonAfter="元" placeholder="0.00" style={{ width: 180 }} />
        </Form.Item>
      )}
      <Form.Item label="有效期" required style={{ marginBottom: 0 }}>
        <Space align="start">
          <Form.Item name="validKind">
            <Radio.Group
              options={[
                { value: 0, label: '永久有效' },
                { value: 1, label: '领取后' },
              ]}
            />
          </Form.Item>
          {validKind === 1 && (
            <Form.Item
              name="validDays"
              rules={[
                { required: true, message: '请输入有效天数' },
                { type: 'integer', min: 1, max: VIP_CARD_DAYS_MAX, message: `有效天数须为1到${VIP_CARD_DAYS_MAX}的整数` },
              ]}
              extra="天内有效；已持卡会员再次获得时顺延"
            >
              <InputNumber aria-label="有效天数" min={1} max={VIP_CARD_DAYS_MAX} precision={0} addonAfter="天" style={{ width: 160 }} />
            </Form.Item>
          )}
        </Space>
      </Form.Item>
    </>
  );
}
