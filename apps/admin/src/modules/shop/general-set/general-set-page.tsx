import { useQueryClient } from '@tanstack/react-query';
import { Card, Form, Input, Skeleton } from 'antd';
import { api } from '@/api/client';
import { useCan } from '@/hooks/use-can';
import { MediaPicker } from '@/shared/media-picker';
import { contactPhoneRule } from '../phone-rule';
import { SaveBar } from '../save-bar';
import { useSettingsForm } from '../use-settings-form';
import { useGeneralSet } from '../shop.queries';

interface Values {
  servicePhone: string;
  logo: string;
}

/**
 * 通用设置: only what something uses today — the service phone (the trial banner) and the shop logo (the sidebar).
 * The order and points rules come back with goods orders (modules/shop/README.md on the server).
 */
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
