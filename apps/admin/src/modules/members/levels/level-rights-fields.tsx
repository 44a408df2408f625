import { Form, Input, InputNumber, Switch, Typography } from 'antd';
import { HexColorInput } from '@/modules/members/shared/hex-color-input';

/** A level's rights (discount, points, free shipping, birthday points), its description and its card's look. */
export function LevelRightsFields() {
  return (
    <>
      <Typography.Title level={5}>等级权益</Typography.Title>
      <Form.Item label="会员折扣" name="discount" rules={[{ required: true, message: '请输入折扣' }]} extra="10 折为不打折">
        <InputNumber min={0.1} max={10} step={0.1} precision={1} addonAfter="折" />
      </Form.Item>
      <Form.Item label="积分倍率" name="pointsTimes" rules={[{ required: true, message: '请输入积分倍率' }]}>
        <InputNumber min={1} max={10} step={0.1} precision={1} addonAfter="倍" />
      </Form.Item>
      <Form.Item label="包邮" name="freeShipping" valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item label="生日赠送积分" name="birthdayPoints" rules={[{ required: true, message: '请输入生日赠送积分' }]}>
        <InputNumber min={0} max={1_000_000} precision={0} />
      </Form.Item>
      <Form.Item label="等级说明" name="description" rules={[{ max: 200, message: '等级说明不能超过200个字' }]}>
        <Input.TextArea rows={3} showCount maxLength={200} />
      </Form.Item>
      <Typography.Title level={5}>卡面</Typography.Title>
      <Form.Item label="背景颜色" name={['card', 'bgColor']}>
        <HexColorInput />
      </Form.Item>
      <Form.Item label="文字颜色" name={['card', 'textColor']}>
        <HexColorInput />
      </Form.Item>
      <Form.Item label="背景图片" name={['card', 'bgImage']} extra="图片地址，留空则使用背景颜色">
        <Input placeholder="https://…" allowClear />
      </Form.Item>
    </>
  );
}
