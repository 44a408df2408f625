import { GOODS_WARRANTY_MAX } from '@contract/index';
import { Card, DatePicker, Form, InputNumber, Radio, Space, Switch } from 'antd';
import { ExtensionsField } from './extensions-field';
import { FMT } from './goods-form';
import { LogisticsFields } from './logistics-fields';

/** 销售设置 (shelf status, the sale time of 定时开售, sort, limit per person), 物流与售后, 会员价 and 扩展属性. */
export function GoodsSalesCards() {
  const status = Form.useWatch('status', Form.useFormInstance());
  return (
    <>
      <Card title="销售设置" style={{ marginBottom: 16 }}>
        <Form.Item name="status" label="上架设置">
          <Radio.Group
            options={[
              { value: 1, label: '立即上架' },
              { value: 0, label: '放入仓库' },
              { value: 2, label: '定时开售' },
            ]}
          />
        </Form.Item>
        {status === 2 && (
          <Form.Item name="startSaleAt" label="开售时间" rules={[{ required: true, message: '请选择开售时间' }]}>
            <DatePicker showTime format={FMT} />
          </Form.Item>
        )}
        <Form.Item
          name="sort"
          label="排序"
          extra="数字越小越靠前"
          rules={[{ type: 'integer', min: 0, max: 999999, message: '排序值须为0到999999的整数' }]}
        >
          <InputNumber min={0} max={999999} precision={0} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="purchaseLimit" label="每人限购" extra="0 为不限">
          <InputNumber min={0} precision={0} style={{ width: 160 }} />
        </Form.Item>
      </Card>
      <Card title="物流与售后" style={{ marginBottom: 16 }}>
        <LogisticsFields />
        <Form.Item
          name="warrantyDays"
          label="保修期"
          extra="0 为不保修"
          rules={[{ type: 'integer', min: 0, max: GOODS_WARRANTY_MAX, message: `保修天数须为0到${GOODS_WARRANTY_MAX}的整数` }]}
        >
          <InputNumber aria-label="保修天数" min={0} max={GOODS_WARRANTY_MAX} precision={0} addonAfter="天" style={{ width: 160 }} />
        </Form.Item>
        <Form.Item
          name="trackSerial"
          label="序列号管理"
          valuePropName="checked"
          extra="开启后，售出的每件商品按序列号登记（随商品订单上线）"
        >
          <Switch aria-label="序列号管理" />
        </Form.Item>
      </Card>

      <Card title="会员价" style={{ marginBottom: 16 }}>
        <Space size={32} wrap>
          <Form.Item name="joinvip" label="参与会员折扣" valuePropName="checked" style={{ marginBottom: 0 }}>
            <Switch aria-label="参与会员折扣" />
          </Form.Item>
          <Form.Item name="showvipprice" label="显示会员价" valuePropName="checked" style={{ marginBottom: 0 }}>
            <Switch aria-label="显示会员价" />
          </Form.Item>
          <Form.Item name="havevipprice" label="有会员价" valuePropName="checked" style={{ marginBottom: 0 }}>
            <Switch aria-label="有会员价" />
          </Form.Item>
        </Space>
      </Card>

      <Card title="扩展属性" style={{ marginBottom: 16 }}>
        <ExtensionsField />
      </Card>
    </>
  );
}
