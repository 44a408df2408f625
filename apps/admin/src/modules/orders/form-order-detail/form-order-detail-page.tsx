import { ArrowLeftOutlined } from '@ant-design/icons';
import { App, Badge, Button, Card, Descriptions, Form, Input, Modal, Skeleton, Space, Timeline } from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useCan } from '@/hooks/use-can';
import { Can, DebouncedButton, PaySandboxNotice } from '@/shared';
import { DetailItems } from '../../forms/form-data/submission-detail-dialog';
import { ORDER_BADGE } from '../form-order-list/form-order-columns';
import { useCancelFormOrder, useFormOrder, useSaveFormOrderNotes, useTakeFormOrder } from '../orders.queries';
import { yuan } from '@/shared/money';

/** 表单订单详情: the order, the customer's answers, seller notes, cancel (refunds a paid order) and verification. */
export default function FormOrderDetailPage() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const navigate = useNavigate();
  const { message, modal } = App.useApp();
  const q = useFormOrder(id);
  const saveNotesCall = useSaveFormOrderNotes();
  const takeCall = useTakeFormOrder();
  const cancelCall = useCancelFormOrder();
  const [notes, setNotes] = useState<string | null>(null);
  const [cancelOpen, setCancelOpen] = useState(false);
  const [cancelForm] = Form.useForm<{ reason: string }>();
  const canEdit = useCan()('FormOrderList', 'edit');

  if (q.isLoading || !q.data) return <Skeleton active paragraph={{ rows: 10 }} />;
  const o = q.data;
  /** A paid order cancelled while the provider refused the refund: cancelling again retries the refund. */
  const refundOwed = o.status === 3 && Boolean(o.payTime) && !o.refundTime;
  const canCancel = canEdit && (o.status === 0 || o.status === 1 || refundOwed);
  const canTake = canEdit && o.status === 1;

  const saveNotes = async () => {
    await saveNotesCall.mutateAsync({ id, notes: notes ?? '' });
    message.success('备注已保存');
    setNotes(null);
  };
  const take = () =>
    modal.confirm({
      title: '确认核销该订单?',
      onOk: async () => {
        await takeCall.mutateAsync(id);
        message.success('核销成功');
      },
    });
  const cancel = async (v: { reason: string }) => {
    try {
      await cancelCall.mutateAsync({ id, reason: v.reason });
      message.success(o.status === 0 ? '订单已取消' : '订单已取消，款项将原路退回');
      setCancelOpen(false);
    } catch {
      // shown
    }
  };

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <PaySandboxNotice style={{ marginBottom: 0 }} />
      <Card
        title={
          <Space>
            <Button type="text" icon={<ArrowLeftOutlined />} onClick={() => navigate('/FormOrderList')} aria-label="返回" />
            订单 {o.orderNo}
            <Badge status={ORDER_BADGE[o.status]} text={o.statusText} />
          </Space>
        }
        extra={
          <Space>
            {canTake && (
              <DebouncedButton type="primary" onClick={take}>
                核销
              </DebouncedButton>
            )}
            {canCancel && (
              <DebouncedButton danger onClick={() => setCancelOpen(true)}>
                {refundOwed ? '重新退款' : '取消订单'}
              </DebouncedButton>
            )}
          </Space>
        }
      >
        <Descriptions column={3}>
          <Descriptions.Item label="表单">{o.formName}</Descriptions.Item>
          <Descriptions.Item label="金额">{yuan(o.amount)}</Descriptions.Item>
          <Descriptions.Item label="手机号">{o.phone || '—'}</Descriptions.Item>
          <Descriptions.Item label="下单时间">{o.createTime}</Descriptions.Item>
          <Descriptions.Item label="支付时间">{o.payTime || '—'}</Descriptions.Item>
          <Descriptions.Item label="到店核销">{o.needVerify ? '需要' : '不需要'}</Descriptions.Item>
          {o.verifyTime && <Descriptions.Item label="核销时间">{o.verifyTime}</Descriptions.Item>}
          {o.cancelReason && <Descriptions.Item label="取消原因">{o.cancelReason}</Descriptions.Item>}
          {o.refundTime && <Descriptions.Item label="退款时间">{o.refundTime}</Descriptions.Item>}
        </Descriptions>
      </Card>
      <Card title="填写内容">
        <DetailItems items={o.items} />
      </Card>
      <Card title="卖家备注">
        {notes === null ? (
          <Space>
            <span>{o.sellerNotes || '暂无备注'}</span>
            <Can menu="FormOrderList" op="edit">
              <Button type="link" onClick={() => setNotes(o.sellerNotes)}>
                编辑
              </Button>
            </Can>
          </Space>
        ) : (
          <Space.Compact style={{ width: '100%' }}>
            <Input.TextArea value={notes} onChange={(e) => setNotes(e.target.value)} maxLength={500} showCount rows={2} />
            <Button type="primary" onClick={saveNotes}>
              保存
            </Button>
          </Space.Compact>
        )}
      </Card>
      <Card title="订单进度">
        <Timeline items={o.timeline.map((t) => ({ children: `${t.time}　${t.text}` }))} />
      </Card>
      <Modal
        title={refundOwed ? '重新退款' : '取消订单'}
        open={cancelOpen}
        onCancel={() => setCancelOpen(false)}
        onOk={() => cancelForm.submit()}
        confirmLoading={cancelCall.isPending}
        destroyOnHidden
      >
        <p>{o.status === 0 ? '取消后顾客将不能再支付该订单。' : `将原路退款 ${yuan(o.amount)}，且不可恢复。`}</p>
        <Form form={cancelForm} layout="vertical" onFinish={cancel} preserve={false}>
          <Form.Item
            name="reason"
            label="取消原因"
            rules={[
              { required: true, whitespace: true, message: '请输入取消原因' },
              { max: 200, message: '取消原因不能超过200个字' },
            ]}
          >
            <Input.TextArea rows={3} maxLength={200} showCount placeholder="如：活动取消、顾客申请退款" />
          </Form.Item>
        </Form>
      </Modal>
    </Space>
  );
}
