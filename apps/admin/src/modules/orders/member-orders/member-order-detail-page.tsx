import { ArrowLeftOutlined } from '@ant-design/icons';
import { Badge, Button, Card, Descriptions, Empty, Skeleton, Space, Timeline } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useCan } from '@/hooks/use-can';
import { DebouncedButton, PaySandboxNotice } from '@/shared';
import { yuan } from '@/shared/money';
import { MEMBER_ORDER_BADGE } from './member-order-list-page';
import { MemberOrderActionDialog, type MemberOrderDialog } from './member-order-action-dialog';
import { MemberOrderNotesCard } from './member-order-notes-card';
import { KIND_TEXT, type MemberOrderKind, useMemberOrder } from './member-order.queries';
import { memberOrderActions } from './refund-rules';

/** 等级订单详情 / 权益卡订单详情: member, what was bought, amounts, payment, timeline, seller notes; cancel and refund. */
function MemberOrderDetail({ kind }: { kind: MemberOrderKind }) {
  const t = KIND_TEXT[kind];
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const navigate = useNavigate();
  const q = useMemberOrder(kind, id);
  const canEdit = useCan()(t.menu, 'edit');
  const [dialog, setDialog] = useState<MemberOrderDialog>(null);

  if (q.isError) return <Empty description="订单不存在" />;
  if (q.isLoading || !q.data) return <Skeleton active paragraph={{ rows: 10 }} />;
  const o = q.data;
  const can = memberOrderActions(kind, o);

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
      <MemberOrderNotesCard kind={kind} id={id} note={o.sellerNotes} canEdit={canEdit} />
      <Card title="订单进度">
        <Timeline items={o.timeline.map((x) => ({ children: `${x.time}　${x.text}` }))} />
      </Card>
      <MemberOrderActionDialog kind={kind} id={id} o={o} dialog={dialog} retryRefund={can.retryRefund} onClose={() => setDialog(null)} />
    </Space>
  );
}

export function LvOrderDetailPage() {
  return <MemberOrderDetail kind={1} />;
}

export function VipOrderDetailPage() {
  return <MemberOrderDetail kind={2} />;
}
