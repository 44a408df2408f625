import { Form, Input, Select, Typography } from 'antd';
import { AmountInput } from '@/shared';
import { yuan } from '@/shared/money';
import { useAddFlow, useCheckInfo, useCheckService } from './after-sales.queries';
import { type AfterSaleDetail, amountRule, StepModal, useStepRun } from './step-modal';

/** 拒绝 with a reason (required), before answering or at receipt of the returned goods. */
export function RefuseModal({ d, open, onClose }: { d: AfterSaleDetail; open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<{ reason: string }>();
  const check = useCheckService();
  const run = useStepRun(onClose);
  return (
    <StepModal
      title={d.status === 3 ? '拒绝收货' : '拒绝售后申请'}
      okText="确定拒绝"
      danger
      open={open}
      busy={check.isPending}
      onOk={() => form.submit()}
      onClose={onClose}
    >
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        onFinish={(v) => run(() => check.mutateAsync({ id: d.id, agree: false, reason: v.reason.trim() }), '已拒绝')}
      >
        <Form.Item
          name="reason"
          label="拒绝原因"
          rules={[
            { required: true, whitespace: true, message: '请输入拒绝原因' },
            { max: 200, message: '拒绝原因不能超过200个字' },
          ]}
        >
          <Input.TextArea rows={3} maxLength={200} showCount placeholder="买家会看到该原因" />
        </Form.Item>
      </Form>
    </StepModal>
  );
}

/** 退款 (待商家退款): an amount up to what may be refunded, confirmed; 退款中: the same refund again. */
export function RefundModal({ d, open, onClose }: { d: AfterSaleDetail; open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<{ amount: string }>();
  const flow = useAddFlow();
  const run = useStepRun(onClose);
  const retry = d.status === 5;
  return (
    <StepModal
      title={retry ? '重新退款' : '退款'}
      okText="确认退款"
      open={open}
      busy={flow.isPending}
      onOk={() => form.submit()}
      onClose={onClose}
    >
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{ amount: d.refundable.toFixed(2) }}
        onFinish={(v) =>
          run(() => flow.mutateAsync({ id: d.id, action: 'refund', amount: retry ? undefined : v.amount }), '已发起退款，款项将原路退回')
        }
      >
        <Typography.Paragraph type="warning">款项将原路退回买家，退款后不可撤回。</Typography.Paragraph>
        {retry ? (
          <Typography.Paragraph>上次退款未完成，将按原金额重新发起退款。</Typography.Paragraph>
        ) : (
          <Form.Item name="amount" label={`退款金额（元，最多 ${yuan(d.refundable)}）`} rules={[amountRule(d.refundable)]}>
            <AmountInput placeholder="0.00" aria-label="退款金额" />
          </Form.Item>
        )}
      </Form>
    </StepModal>
  );
}

/** 换货发货: the new parcel's company and tracking number. */
export function ResendModal({ d, open, onClose }: { d: AfterSaleDetail; open: boolean; onClose: () => void }) {
  const info = useCheckInfo(d.id, open);
  const [form] = Form.useForm<{ companyCode: string; trackingNo: string }>();
  const flow = useAddFlow();
  const run = useStepRun(onClose);
  return (
    <StepModal title="换货发货" okText="确认发货" open={open} busy={flow.isPending} onOk={() => form.submit()} onClose={onClose}>
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        onFinish={(v) => run(() => flow.mutateAsync({ id: d.id, action: 'resend', ...v, trackingNo: v.trackingNo.trim() }), '发货成功')}
      >
        <Form.Item name="companyCode" label="快递公司" rules={[{ required: true, message: '请选择快递公司' }]}>
          <Select
            placeholder="请选择快递公司"
            loading={info.isLoading}
            options={(info.data?.companies ?? []).map((c) => ({ value: c.code, label: c.name }))}
            aria-label="快递公司"
          />
        </Form.Item>
        <Form.Item
          name="trackingNo"
          label="快递单号"
          rules={[
            { required: true, whitespace: true, message: '请输入快递单号' },
            { max: 40, message: '快递单号不能超过40个字' },
          ]}
        >
          <Input placeholder="请输入快递单号" />
        </Form.Item>
      </Form>
    </StepModal>
  );
}

/** 留言: a message to the buyer, kept in the history. */
export function MessageModal({ d, open, onClose }: { d: AfterSaleDetail; open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<{ note: string }>();
  const flow = useAddFlow();
  const run = useStepRun(onClose);
  return (
    <StepModal title="留言" okText="发送" open={open} busy={flow.isPending} onOk={() => form.submit()} onClose={onClose}>
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        onFinish={(v) => run(() => flow.mutateAsync({ id: d.id, action: 'message', note: v.note.trim() }), '留言成功')}
      >
        <Form.Item
          name="note"
          label="留言内容"
          rules={[
            { required: true, whitespace: true, message: '请输入留言内容' },
            { max: 200, message: '留言内容不能超过200个字' },
          ]}
        >
          <Input.TextArea rows={3} maxLength={200} showCount />
        </Form.Item>
      </Form>
    </StepModal>
  );
}
