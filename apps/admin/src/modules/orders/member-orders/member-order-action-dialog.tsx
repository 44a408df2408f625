import { App, Form, Input, Modal } from 'antd';
import { yuan } from '@/shared/money';
import { type MemberOrderKind, useCancelMemberOrder, useRefundLevelOrder } from './member-order.queries';
import { refundAmountError } from './refund-rules';

export type MemberOrderDialog = null | 'cancel' | 'refund';

interface Order {
  status: number;
  amount: number;
  refunded: number;
  refundable: number;
}

/** 取消订单 / 重新退款 with a reason, or 退款 of a level order with an amount and a reason. */
export function MemberOrderActionDialog({
  kind,
  id,
  o,
  dialog,
  retryRefund,
  onClose,
}: {
  kind: MemberOrderKind;
  id: string;
  o: Order;
  dialog: MemberOrderDialog;
  retryRefund: boolean;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const cancel = useCancelMemberOrder(kind);
  const refund = useRefundLevelOrder();
  const [form] = Form.useForm<{ reason: string; amount: string }>();

  const submit = async (v: { reason: string; amount: string }) => {
    try {
      if (dialog === 'refund') {
        await refund.mutateAsync({ id, amount: v.amount.trim(), reason: v.reason });
        message.success('已发起退款，款项将原路退回');
      } else {
        await cancel.mutateAsync({ id, reason: v.reason });
        message.success(o.status === 0 ? '订单已取消' : '订单已取消，款项将原路退回');
      }
      onClose();
    } catch {
      // the message is shown by the client
    }
  };

  const cancelText =
    o.status === 0 ? '取消后会员将不能再支付该订单。' : `将原路退款 ${yuan(o.amount - o.refunded)}，并收回本单开通的权益卡，且不可恢复。`;

  return (
    <Modal
      title={dialog === 'refund' ? '退款' : retryRefund ? '重新退款' : '取消订单'}
      open={dialog !== null}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={cancel.isPending || refund.isPending}
      destroyOnHidden
    >
      <p>{dialog === 'refund' ? `可退金额 ${yuan(o.refundable)}，款项原路退回；全额退完将收回本单开通的付费等级。` : cancelText}</p>
      <Form form={form} layout="vertical" onFinish={submit} preserve={false}>
        {dialog === 'refund' && (
          <Form.Item
            name="amount"
            label="退款金额（元）"
            initialValue={String(o.refundable)}
            rules={[
              {
                validator: (_, v: string) =>
                  ((m) => (m ? Promise.reject(new Error(m)) : Promise.resolve()))(refundAmountError(v ?? '', o.refundable)),
              },
            ]}
          >
            <Input inputMode="decimal" />
          </Form.Item>
        )}
        <Form.Item
          name="reason"
          label={dialog === 'refund' ? '退款原因' : '取消原因'}
          rules={[
            { required: true, whitespace: true, message: dialog === 'refund' ? '请输入退款原因' : '请输入取消原因' },
            { max: 200, message: dialog === 'refund' ? '退款原因不能超过200个字' : '取消原因不能超过200个字' },
          ]}
        >
          <Input.TextArea rows={3} maxLength={200} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
