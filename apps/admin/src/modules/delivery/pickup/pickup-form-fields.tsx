import { PICK_NAME_MAX } from '@contract/index';
import { Button, Checkbox, Form, Input, InputNumber, Select, Space, Switch, TimePicker } from 'antd';
import { AreaCascader } from '@/shared';

const DAYS = [
  { value: 1, label: '周一' },
  { value: 2, label: '周二' },
  { value: 3, label: '周三' },
  { value: 4, label: '周四' },
  { value: 5, label: '周五' },
  { value: 6, label: '周六' },
  { value: 7, label: '周日' },
];
/** Opening hours' format. */
export const HM = 'HH:mm';

/** The fields of 编辑自提点: name, area and address, coordinates, phone, opening days and up to 3 time ranges, verifiers, state. */
export function PickupFormFields({ staff }: { staff: { value: string; label: string }[] }) {
  return (
    <>
      <Form.Item name="name" label="自提点名称" rules={[{ required: true, whitespace: true, message: '请输入自提点名称' }]}>
        <Input maxLength={PICK_NAME_MAX} showCount placeholder="如：南山科技园店" />
      </Form.Item>
      <Form.Item name="area" label="所在地区" rules={[{ required: true, type: 'array', len: 3, message: '请选择所在地区（省市区）' }]}>
        <AreaCascader />
      </Form.Item>
      <Form.Item name="address" label="详细地址" rules={[{ required: true, whitespace: true, message: '请输入详细地址' }]}>
        <Input maxLength={100} placeholder="街道、门牌号" />
      </Form.Item>
      <Form.Item label="经纬度" required>
        <Space>
          <Form.Item name="lng" noStyle rules={[{ required: true, message: '请输入经度' }]}>
            <InputNumber aria-label="经度" placeholder="经度" min={-180} max={180} precision={6} style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="lat" noStyle rules={[{ required: true, message: '请输入纬度' }]}>
            <InputNumber aria-label="纬度" placeholder="纬度" min={-90} max={90} precision={6} style={{ width: 160 }} />
          </Form.Item>
        </Space>
      </Form.Item>
      <Form.Item name="phone" label="联系电话" rules={[{ required: true, whitespace: true, message: '请输入联系电话' }]}>
        <Input maxLength={20} placeholder="手机号或固话，如 0755-88886666" />
      </Form.Item>
      <Form.Item name="days" label="营业日" rules={[{ required: true, type: 'array', min: 1, message: '请选择营业日' }]}>
        <Checkbox.Group options={DAYS} />
      </Form.Item>
      <Form.List name="hours">
        {(fields, { add, remove }) => (
          <Form.Item label="营业时间" required>
            {fields.map((f) => (
              <Space key={f.key} style={{ display: 'flex', marginBottom: 8 }}>
                <Form.Item name={[f.name, 'range']} noStyle rules={[{ required: true, message: '请选择营业时间' }]}>
                  <TimePicker.RangePicker format={HM} order />
                </Form.Item>
                {fields.length > 1 && <Button onClick={() => remove(f.name)}>删除</Button>}
              </Space>
            ))}
            {fields.length < 3 && <Button onClick={() => add({ range: null })}>添加时间段</Button>}
          </Form.Item>
        )}
      </Form.List>
      <Form.Item name="staffIds" label="核销员" extra="不选择时，有核销权限的员工都可以核销该自提点的订单">
        <Select mode="multiple" options={staff} placeholder="选择可核销提货码的员工" optionFilterProp="label" allowClear />
      </Form.Item>
      <Form.Item name="enabled" label="启用" valuePropName="checked">
        <Switch />
      </Form.Item>
    </>
  );
}
