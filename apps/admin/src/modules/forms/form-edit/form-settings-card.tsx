import { Card, Col, DatePicker, Form, Input, InputNumber, Row, Space, Switch } from 'antd';
import { AmountInput } from '@/shared';
import { MediaPicker } from '@/shared/media-picker';
import { FMT } from './form-settings';

/** The form's settings: name, description, period, cover, limits, 生效, and a paid form's price and 到店核销. */
export function FormSettingsCard({ id, canEdit }: { id: string | null; canEdit: boolean }) {
  const needPay = Form.useWatch('needPay', Form.useFormInstance());
  return (
    <Card title={!canEdit ? '查看表单' : id ? '编辑表单' : '新建表单'} style={{ marginBottom: 16 }}>
      <Row gutter={24}>
        <Col span={12}>
          <Form.Item
            name="formName"
            label="表单名称"
            rules={[
              { required: true, whitespace: true, message: '请输入表单名称' },
              { max: 40, message: '表单名称不能超过40个字' },
            ]}
          >
            <Input maxLength={40} showCount placeholder="如：周末亲子手工课报名" />
          </Form.Item>
          <Form.Item name="description" label="表单说明" rules={[{ max: 2000, message: '表单说明不能超过2000个字' }]}>
            <Input.TextArea rows={3} maxLength={2000} placeholder="填写须知、活动介绍等" />
          </Form.Item>
          <Form.Item name="period" label="填写时间" extra="不设置则随时可填写">
            <DatePicker.RangePicker showTime format={FMT} allowEmpty={[true, true]} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="cover" label="封面图">
            <MediaPicker kind="image" disabled={!canEdit} />
          </Form.Item>
          <Space size={24} wrap>
            <Form.Item
              name="totalLimit"
              label="提交总量上限"
              extra="0 为不限"
              rules={[{ type: 'integer', min: 0, message: '提交总量上限不能小于0' }]}
            >
              <InputNumber min={0} precision={0} style={{ width: 140 }} />
            </Form.Item>
            <Form.Item
              name="personLimit"
              label="每人提交次数"
              extra="0 为不限"
              rules={[{ type: 'integer', min: 0, message: '每人提交次数不能小于0' }]}
            >
              <InputNumber min={0} precision={0} style={{ width: 140 }} />
            </Form.Item>
            <Form.Item name="state" label="生效" valuePropName="checked">
              <Switch />
            </Form.Item>
          </Space>
          <Space size={24} wrap align="start">
            <Form.Item name="needPay" label="付费表单" valuePropName="checked">
              <Switch />
            </Form.Item>
            {needPay && (
              <>
                <Form.Item
                  name="price"
                  label="报名费用（元）"
                  rules={[
                    { required: true, message: '请输入报名费用' },
                    {
                      validator: (_, v) => (Number(v) > 0 ? Promise.resolve() : Promise.reject(new Error('付费表单请设置大于0的报名费用'))),
                    },
                  ]}
                >
                  <AmountInput style={{ width: 140 }} placeholder="0.00" />
                </Form.Item>
                <Form.Item name="needVerify" label="到店核销" valuePropName="checked" tooltip="付款后顾客获得核销码，到店出示后由店员核销">
                  <Switch />
                </Form.Item>
              </>
            )}
          </Space>
        </Col>
      </Row>
    </Card>
  );
}
