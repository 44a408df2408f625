import { App, Form, Input, Modal, Select, Typography } from 'antd';
import { yuan } from '@/shared/money';
import { useCancelGoodsOrder, useCancelReasons } from './goods-orders.queries';

export const OTHER_REASON = '其他原因';

/** The warning above the reason: an unpaid order just closes; a paid one is refunded in full. */
export const cancelWarning = (paid: boolean, paidAmount: number) =>
  paid ? `该订单已付款，取消后将全额原路退款 ${yuan(paidAmount)}，库存退回，且不可恢复。` : '取消后买家将无法再支付该订单，库存退回。';

/** 取消订单: a reason from GetCancelResion ('其他原因' with a remark), the refund said plainly for a paid order. */
export function CancelModal({
  order,
  open,
  onClose,
}: {
  order: { id: string; orderNo: string; paid: boolean; paidAmount: number };
  open: boolean;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const reasons = useCancelReasons(open);
  const cancel = useCancelGoodsOrder();
  const [form] = Form.useForm<{ reason: string; remark?: string }>();
  const reason = Form.useWatch('reason', form);

  const submit = async (v: { reason: string; remark?: string }) => {
    try {
      await cancel.mutateAsync({ id: order.id, reason: v.reason as never, remark: v.remark?.trim() ?? '' });
      message.success(order.paid ? '订单已取消，款项将原路退回' : '订单已取消');
      onClose();
    } catch {
      // shown by the api client
    }
  };

  return (
    <Modal
      title={`取消订单 ${order.orderNo}`}
      open={open}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText="确定取消"
      cancelText="再想想"
      okButtonProps={{ danger: true }}
      confirmLoading={cancel.isPending}
      destroyOnHidden
    >
      <Typography.Paragraph type={order.paid ? 'danger' : 'secondary'}>{cancelWarning(order.paid, order.paidAmount)}</Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={submit} preserve={false}>
        <Form.Item name="reason" label="取消原因" rules={[{ required: true, message: '请选择取消原因' }]}>
          <Select
            placeholder="请选择取消原因"
            loading={reasons.isLoading}
            options={(reasons.data?.reasons ?? []).map((r) => ({ value: r, label: r }))}
            aria-label="取消原因"
          />
        </Form.Item>
        {reason === OTHER_REASON && (
          <Form.Item
            name="remark"
            label="补充说明"
            rules={[
              { required: true, whitespace: true, message: '请填写补充说明' },
              { max: 100, message: '补充说明不能超过100个字' },
            ]}
          >
            <Input.TextArea rows={3} maxLength={100} showCount placeholder="请说明取消的原因" />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
