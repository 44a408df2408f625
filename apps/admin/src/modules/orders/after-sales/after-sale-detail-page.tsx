import { ArrowLeftOutlined } from '@ant-design/icons';
import { App, Button, Card, Col, Descriptions, Empty, Image, Row, Skeleton, Space, Table, Tag, Timeline, Typography } from 'antd';
import { useState } from 'react';
import { goodsPriceColumns } from '../goods-orders/line-cell';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { api } from '@/api/client';
import { useCan } from '@/hooks/use-can';
import { DebouncedButton } from '@/shared';
import { yuan } from '@/shared/money';
import { type ActionOpen, AgreeModal, MessageModal, RefundModal, RefuseModal, ResendModal } from './action-modals';
import { AFTER_SALE_COLOR } from './after-sale-filter';
import { useAfterSale, useInvalidateAfterSales, useNextActions } from './after-sales.queries';

/** 售后详情: the request, the order, amounts, the return parcel, the buttons the state allows, the negotiation history. */
export default function AfterSaleDetailPage() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const navigate = useNavigate();
  const { message, modal } = App.useApp();
  const q = useAfterSale(id);
  const next = useNextActions(id);
  const refresh = useInvalidateAfterSales();
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
          await api.afterSale.AddFlow({ id, action: 'receive' });
          message.success('已确认收货');
        } catch {
          // shown by the api client
        } finally {
          await refresh();
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
        <Row gutter={24}>
          <Col xs={24} lg={12}>
            <Descriptions title="售后申请" column={1} size="small">
              <Descriptions.Item label="售后类型">{d.typeText}</Descriptions.Item>
              <Descriptions.Item label="申请原因">{d.reason}</Descriptions.Item>
              <Descriptions.Item label="问题描述">{d.description || '—'}</Descriptions.Item>
              {d.images.length > 0 && (
                <Descriptions.Item label="凭证图片">
                  <Evidence urls={d.images} />
                </Descriptions.Item>
              )}
              {d.type !== 3 && <Descriptions.Item label="申请金额">{yuan(d.amount)}</Descriptions.Item>}
              {d.type !== 3 && <Descriptions.Item label="已退款">{yuan(d.refundedAmount)}</Descriptions.Item>}
              <Descriptions.Item label="买家手机号">{d.memberPhone || '—'}</Descriptions.Item>
              <Descriptions.Item label="申请时间">{d.createTime}</Descriptions.Item>
              {d.finishTime && <Descriptions.Item label="结束时间">{d.finishTime}</Descriptions.Item>}
            </Descriptions>
          </Col>
          <Col xs={24} lg={12}>
            <Descriptions title="订单信息" column={1} size="small">
              <Descriptions.Item label="订单编号">
                <Link to={`/GoodsOrderDetail?id=${d.order.id}`}>{d.order.orderNo}</Link>
              </Descriptions.Item>
              <Descriptions.Item label="订单状态">{d.order.statusText}</Descriptions.Item>
              <Descriptions.Item label="实付金额">
                {yuan(d.order.paidAmount)}（含运费 {yuan(d.order.freightAmount)}）
              </Descriptions.Item>
              <Descriptions.Item label="订单已退款">{yuan(d.order.refundedAmount)}</Descriptions.Item>
              <Descriptions.Item label="付款时间">{d.order.payTime || '—'}</Descriptions.Item>
              {d.returnAddress && (
                <Descriptions.Item label="退货地址">
                  {d.returnAddress.name} {d.returnAddress.phone} {d.returnAddress.address}
                </Descriptions.Item>
              )}
              {d.returnTrackingNo && (
                <Descriptions.Item label="退货物流">
                  {d.returnCompany} {d.returnTrackingNo}
                </Descriptions.Item>
              )}
              {d.resendTrackingNo && (
                <Descriptions.Item label="换货物流">
                  {d.resendCompany} {d.resendTrackingNo}
                </Descriptions.Item>
              )}
            </Descriptions>
          </Col>
        </Row>
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
      <Card title="协商历史">
        {d.logs.length ? (
          <Timeline
            items={d.logs.map((l) => ({
              color: l.by === '买家' ? 'blue' : l.by === '系统' ? 'gray' : 'green',
              children: (
                <div>
                  <div>
                    <Typography.Text strong>{l.by}</Typography.Text>　{l.action}
                    {l.amount !== null && <Typography.Text type="secondary">　{yuan(l.amount)}</Typography.Text>}
                  </div>
                  {l.note && <div>{l.note}</div>}
                  {l.images.length > 0 && <Evidence urls={l.images} size={56} />}
                  <Typography.Text type="secondary">{l.time}</Typography.Text>
                </div>
              ),
            }))}
          />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无记录" />
        )}
      </Card>
      <AgreeModal d={d} open={open === 'agree'} onClose={() => setOpen(null)} />
      <RefuseModal d={d} open={open === 'refuse'} onClose={() => setOpen(null)} />
      <RefundModal d={d} open={open === 'refund'} onClose={() => setOpen(null)} />
      <ResendModal d={d} open={open === 'resend'} onClose={() => setOpen(null)} />
      <MessageModal d={d} open={open === 'message'} onClose={() => setOpen(null)} />
    </Space>
  );
}

/** The buyer's images (凭证图片): thumbnails that open the preview, browsing all of them. */
function Evidence({ urls, size = 72 }: { urls: string[]; size?: number }) {
  return (
    <Image.PreviewGroup>
      <Space wrap size={8}>
        {urls.map((u, i) => (
          <Image key={u} src={u} width={size} height={size} style={{ objectFit: 'cover', borderRadius: 4 }} alt={`凭证图片${i + 1}`} />
        ))}
      </Space>
    </Image.PreviewGroup>
  );
}
