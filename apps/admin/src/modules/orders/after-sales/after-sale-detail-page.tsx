import { ArrowLeftOutlined } from '@ant-design/icons';
import { App, Button, Card, Empty, Skeleton, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { goodsPriceColumns } from '../goods-orders/line-cell';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useCan } from '@/hooks/use-can';
import { DebouncedButton } from '@/shared';
import { MessageModal, RefundModal, RefuseModal, ResendModal } from './action-modals';
import { AfterSaleHistoryCard, AfterSaleInfo } from './after-sale-detail-cards';
import { AgreeModal } from './agree-modal';
import { AFTER_SALE_COLOR } from './after-sale-filter';
import { useAddFlow, useAfterSale, useNextActions } from './after-sales.queries';
import type { ActionOpen } from './step-modal';

/** 售后详情: the request, the order, amounts, the return parcel, the buttons the state allows, the negotiation history. */
export default function AfterSaleDetailPage() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const navigate = useNavigate();
  const { message, modal } = App.useApp();
  const q = useAfterSale(id);
  const next = useNextActions(id);
  const flow = useAddFlow();
  const canEdit = useCan()('SalesProtection', 'edit');
  const [open, setOpen] = useState<ActionOpen>(null);

  if (id && q.isLoading) return <Skeleton active paragraph={{ rows: 12 }} />;
  if (!q.data)
    return (
      <Card>
        <Empty description="售后单不存在或已删除">
          <Button onClick={() => navigate('/SalesProtection')}>返回售后列表</Button>
        </Empty>
      </Card>
    );
  const d = q.data;
  const actions = canEdit ? (next.data?.actions ?? []) : [];
  const receive = () =>
    modal.confirm({
      title: '确认收到退货',
      content: `确认已收到买家寄回的商品？商品将退回库存${d.type === 3 ? '，然后请发出换货商品' : '，然后请退款'}。`,
      okText: '确认收货',
      cancelText: '取消',
      onOk: async () => {
        try {
          await flow.mutateAsync({ id, action: 'receive' });
          message.success('已确认收货');
        } catch {
          // shown by the api client
        }
      },
    });
  const press = (a: string) => (a === 'receive' ? receive() : setOpen(a as ActionOpen));

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card
        title={
          <Space>
            <Button type="text" icon={<ArrowLeftOutlined />} onClick={() => navigate(-1)} aria-label="返回" />
            售后单 {d.afterSaleNo}
            <Tag color={AFTER_SALE_COLOR[d.status]}>{d.statusText}</Tag>
          </Space>
        }
        extra={
          <Space>
            {actions.map((a) => (
              <DebouncedButton
                key={a.action}
                type={
                  a.action === 'agree' || a.action === 'refund' || a.action === 'receive' || a.action === 'resend' ? 'primary' : 'default'
                }
                danger={a.action === 'refuse'}
                onClick={() => press(a.action)}
              >
                {a.action === 'refuse' && d.status === 3 ? '拒绝收货' : a.action === 'refund' && d.status === 5 ? '重新退款' : a.text}
              </DebouncedButton>
            ))}
          </Space>
        }
      >
        {d.deadline && (
          <Typography.Paragraph type="warning">
            {d.status === 1 ? `请在 ${d.deadline} 前处理，超时系统将自动同意` : `买家需在 ${d.deadline} 前寄回商品，超时售后自动关闭`}
          </Typography.Paragraph>
        )}
        {d.refuseReason && <Typography.Paragraph type="danger">拒绝原因：{d.refuseReason}</Typography.Paragraph>}
        <AfterSaleInfo d={d} />
      </Card>
      <Card title="售后商品">
        <Table
          rowKey="lineId"
          size="small"
          pagination={false}
          dataSource={d.items}
          columns={[...goodsPriceColumns<(typeof d.items)[number]>(), { title: '申请数量', dataIndex: 'qty', width: 100, align: 'right' }]}
        />
      </Card>
      <AfterSaleHistoryCard logs={d.logs} />
      <AgreeModal d={d} open={open === 'agree'} onClose={() => setOpen(null)} />
      <RefuseModal d={d} open={open === 'refuse'} onClose={() => setOpen(null)} />
      <RefundModal d={d} open={open === 'refund'} onClose={() => setOpen(null)} />
      <ResendModal d={d} open={open === 'resend'} onClose={() => setOpen(null)} />
      <MessageModal d={d} open={open === 'message'} onClose={() => setOpen(null)} />
    </Space>
  );
}
