import {
  POINTS_DEDUCT_AT,
  POINTS_DEDUCT_AT_LABELS,
  POINTS_GRANT_AT,
  POINTS_GRANT_AT_LABELS,
  STOCK_DEDUCT_AT,
  STOCK_DEDUCT_AT_LABELS,
} from '@contract/index';
import { useQueryClient } from '@tanstack/react-query';
import { Card, Form, Input, InputNumber, Radio, Skeleton } from 'antd';
import { api } from '@/api/client';
import { useCan } from '@/hooks/use-can';
import { MediaPicker } from '@/shared/media-picker';
import { contactPhoneRule } from '../phone-rule';
import { SaveBar } from '../save-bar';
import { useSettingsForm } from '../use-settings-form';
import { useGeneralSet } from '../shop.queries';

interface Values {
  autoCancelMinutes: number;
  autoConfirmDays: number;
  pointsDeductAt: (typeof POINTS_DEDUCT_AT)[number];
  pointsGrantAt: (typeof POINTS_GRANT_AT)[number];
  stockDeductAt: (typeof STOCK_DEDUCT_AT)[number];
  servicePhone: string;
  logo: string;
}

const radios = <K extends string>(keys: readonly K[], labels: Record<K, string>) => keys.map((k) => ({ value: k, label: labels[k] }));

const wholeIn = (label: string, unit: string, min: number, max: number) => [
  { required: true, message: `请输入${label}` },
  { type: 'integer' as const, min, max, message: `${label}须在${min}-${max}${unit}之间` },
];

/** 通用设置: order timeouts, points and stock timing, the service phone and the shop logo (shown in the console's shell). */
export default function GeneralSetPage() {
  const q = useGeneralSet();
  const qc = useQueryClient();
  const canEdit = useCan()('currency', 'edit');
  const {
    form,
    saving,
    onFinish: save,
  } = useSettingsForm<Values, Values>(q, async (v) => {
    await api.shop.SaveGeneralSet(v, { silent: true });
    // The shell shows the logo and the service phone from GetSetInfo.
    await qc.invalidateQueries({ queryKey: ['login', 'setInfo'] });
  });

  if (q.isLoading) return <Skeleton active />;

  return (
    <Card title="通用设置">
      <Form<Values> form={form} labelCol={{ span: 5 }} wrapperCol={{ span: 14 }} onFinish={save} disabled={!canEdit}>
        <Form.Item label="待付款订单自动取消" required>
          <Form.Item name="autoCancelMinutes" noStyle rules={wholeIn('待付款订单自动取消时间', '分钟', 5, 1440)}>
            <InputNumber<number> min={5} max={1440} precision={0} addonAfter="分钟" style={{ width: 200 }} />
          </Form.Item>
          <div className="ant-form-item-extra">下单后超过该时间未付款，订单自动取消（5-1440分钟）</div>
        </Form.Item>
        <Form.Item label="自动确认收货" required>
          <Form.Item name="autoConfirmDays" noStyle rules={wholeIn('自动确认收货时间', '天', 1, 30)}>
            <InputNumber<number> min={1} max={30} precision={0} addonAfter="天" style={{ width: 200 }} />
          </Form.Item>
          <div className="ant-form-item-extra">发货后超过该天数，订单自动确认收货（1-30天）</div>
        </Form.Item>
        <Form.Item name="stockDeductAt" label="库存扣减时机" extra="付款减库存时，库存不足的订单在付款时会被拒绝">
          <Radio.Group options={radios(STOCK_DEDUCT_AT, STOCK_DEDUCT_AT_LABELS)} />
        </Form.Item>
        <Form.Item name="pointsDeductAt" label="积分抵扣时机" extra="订单取消后，已扣除的积分退回">
          <Radio.Group options={radios(POINTS_DEDUCT_AT, POINTS_DEDUCT_AT_LABELS)} />
        </Form.Item>
        <Form.Item name="pointsGrantAt" label="积分发放时机">
          <Radio.Group options={radios(POINTS_GRANT_AT, POINTS_GRANT_AT_LABELS)} />
        </Form.Item>
        <Form.Item name="servicePhone" label="客服电话" rules={[contactPhoneRule('客服电话', true)]} extra="顾客在商城中联系店铺的电话">
          <Input placeholder="手机号、固话或400电话" maxLength={20} style={{ maxWidth: 320 }} />
        </Form.Item>
        <Form.Item name="logo" label="店铺logo" extra="显示在后台左上角和商城中">
          <MediaPicker />
        </Form.Item>
        <SaveBar saving={saving} canEdit={canEdit} offset={5} />
      </Form>
    </Card>
  );
}
