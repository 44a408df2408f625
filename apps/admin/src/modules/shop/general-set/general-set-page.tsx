import { Card, Form, Input, InputNumber, Skeleton } from 'antd';
import { useCan } from '@/hooks/use-can';
import { MediaPicker } from '@/shared/media-picker';
import { contactPhoneRule } from '../phone-rule';
import { SaveBar } from '../save-bar';
import { useSettingsForm } from '../use-settings-form';
import { useGeneralSet, useSaveGeneralSet } from '../shop.queries';

interface Values {
  servicePhone: string;
  logo: string;
  autoCancelMinutes: number;
  autoConfirmDays: number;
}

/** The server's limits (contract generalSet), said inline before saving. */
const intRule = (label: string, min: number, max: number, unit: string) => ({
  validator: (_: unknown, v: unknown) =>
    typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max
      ? Promise.resolve()
      : Promise.reject(new Error(v == null ? `请输入${label}` : `${label}须为${min}-${max}${unit}`)),
});

/**
 * 通用设置: the service phone (the trial banner), the shop logo (the sidebar) and the goods-order rules (unpaid orders'
 * auto-cancel minutes, shipped orders' auto-confirm days; modules/shop/README.md on the server).
 */
export default function GeneralSetPage() {
  const q = useGeneralSet();
  const saveSet = useSaveGeneralSet();
  const canEdit = useCan()('currency', 'edit');
  const { form, saving, onFinish: save } = useSettingsForm<Values, Values>(q, saveSet);

  if (q.isLoading) return <Skeleton active />;

  return (
    <Card title="通用设置">
      <Form<Values> form={form} labelCol={{ span: 5 }} wrapperCol={{ span: 14 }} onFinish={save} disabled={!canEdit}>
        <Form.Item name="servicePhone" label="客服电话" rules={[contactPhoneRule('客服电话', true)]} extra="顾客在商城中联系店铺的电话">
          <Input placeholder="手机号、固话或400电话" maxLength={20} style={{ maxWidth: 320 }} />
        </Form.Item>
        <Form.Item name="logo" label="店铺logo" extra="显示在后台左上角和商城中">
          <MediaPicker />
        </Form.Item>
        <Form.Item
          name="autoCancelMinutes"
          label="待付款订单"
          rules={[intRule('待付款订单自动取消时间', 5, 1440, '分钟')]}
          extra="下单后超过该时间未付款，订单自动关闭并退回库存"
        >
          <InputNumber min={5} max={1440} precision={0} addonAfter="分钟后自动取消" style={{ width: 240 }} />
        </Form.Item>
        <Form.Item
          name="autoConfirmDays"
          label="已发货订单"
          rules={[intRule('发货后自动确认收货时间', 1, 30, '天')]}
          extra="发货后超过该时间买家未确认收货，系统自动确认收货"
        >
          <InputNumber min={1} max={30} precision={0} addonAfter="天后自动确认收货" style={{ width: 240 }} />
        </Form.Item>
        <SaveBar saving={saving} canEdit={canEdit} offset={5} />
      </Form>
    </Card>
  );
}
