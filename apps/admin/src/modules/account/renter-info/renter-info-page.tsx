import { PHONE_RE, RENTER_ADDRESS_MAX, RENTER_CONTACT_MAX, RENTER_NAME_MAX } from '@contract/index';
import { App, Button, Card, Form, Input, Select, Skeleton } from 'antd';
import { useEffect } from 'react';
import { ApiError } from '@/api/client';
import { useCan } from '@/hooks/use-can';
import { MediaPicker } from '@/shared/media-picker';
import { useIndustries, useRenterInfo, useSaveRenterInfo } from '../account.queries';
import { AreaCascader } from '@/shared';

interface Values {
  name: string;
  logo: string;
  industry: string;
  area: string[];
  contactName: string;
  contactPhone: string;
  address: string;
}

/** 企业信息: the enterprise's name (also the shop name in the top bar), logo, industry, area and contact. */
export default function RenterInfoPage() {
  const { message } = App.useApp();
  const info = useRenterInfo();
  const industries = useIndustries();
  const canEdit = useCan()('renterinfo', 'edit');
  const [form] = Form.useForm<Values>();
  const saveInfo = useSaveRenterInfo();

  useEffect(() => {
    if (info.data) form.setFieldsValue(info.data);
  }, [info.data, form]);

  if (info.isLoading || !info.data) return <Card>{info.isError ? '企业信息加载失败，请刷新重试' : <Skeleton active />}</Card>;

  const save = async (v: Values) => {
    try {
      await saveInfo.mutateAsync(v);
      message.success('保存成功');
    } catch (e) {
      const errors = ((e as ApiError).data as { errors?: { field: string; msg: string }[] } | null)?.errors ?? [];
      const known = errors.filter((x) => x.field in v);
      if (known.length) form.setFields(known.map((x) => ({ name: x.field as keyof Values, errors: [x.msg] })));
      else if (e instanceof ApiError) message.error(e.message);
    }
  };

  return (
    <Card title="企业信息">
      <Form<Values>
        form={form}
        labelCol={{ flex: '110px' }}
        wrapperCol={{ style: { maxWidth: 520 } }}
        onFinish={save}
        disabled={!canEdit}
        initialValues={info.data}
      >
        <Form.Item
          name="name"
          label="企业名称"
          extra="企业名称也是后台顶部显示的店铺名"
          rules={[
            { required: true, whitespace: true, message: '请输入企业名称' },
            { max: RENTER_NAME_MAX, message: `企业名称不能超过${RENTER_NAME_MAX}个字` },
          ]}
        >
          <Input maxLength={RENTER_NAME_MAX} showCount placeholder="请输入企业名称" />
        </Form.Item>
        <Form.Item name="logo" label="企业Logo" extra="建议尺寸 200×200 像素">
          <MediaPicker disabled={!canEdit} />
        </Form.Item>
        <Form.Item name="industry" label="所属行业" rules={[{ required: true, message: '请选择所属行业' }]}>
          <Select
            placeholder="请选择所属行业"
            loading={industries.isLoading}
            options={(industries.data ?? []).map((i) => ({ value: i.id, label: i.name }))}
            showSearch
            optionFilterProp="label"
          />
        </Form.Item>
        <Form.Item name="area" label="所在地区" rules={[{ required: true, type: 'array', min: 1, message: '请选择所在地区' }]}>
          <AreaCascader disabled={!canEdit} />
        </Form.Item>
        <Form.Item
          name="address"
          label="详细地址"
          rules={[{ max: RENTER_ADDRESS_MAX, message: `详细地址不能超过${RENTER_ADDRESS_MAX}个字` }]}
        >
          <Input maxLength={RENTER_ADDRESS_MAX} placeholder="街道、门牌号" />
        </Form.Item>
        <Form.Item
          name="contactName"
          label="联系人"
          rules={[{ max: RENTER_CONTACT_MAX, message: `联系人不能超过${RENTER_CONTACT_MAX}个字` }]}
        >
          <Input maxLength={RENTER_CONTACT_MAX} placeholder="请输入联系人姓名" />
        </Form.Item>
        <Form.Item name="contactPhone" label="联系电话" rules={[{ pattern: PHONE_RE, message: '联系电话格式不正确' }]}>
          <Input maxLength={11} placeholder="请输入联系人手机号" />
        </Form.Item>
        {canEdit && (
          <Form.Item label=" " colon={false}>
            <Button type="primary" htmlType="submit" loading={saveInfo.isPending}>
              保存
            </Button>
          </Form.Item>
        )}
      </Form>
    </Card>
  );
}
