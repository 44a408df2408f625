import { App, Button, Card, Form, Space, Spin } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useCan } from '@/hooks/use-can';
import { showFieldErrors } from '@/modules/shop/form-errors';
import { usePick, usePickStaffOptions, useSavePick } from '../delivery.queries';
import { HM, PickupFormFields } from './pickup-form-fields';

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
  const savePick = useSavePick();
  const staff = usePickStaffOptions();

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
    try {
      await savePick.mutateAsync({
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
      });
      message.success('保存成功');
      navigate('/distributionSet');
    } catch (e) {
      if (!showFieldErrors(form, e)) message.error((e as Error).message);
    }
  };

  if (id && pick.isLoading) return <Spin style={{ display: 'block', padding: 40 }} />;

  return (
    <Card title={id ? '编辑自提点' : '新增自提点'}>
      <Form<Values> form={form} initialValues={EMPTY} labelCol={{ span: 4 }} wrapperCol={{ span: 14 }} onFinish={save} disabled={!canEdit}>
        <PickupFormFields staff={staff.data ?? []} />
        <Form.Item wrapperCol={{ offset: 4 }}>
          <Space>
            {canEdit && (
              <Button type="primary" htmlType="submit" loading={savePick.isPending}>
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
