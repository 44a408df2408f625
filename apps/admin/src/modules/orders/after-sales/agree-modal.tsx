import { AFTER_SALE_TYPE } from '@contract/index';
import { App, Descriptions, Form, Modal, Radio, Skeleton, Typography } from 'antd';
import { AmountInput } from '@/shared';
import { yuan } from '@/shared/money';
import { useCheckInfo, useCheckService } from './after-sales.queries';
import { type AfterSaleDetail, amountRule, useStepRun } from './step-modal';

/** 同意: a refund-only refunds now (amount, default what was asked, confirmed); a return or exchange names the return address. */
export function AgreeModal({ d, open, onClose }: { d: AfterSaleDetail; open: boolean; onClose: () => void }) {
  const info = useCheckInfo(d.id, open);
  const [form] = Form.useForm<{ amount?: string; addressId?: string }>();
  const check = useCheckService();
  const run = useStepRun(onClose);
  const refundOnly = d.type === AFTER_SALE_TYPE.refund;
  const { modal } = App.useApp();
  const submit = (v: { amount?: string; addressId?: string }) => {
    const go = () =>
      run(
        () => check.mutateAsync({ id: d.id, agree: true, amount: v.amount, addressId: v.addressId }),
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
      confirmLoading={check.isPending}
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
