import { Card, DatePicker, Form, InputNumber, Radio } from 'antd';
import { FMT, type PointsGoodsValues } from './points-goods-form';

/** 兑换设置: stock, the limit per member, the exchange window, shelf status and sort. */
export function PointsGoodsExchangeCard() {
  return (
    <Card title="兑换设置" style={{ marginBottom: 16 }}>
      <Form.Item
        name="stock"
        label="库存"
        rules={[
          { required: true, message: '请输入库存' },
          { type: 'integer', min: 0, max: 99999999, message: '库存须为不小于0的整数' },
        ]}
      >
        <InputNumber aria-label="库存" min={0} max={99999999} precision={0} style={{ width: 180 }} />
      </Form.Item>
      <Form.Item
        name="perMemberLimit"
        label="每人限兑"
        extra="0 为不限"
        rules={[{ type: 'integer', min: 0, max: 99999, message: '每人限兑须为0到99999的整数' }]}
      >
        <InputNumber aria-label="每人限兑" min={0} max={99999} precision={0} addonAfter="件" style={{ width: 180 }} />
      </Form.Item>
      <Form.Item
        name="window"
        label="兑换时间"
        extra="不填为不限；可只填开始或结束"
        rules={[
          {
            validator: (_, w: PointsGoodsValues['window']) =>
              w?.[0] && w?.[1] && !w[0].isBefore(w[1]) ? Promise.reject(new Error('兑换结束时间须晚于开始时间')) : Promise.resolve(),
          },
        ]}
      >
        <DatePicker.RangePicker showTime format={FMT} allowEmpty={[true, true]} placeholder={['开始时间', '结束时间']} />
      </Form.Item>
      <Form.Item name="status" label="上架设置">
        <Radio.Group
          options={[
            { value: 1, label: '立即上架' },
            { value: 0, label: '暂不上架' },
          ]}
        />
      </Form.Item>
      <Form.Item
        name="sort"
        label="排序"
        extra="数字越小越靠前"
        rules={[{ type: 'integer', min: 0, max: 999999, message: '排序值须为0到999999的整数' }]}
      >
        <InputNumber aria-label="排序" min={0} max={999999} precision={0} style={{ width: 180 }} />
      </Form.Item>
    </Card>
  );
}
