import { ArrowLeftOutlined } from '@ant-design/icons';
import { App, Badge, Button, Card, Descriptions, Empty, Form, Input, Modal, Skeleton, Space, Timeline } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useCan } from '@/hooks/use-can';
import { DebouncedButton, PaySandboxNotice } from '@/shared';
import { yuan } from '@/shared/money';
import { MEMBER_ORDER_BADGE } from './member-order-list-page';
import {
  cancelOrder,
  KIND_TEXT,
  type MemberOrderKind,
  refundLevelOrder,
  saveNotes,
  useInvalidateMemberOrders,
  useMemberOrder,
} from './member-order.queries';
import { memberOrderActions, refundAmountError } from './refund-rules';

type Dialog = null | 'cancel' | 'refund';

/** 等级订单详情 / 权益卡订单详情: member, what was bought, amounts, payment, timeline, seller notes; cancel and refund. */
function MemberOrderDetail({ kind }: { kind: MemberOrderKind }) {
  const t = KIND_TEXT[kind];
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const navigate = useNavigate();
  const { message } = App.useApp();
  const q = useMemberOrder(kind, id);
  const refresh = useInvalidateMemberOrders();
  const canEdit = useCan()(t.menu, 'edit');
  const [notes, setNotes] = useState<string | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<{ reason: string; amount: string }>();

  if (q.isError) return <Empty description="订单不存在" />;
  if (q.isLoading || !q.data) return <Skeleton active paragraph={{ rows: 10 }} />;
  const o = q.data;
  const can = memberOrderActions(kind, o);

  const submit = async (v: { reason: string; amount: string }) => {
    setBusy(true);
    try {
      if (dialog === 'refund') {
        await refundLevelOrder(id, v.amount.trim(), v.reason);
        message.success('已发起退款，款项将原路退回');
      } else {
        await cancelOrder(kind, id, v.reason);
        message.success(o.status === 0 ? '订单已取消' : '订单已取消，款项将原路退回');
      }
      setDialog(null);
      await refresh();
      // The refund itself is a job that runs a moment after: show its outcome too.
      if (dialog === 'refund' || o.status !== 0) setTimeout(() => void refresh(), 1500);
    } catch {
      // the message is shown by the client
    } finally {
      setBusy(false);
    }
  };
  const save = async () => {
    await saveNotes(kind, id, notes ?? '');
    message.success('备注已保存');
    setNotes(null);
    await refresh();
  };

  const cancelText =
    o.status === 0 ? '取消后会员将不能再支付该订单。' : `将原路退款 ${yuan(o.amount - o.refunded)}，并收回本单开通的权益卡，且不可恢复。`;

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <PaySandboxNotice style={{ marginBottom: 0 }} />
      <Card
        title={
          <Space>
            <Button type="text" icon={<ArrowLeftOutlined />} onClick={() => navigate(t.list)} aria-label="返回" />
            订单 {o.orderNo}
            <Badge status={MEMBER_ORDER_BADGE[o.status]} text={o.statusText} />
          </Space>
        }
        extra={
          canEdit && (
            <Space>
              {can.refund && (
                <DebouncedButton onClick={() => setDialog('refund')} danger>
                  退款
                </DebouncedButton>
              )}
              {(can.cancel || can.retryRefund) && (
                <DebouncedButton danger onClick={() => setDialog('cancel')}>
                  {can.retryRefund ? '重新退款' : '取消订单'}
                </DebouncedButton>
              )}
            </Space>
          )
        }
      >
        <Descriptions column={3} title="会员" style={{ marginBottom: 16 }}>
          <Descriptions.Item label="会员">
            <Link to={`/memberdetail?id=${o.memberId}`}>{o.memberName || o.phone}</Link>
          </Descriptions.Item>
          <Descriptions.Item label="手机号">{o.phone || '—'}</Descriptions.Item>
        </Descriptions>
        <Descriptions column={3} title="购买内容" style={{ marginBottom: 16 }}>
          <Descriptions.Item label={t.item}>{o.itemName}</Descriptions.Item>
          <Descriptions.Item label="售价">{yuan(o.price)}</Descriptions.Item>
          <Descriptions.Item label="有效期">{o.validText}</Descriptions.Item>
          {o.grantStart && <Descriptions.Item label="生效时间">{o.grantStart}</Descriptions.Item>}
          {o.grantEnd && <Descriptions.Item label="到期时间">{o.grantEnd}</Descriptions.Item>}
          {o.cardNo && <Descriptions.Item label="卡号">{o.cardNo}</Descriptions.Item>}
        </Descriptions>
        <Descriptions column={3} title="支付">
          <Descriptions.Item label="实付金额">{yuan(o.amount)}</Descriptions.Item>
          <Descriptions.Item label="已退金额">{yuan(o.refunded)}</Descriptions.Item>
          <Descriptions.Item label="下单时间">{o.createTime}</Descriptions.Item>
          <Descriptions.Item label="支付时间">{o.payTime || '—'}</Descriptions.Item>
          {o.cancelReason && <Descriptions.Item label="取消原因">{o.cancelReason}</Descriptions.Item>}
          {o.refundTime && <Descriptions.Item label="退款时间">{o.refundTime}</Descriptions.Item>}
        </Descriptions>
      </Card>
      <Card title="卖家备注">
        {notes === null ? (
          <Space>
            <span>{o.sellerNotes || '暂无备注'}</span>
            {canEdit && (
              <Button type="link" onClick={() => setNotes(o.sellerNotes)}>
                编辑
              </Button>
            )}
          </Space>
        ) : (
          <Space.Compact style={{ width: '100%' }}>
            <Input.TextArea
              value={notes}
              onChange={(e) => setNotes(e.target.value)}
              maxLength={500}
              showCount
              rows={2}
              aria-label="卖家备注"
            />
            <Button type="primary" onClick={save}>
              保存
            </Button>
          </Space.Compact>
        )}
      </Card>
      <Card title="订单进度">
        <Timeline items={o.timeline.map((x) => ({ children: `${x.time}　${x.text}` }))} />
      </Card>
      <Modal
        title={dialog === 'refund' ? '退款' : can.retryRefund ? '重新退款' : '取消订单'}
        open={dialog !== null}
        onCancel={() => setDialog(null)}
        onOk={() => form.submit()}
        confirmLoading={busy}
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
    </Space>
  );
}

export function LvOrderDetailPage() {
  return <MemberOrderDetail kind={1} />;
}

export function VipOrderDetailPage() {
  return <MemberOrderDetail kind={2} />;
}
