import type { AfterSaleSettings } from '@contract/index';
import { App, Form, InputNumber, Modal, Skeleton, Switch, Typography } from 'antd';
import { useAfterSaleSettings, useSaveAfterSaleSettings } from './after-sales.queries';

const days = (label: string, min: number, max: number) => [
  { required: true, message: `请输入${label}` },
  { type: 'integer' as const, min, max, message: `${label}须为${min}–${max}的整数` },
];

/** 售后设置 (AutoCheckServer): auto-agree of unshipped refund-only requests, the timeouts, the window after completion. */
export function SettingsModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { message } = App.useApp();
  const q = useAfterSaleSettings(open);
  const saveSettings = useSaveAfterSaleSettings();
  const [form] = Form.useForm<AfterSaleSettings>();
  const save = async (v: AfterSaleSettings) => {
    try {
      await saveSettings.mutateAsync(v);
      message.success('保存成功');
      onClose();
    } catch {
      // shown by the api client
    }
  };
  return (
    <Modal
      title="售后设置"
      open={open}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText="保存"
      cancelText="取消"
      confirmLoading={saveSettings.isPending}
      destroyOnHidden
    >
      {q.isLoading || !q.data ? (
        <Skeleton active />
      ) : (
        <Form form={form} layout="vertical" initialValues={q.data} onFinish={save} preserve={false}>
          <Form.Item
            name="autoAgreeUnshipped"
            label="未发货订单的仅退款申请自动同意并退款"
            valuePropName="checked"
            extra="开启后，买家对未发货商品申请仅退款时，系统立即同意并原路退款。"
          >
            <Switch />
          </Form.Item>
          <Form.Item
            name="replyDays"
            label="商家处理时限（天）"
            rules={days('商家处理时限', 0, 30)}
            extra="超时未处理的申请由系统自动同意；0 表示不自动同意。"
          >
            <InputNumber min={0} max={30} precision={0} style={{ width: 160 }} />
          </Form.Item>
          <Form.Item
            name="returnDays"
            label="买家退货时限（天）"
            rules={days('买家退货时限', 1, 30)}
            extra="商家同意退货后，买家超时未填写退货物流，售后自动关闭。"
          >
            <InputNumber min={1} max={30} precision={0} style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="applyDays" label="售后期限（天）" rules={days('售后期限', 0, 90)} extra="订单完成后多少天内可以申请售后。">
            <InputNumber min={0} max={90} precision={0} style={{ width: 160 }} />
          </Form.Item>
          <Typography.Text type="secondary">时限从申请或同意时开始计算，修改后对新的申请生效。</Typography.Text>
        </Form>
      )}
    </Modal>
  );
}
