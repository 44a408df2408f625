import { AFTER_SALE_TYPE, type contract, type DataOf } from '@contract/index';
import { App, Descriptions, Form, Input, Modal, Radio, Select, Skeleton, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { api } from '@/api/client';
import { AmountInput } from '@/shared';
import { yuan } from '@/shared/money';
import { refundAmountError } from '../member-orders/refund-rules';
import { useCheckInfo, useInvalidateAfterSales } from './after-sales.queries';

type Detail = DataOf<typeof contract.afterSale.GetServerDetail>;
export type ActionOpen = 'agree' | 'refuse' | 'refund' | 'resend' | 'message' | null;

function useSubmit(onClose: () => void) {
  const { message } = App.useApp();
  const refresh = useInvalidateAfterSales();
  const [busy, setBusy] = useState(false);
  const run = async (work: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await work();
      message.success(done);
      onClose();
    } catch {
      // shown by the api client
    } finally {
      setBusy(false);
      await refresh();
    }
  };
  return { busy, run };
}

/** The dialog shell of a step: a form submitted by OK, the busy state on OK. */
function StepModal(p: {
  title: string;
  okText: string;
  open: boolean;
  busy: boolean;
  danger?: boolean;
  onOk: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Modal
      title={p.title}
      open={p.open}
      onCancel={p.onClose}
      onOk={p.onOk}
      okText={p.okText}
      okButtonProps={{ danger: p.danger }}
      cancelText="取消"
      confirmLoading={p.busy}
      destroyOnHidden
    >
      {p.children}
    </Modal>
  );
}

const amountRule = (refundable: number) => ({
  validator: (_: unknown, v: string) => {
    const why = refundAmountError(v ?? '', refundable);
    return why ? Promise.reject(new Error(why)) : Promise.resolve();
  },
});

/** 同意: a refund-only refunds now (amount, default what was asked, confirmed); a return or exchange names the return address. */
export function AgreeModal({ d, open, onClose }: { d: Detail; open: boolean; onClose: () => void }) {
  const info = useCheckInfo(d.id, open);
  const [form] = Form.useForm<{ amount?: string; addressId?: string }>();
  const { busy, run } = useSubmit(onClose);
  const refundOnly = d.type === AFTER_SALE_TYPE.refund;
  const { modal } = App.useApp();
  const submit = (v: { amount?: string; addressId?: string }) => {
    const go = () =>
      run(
        () => api.afterSale.CheckService({ id: d.id, agree: true, amount: v.amount, addressId: v.addressId }),
        refundOnly ? '已同意并退款' : '已同意，等待买家退货',
      );
    if (!refundOnly) return go();
    modal.confirm({
      title: '确认退款',
      content: `将原路退款 ${yuan(Number(v.amount))} 给买家，退款后不可撤回。`,
      okText: '确认退款',
      cancelText: '再想想',
      onOk: go,
    });
  };
  const addresses = info.data?.addresses ?? [];
  return (
    <Modal
      title={refundOnly ? '同意退款' : `同意${d.typeText}`}
      open={open}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={refundOnly ? '同意并退款' : '同意'}
      cancelText="取消"
      confirmLoading={busy}
      destroyOnHidden
    >
      {info.isLoading || !info.data ? (
        <Skeleton active />
      ) : (
        <Form
          form={form}
          layout="vertical"
          onFinish={submit}
          preserve={false}
          initialValues={{ amount: info.data.amount.toFixed(2), addressId: addresses.find((a) => a.isDefault)?.id ?? addresses[0]?.id }}
        >
          <Descriptions column={1} size="small" style={{ marginBottom: 16 }}>
            <Descriptions.Item label="商品">{info.data.items.map((i) => `${i.title} ×${i.qty}`).join('，')}</Descriptions.Item>
            {refundOnly && <Descriptions.Item label="买家申请">{yuan(info.data.amount)}</Descriptions.Item>}
            {refundOnly && <Descriptions.Item label="最多可退">{yuan(info.data.refundable)}</Descriptions.Item>}
          </Descriptions>
          {refundOnly ? (
            <Form.Item
              name="amount"
              label="退款金额（元）"
              rules={[amountRule(info.data.refundable)]}
              extra="少于申请金额即为部分退款，售后随之完成。"
            >
              <AmountInput placeholder="0.00" aria-label="退款金额" />
            </Form.Item>
          ) : addresses.length ? (
            <Form.Item name="addressId" label="退货地址" rules={[{ required: true, message: '请选择退货地址' }]}>
              <Radio.Group style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
                {addresses.map((a) => (
                  <Radio key={a.id} value={a.id}>
                    {a.name} {a.phone} {a.address}
                    {a.isDefault && <Typography.Text type="secondary">（默认）</Typography.Text>}
                  </Radio>
                ))}
              </Radio.Group>
            </Form.Item>
          ) : (
            <Typography.Paragraph type="danger">
              还没有退货地址，请先到「店铺设置 - 退货地址」添加，买家才知道寄回到哪里。
            </Typography.Paragraph>
          )}
        </Form>
      )}
    </Modal>
  );
}

/** 拒绝 with a reason (required), before answering or at receipt of the returned goods. */
export function RefuseModal({ d, open, onClose }: { d: Detail; open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<{ reason: string }>();
  const { busy, run } = useSubmit(onClose);
  return (
    <StepModal
      title={d.status === 3 ? '拒绝收货' : '拒绝售后申请'}
      okText="确定拒绝"
      danger
      open={open}
      busy={busy}
      onOk={() => form.submit()}
      onClose={onClose}
    >
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        onFinish={(v) => run(() => api.afterSale.CheckService({ id: d.id, agree: false, reason: v.reason.trim() }), '已拒绝')}
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
export function RefundModal({ d, open, onClose }: { d: Detail; open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<{ amount: string }>();
  const { busy, run } = useSubmit(onClose);
  const retry = d.status === 5;
  return (
    <StepModal title={retry ? '重新退款' : '退款'} okText="确认退款" open={open} busy={busy} onOk={() => form.submit()} onClose={onClose}>
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{ amount: d.refundable.toFixed(2) }}
        onFinish={(v) =>
          run(
            () => api.afterSale.AddFlow({ id: d.id, action: 'refund', amount: retry ? undefined : v.amount }),
            '已发起退款，款项将原路退回',
          )
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
export function ResendModal({ d, open, onClose }: { d: Detail; open: boolean; onClose: () => void }) {
  const info = useCheckInfo(d.id, open);
  const [form] = Form.useForm<{ companyCode: string; trackingNo: string }>();
  const { busy, run } = useSubmit(onClose);
  return (
    <StepModal title="换货发货" okText="确认发货" open={open} busy={busy} onOk={() => form.submit()} onClose={onClose}>
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        onFinish={(v) =>
          run(() => api.afterSale.AddFlow({ id: d.id, action: 'resend', ...v, trackingNo: v.trackingNo.trim() }), '发货成功')
        }
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
export function MessageModal({ d, open, onClose }: { d: Detail; open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<{ note: string }>();
  const { busy, run } = useSubmit(onClose);
  return (
    <StepModal title="留言" okText="发送" open={open} busy={busy} onOk={() => form.submit()} onClose={onClose}>
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        onFinish={(v) => run(() => api.afterSale.AddFlow({ id: d.id, action: 'message', note: v.note.trim() }), '留言成功')}
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
