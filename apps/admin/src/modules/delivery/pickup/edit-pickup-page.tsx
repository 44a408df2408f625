import { PICK_NAME_MAX } from '@contract/index';
import { App, Button, Card, Checkbox, Form, Input, InputNumber, Select, Space, Spin, Switch, TimePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { api } from '@/api/client';
import { useCan } from '@/hooks/use-can';
import { showFieldErrors } from '@/modules/shop/form-errors';
import { AreaCascader } from '@/shared';
import { usePick } from '../delivery.queries';

const DAYS = [
  { value: 1, label: '周一' },
  { value: 2, label: '周二' },
  { value: 3, label: '周三' },
  { value: 4, label: '周四' },
  { value: 5, label: '周五' },
  { value: 6, label: '周六' },
  { value: 7, label: '周日' },
];
const HM = 'HH:mm';

interface Values {
  name: string;
  area: string[];
  address: string;
  lng: number | null;
  lat: number | null;
  phone: string;
  days: number[];
  hours: { range: [Dayjs, Dayjs] | null }[];
  staffIds: string[];
  enabled: boolean;
}

const EMPTY: Values = {
  name: '',
  area: [],
  address: '',
  lng: null,
  lat: null,
  phone: '',
  days: [1, 2, 3, 4, 5, 6, 7],
  hours: [{ range: [dayjs('09:00', HM), dayjs('18:00', HM)] }],
  staffIds: [],
  enabled: true,
};

/** 编辑自提点 (/EditPickUp, ?id= to edit): address and coordinates, opening hours, verifiers, state. */
export default function EditPickUpPage() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const can = useCan();
  const canEdit = can('distributionSet', 'edit');
  const pick = usePick(id);
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const [staff, setStaff] = useState<{ value: string; label: string }[]>([]);

  useEffect(() => {
    api.delivery
      .PickStaffOptions({}, { quiet: true })
      .then((rows) => setStaff(rows.map((r) => ({ value: r.id, label: `${r.name}（${r.phone}）` }))))
      .catch(() => undefined);
  }, []);

  useEffect(() => {
    const p = pick.data;
    if (!p) return;
    form.setFieldsValue({
      name: p.name,
      area: p.area,
      address: p.address,
      lng: p.lng,
      lat: p.lat,
      phone: p.phone,
      days: p.days,
      hours: p.hours.map((h) => ({ range: [dayjs(h.start, HM), dayjs(h.end, HM)] })),
      staffIds: p.staffIds,
      enabled: p.status === 1,
    });
  }, [pick.data, form]);

  const save = async (v: Values) => {
    setSaving(true);
    try {
      await api.delivery.SavePick(
        {
          id: id || undefined,
          name: v.name,
          area: v.area,
          address: v.address,
          lng: v.lng ?? Number.NaN,
          lat: v.lat ?? Number.NaN,
          phone: v.phone,
          days: v.days,
          hours: v.hours
            .filter((h) => h.range)
            .map((h) => ({ start: (h.range as [Dayjs, Dayjs])[0].format(HM), end: (h.range as [Dayjs, Dayjs])[1].format(HM) })),
          staffIds: v.staffIds,
          status: v.enabled ? 1 : 0,
        },
        { silent: true },
      );
      message.success('保存成功');
      navigate('/distributionSet');
    } catch (e) {
      if (!showFieldErrors(form, e)) message.error((e as Error).message);
    } finally {
      setSaving(false);
    }
  };

  if (id && pick.isLoading) return <Spin style={{ display: 'block', padding: 40 }} />;

  return (
    <Card title={id ? '编辑自提点' : '新增自提点'}>
      <Form<Values> form={form} initialValues={EMPTY} labelCol={{ span: 4 }} wrapperCol={{ span: 14 }} onFinish={save} disabled={!canEdit}>
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
        <Form.Item wrapperCol={{ offset: 4 }}>
          <Space>
            {canEdit && (
              <Button type="primary" htmlType="submit" loading={saving}>
                保存
              </Button>
            )}
            <Button disabled={false} onClick={() => navigate('/distributionSet')}>
              返回
            </Button>
          </Space>
        </Form.Item>
      </Form>
    </Card>
  );
}
