import { LOCAL_RADIUS_MAX_KM } from '@contract/index';
import { Alert, App, Button, Form, InputNumber } from 'antd';
import { useEffect } from 'react';
import { showFieldErrors } from '@/modules/shop/form-errors';
import { AmountInput } from '@/shared';
import { useSaveLocalSet } from '../delivery.queries';

interface Values {
  radiusKm: number | null;
  minAmount: string;
  fee: string;
  freeFrom: string;
}

interface Props {
  initial: { radiusKm: number; minAmount: number; fee: number; freeFrom: number; shopLocated: boolean };
  canEdit: boolean;
}

/** 同城配送's terms: radius around the shop, 起送价, 配送费, 满额免配送费. */
export function LocalForm({ initial, canEdit }: Props) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const saveLocal = useSaveLocalSet();

  useEffect(() => {
    form.setFieldsValue({
      radiusKm: initial.radiusKm,
      minAmount: String(initial.minAmount),
      fee: String(initial.fee),
      freeFrom: String(initial.freeFrom),
    });
  }, [initial, form]);

  const save = async (v: Values) => {
    try {
      await saveLocal.mutateAsync({ radiusKm: v.radiusKm ?? 0, minAmount: v.minAmount, fee: v.fee, freeFrom: v.freeFrom || 0 });
      message.success('保存成功');
    } catch (e) {
      if (!showFieldErrors(form, e)) message.error((e as Error).message);
    }
  };

  return (
    <Form<Values> form={form} labelCol={{ span: 4 }} wrapperCol={{ span: 12 }} onFinish={save} disabled={!canEdit}>
      {!initial.shopLocated && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          message="店铺尚未设置经纬度，请先在「店铺信息」中填写，配送半径从店铺位置算起"
        />
      )}
      <Form.Item name="radiusKm" label="配送半径" rules={[{ required: true, message: '请输入配送半径' }]}>
        <InputNumber
          aria-label="配送半径"
          min={0.1}
          max={LOCAL_RADIUS_MAX_KM}
          step={0.5}
          precision={1}
          addonAfter="公里"
          style={{ width: 200 }}
        />
      </Form.Item>
      <Form.Item name="minAmount" label="起送价" rules={[{ required: true, message: '请输入起送价' }]}>
        <AmountInput aria-label="起送价" addonAfter="元" style={{ width: 200 }} />
      </Form.Item>
      <Form.Item name="fee" label="配送费" rules={[{ required: true, message: '请输入配送费' }]}>
        <AmountInput aria-label="配送费" addonAfter="元" style={{ width: 200 }} />
      </Form.Item>
      <Form.Item name="freeFrom" label="满额免配送费" extra="订单金额达到该金额免配送费，填 0 表示不免">
        <AmountInput aria-label="满额免配送费" addonAfter="元" style={{ width: 200 }} />
      </Form.Item>
      {canEdit && (
        <Form.Item wrapperCol={{ offset: 4 }}>
          <Button type="primary" htmlType="submit" loading={saveLocal.isPending}>
            保存
          </Button>
        </Form.Item>
      )}
    </Form>
  );
}
