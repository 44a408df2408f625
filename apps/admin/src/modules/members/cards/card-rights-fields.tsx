import { Card, Checkbox, Form, InputNumber } from 'antd';
import type { ReactNode } from 'react';
import type { CardValues } from './card-form';

/** The amount beside a checkbox, shown (and checked) only while it is ticked. */
const sub = (on: keyof CardValues, name: keyof CardValues, node: ReactNode, rules: object[]) => (
  <Form.Item noStyle dependencies={[on]}>
    {({ getFieldValue }) =>
      getFieldValue(on) ? (
        <Form.Item name={name} rules={rules} style={{ display: 'inline-block', margin: '0 0 0 8px' }}>
          {node}
        </Form.Item>
      ) : null
    }
  </Form.Item>
);

/** 会员权益: discount, points, free shipping and the birthday gift, each with its amount when ticked. */
export function CardRightsFields() {
  return (
    <Card title="会员权益" style={{ marginBottom: 16 }}>
      <Form.Item label="会员折扣">
        <Form.Item name="discountOn" valuePropName="checked" noStyle>
          <Checkbox>享受折扣</Checkbox>
        </Form.Item>
        {sub(
          'discountOn',
          'discount',
          <InputNumber aria-label="折扣" min={0.1} max={9.9} step={0.1} precision={1} addonAfter="折" style={{ width: 140 }} />,
          [
            { required: true, message: '请输入折扣' },
            { type: 'number', min: 0.1, max: 9.9, message: '折扣须在0.1折到9.9折之间' },
          ],
        )}
      </Form.Item>
      <Form.Item label="积分倍率">
        <Form.Item name="pointsOn" valuePropName="checked" noStyle>
          <Checkbox>消费获得积分翻倍</Checkbox>
        </Form.Item>
        {sub(
          'pointsOn',
          'pointsTimes',
          <InputNumber aria-label="积分倍率" min={1.1} max={10} step={0.1} precision={1} addonAfter="倍" style={{ width: 140 }} />,
          [
            { required: true, message: '请输入积分倍率' },
            { type: 'number', min: 1.1, max: 10, message: '积分倍率须在1.1倍到10倍之间' },
          ],
        )}
      </Form.Item>
      <Form.Item label="包邮" name="freeShipping" valuePropName="checked">
        <Checkbox>下单包邮</Checkbox>
      </Form.Item>
      <Form.Item label="生日礼">
        <Form.Item name="birthdayOn" valuePropName="checked" noStyle>
          <Checkbox>生日赠送积分</Checkbox>
        </Form.Item>
        {sub(
          'birthdayOn',
          'birthdayPoints',
          <InputNumber aria-label="生日赠送积分" min={1} max={1_000_000} precision={0} addonAfter="积分" style={{ width: 180 }} />,
          [
            { required: true, message: '请输入生日赠送积分' },
            { type: 'integer', min: 1, max: 1_000_000, message: '生日赠送积分须为1到1000000的整数' },
          ],
        )}
      </Form.Item>
    </Card>
  );
}
