import { SHOP_INTRO_MAX, SHOP_NAME_MAX } from '@contract/index';
import { Card, Form, Input, InputNumber, Skeleton, Space } from 'antd';
import { useCan } from '@/hooks/use-can';
import { MediaPicker } from '@/shared/media-picker';
import { AreaCascader } from '@/shared';
import { contactPhoneRule } from '../phone-rule';
import { SaveBar } from '../save-bar';
import { useSettingsForm } from '../use-settings-form';
import { useSaveStoreInfo, useStoreInfo } from '../shop.queries';

interface Values {
  name: string;
  logo: string;
  phone: string;
  area: string[];
  address: string;
  lng: number | null;
  lat: number | null;
  businessHours: string;
  intro: string;
}

/** 店铺信息: the current shop's name, logo, phone, address with its position, business hours and intro. */
export default function StoreInfoPage() {
  const q = useStoreInfo();
  const saveInfo = useSaveStoreInfo();
  const canEdit = useCan()('storeInformation', 'edit');
  const {
    form,
    saving,
    onFinish: save,
  } = useSettingsForm<Values, Values, Parameters<typeof saveInfo.mutateAsync>[0]>(q, saveInfo, undefined, (v) => ({
    ...v,
    lng: v.lng ?? null,
    lat: v.lat ?? null,
  }));

  if (q.isLoading) return <Skeleton active />;

  // Longitude and latitude go together: the empty one of a half-filled pair says so (once, under the pair).
  const pairRule = (other: 'lng' | 'lat') => ({
    validator: async (_r: unknown, v: number | null | undefined) => {
      const o = form.getFieldValue(other);
      if ((v === null || v === undefined) && o !== null && o !== undefined) throw new Error('经度和纬度须同时填写');
    },
  });

  return (
    <Card title="店铺信息">
      <Form<Values>
        form={form}
        labelCol={{ span: 4 }}
        wrapperCol={{ span: 12 }}
        onFinish={save}
        disabled={!canEdit}
        scrollToFirstError={{ behavior: 'smooth', block: 'center', focus: true }}
      >
        <Form.Item
          name="name"
          label="店铺名称"
          rules={[
            { required: true, whitespace: true, message: '请输入店铺名称' },
            { max: SHOP_NAME_MAX, message: `店铺名称不能超过${SHOP_NAME_MAX}个字` },
          ]}
        >
          <Input maxLength={SHOP_NAME_MAX} showCount placeholder="顾客在店铺里看到的名称" />
        </Form.Item>
        <Form.Item name="logo" label="店铺logo" extra="建议尺寸 200×200 像素的正方形图片">
          <MediaPicker />
        </Form.Item>
        <Form.Item name="phone" label="联系电话" rules={[contactPhoneRule('联系电话', true)]}>
          <Input placeholder="手机号或固话，如 0571-88888888" maxLength={20} />
        </Form.Item>
        <Form.Item name="area" label="所在地区">
          <AreaCascader />
        </Form.Item>
        <Form.Item name="address" label="详细地址" rules={[{ max: 100, message: '详细地址不能超过100个字' }]}>
          <Input placeholder="街道、门牌号" maxLength={100} />
        </Form.Item>
        <Form.Item label="地图位置" extra="经纬度（GCJ-02，可在地图坐标拾取工具中查询），不填则不在地图上显示">
          <Space.Compact block>
            <Form.Item name="lng" noStyle dependencies={['lat']} rules={[pairRule('lat')]}>
              <InputNumber<number>
                addonBefore="经度"
                min={-180}
                max={180}
                precision={6}
                style={{ width: '50%' }}
                placeholder="如 120.155070"
              />
            </Form.Item>
            <Form.Item name="lat" noStyle dependencies={['lng']} rules={[pairRule('lng')]}>
              <InputNumber<number>
                addonBefore="纬度"
                min={-90}
                max={90}
                precision={6}
                style={{ width: '50%' }}
                placeholder="如 30.274084"
              />
            </Form.Item>
          </Space.Compact>
        </Form.Item>
        <Form.Item name="businessHours" label="营业时间" rules={[{ max: 50, message: '营业时间不能超过50个字' }]}>
          <Input placeholder="如：周一至周日 09:00-22:00" maxLength={50} />
        </Form.Item>
        <Form.Item name="intro" label="店铺简介" rules={[{ max: SHOP_INTRO_MAX, message: `店铺简介不能超过${SHOP_INTRO_MAX}个字` }]}>
          <Input.TextArea rows={4} maxLength={SHOP_INTRO_MAX} showCount placeholder="介绍一下店铺" />
        </Form.Item>
        <SaveBar saving={saving} canEdit={canEdit} />
      </Form>
    </Card>
  );
}
