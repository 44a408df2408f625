import { ArrowLeftOutlined } from '@ant-design/icons';
import { DELIVERY_METHOD, GOODS_ORDER_STATUS } from '@contract/index';
import { App, Button, Card, Col, Descriptions, Empty, Input, Row, Skeleton, Space, Steps, Table, Tag, Timeline, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { api } from '@/api/client';
import { useCan } from '@/hooks/use-can';
import { DebouncedButton, PaySandboxNotice } from '@/shared';
import { yuan } from '@/shared/money';
import { OrderAfterSalesCard } from '../after-sales/order-after-sales-card';
import { AddressModal } from './address-modal';
import { CancelModal } from './cancel-modal';
import { stepsOf } from './detail-steps';
import { STATUS_COLOR } from './goods-order-columns';
import { useGoodsOrder, useInvalidateGoodsOrders } from './goods-orders.queries';
import { goodsPriceColumns } from './line-cell';
import { LogisticsDrawer } from './logistics-drawer';
import { ShipModal } from './ship-modal';
import { TakeModal } from './take-modal';

type Open = 'ship' | 'cancel' | 'address' | 'take' | null;

/** 订单详情: steps, buyer and address, lines and amounts, payment, parcels with tracking, seller notes, timeline. */
export default function GoodsOrderDetailPage() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const navigate = useNavigate();
  const { message, modal } = App.useApp();
  const q = useGoodsOrder(id);
  const refresh = useInvalidateGoodsOrders();
  const canEdit = useCan()('GoodsOrderList', 'edit');
  const [open, setOpen] = useState<Open>(null);
  const [tracking, setTracking] = useState<{ parcelId?: string } | null>(null);
  const [notes, setNotes] = useState<string | null>(null);
  const [savingNotes, setSavingNotes] = useState(false);

  if (id && q.isLoading) return <Skeleton active paragraph={{ rows: 12 }} />;
  if (!q.data)
    return (
      <Card>
        <Empty description="订单不存在或已删除">
          <Button onClick={() => navigate('/GoodsOrderList')}>返回订单列表</Button>
        </Empty>
      </Card>
    );
  const o = q.data;
  const paid = Boolean(o.payTime);
  const pickup = o.deliveryMethod === DELIVERY_METHOD.pickup;
  const canShip = canEdit && o.status === GOODS_ORDER_STATUS.toShip && !pickup;
  const canCancel = canEdit && (o.status === GOODS_ORDER_STATUS.unpaid || (o.status === GOODS_ORDER_STATUS.toShip && !o.parcels.length));
  const canConfirm = canEdit && o.status === GOODS_ORDER_STATUS.shipped;
  const canTake = canEdit && o.status === GOODS_ORDER_STATUS.toShip && pickup;
  const canAddress = canEdit && Boolean(o.address) && o.status <= GOODS_ORDER_STATUS.toShip && !o.parcels.length;
  const steps = stepsOf(o);

  const confirm = () =>
    modal.confirm({
      title: '确认收货',
      content: `确定替买家确认收货？订单 ${o.orderNo} 将变为已完成。`,
      okText: '确认收货',
      cancelText: '取消',
      onOk: async () => {
        try {
          await api.goodsOrder.Confirmreceipt({ id });
          message.success('已确认收货');
          await refresh();
        } catch {
          // shown by the api client
        }
      },
    });
  const saveNotes = async () => {
    setSavingNotes(true);
    try {
      await api.goodsOrder.sellerNotes({ id, notes: notes ?? '' });
      message.success('备注已保存');
      setNotes(null);
      await refresh();
    } catch {
      // shown by the api client
    } finally {
      setSavingNotes(false);
    }
  };

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <PaySandboxNotice style={{ marginBottom: 0 }} />
      <Card
        title={
          <Space>
            <Button type="text" icon={<ArrowLeftOutlined />} onClick={() => navigate(-1)} aria-label="返回" />
            订单 {o.orderNo}
            <Tag color={STATUS_COLOR[o.status]}>{o.statusText}</Tag>
            {o.status === GOODS_ORDER_STATUS.toShip && o.shippedQty > 0 && <Tag color="gold">部分发货</Tag>}
            {o.afterSaleOpen && <Tag color="red">售后中</Tag>}
          </Space>
        }
        extra={
          <Space>
            {canShip && (
              <DebouncedButton type="primary" onClick={() => setOpen('ship')}>
                {o.shippedQty > 0 ? '继续发货' : '发货'}
              </DebouncedButton>
            )}
            {canTake && (
              <DebouncedButton type="primary" onClick={() => setOpen('take')}>
                核销
              </DebouncedButton>
            )}
            {canConfirm && <DebouncedButton onClick={confirm}>确认收货</DebouncedButton>}
            {canCancel && (
              <DebouncedButton danger onClick={() => setOpen('cancel')}>
                取消订单
              </DebouncedButton>
            )}
          </Space>
        }
      >
        <Steps current={steps.current} status={steps.status} items={steps.items} size="small" style={{ marginBottom: 24 }} />
        {o.closeReason && <Typography.Paragraph type="secondary">关闭原因：{o.closeReason}</Typography.Paragraph>}
        <Row gutter={24}>
          <Col xs={24} lg={12}>
            <Descriptions title="买家与收货" column={1} size="small">
              <Descriptions.Item label="买家手机号">{o.memberPhone || '—'}</Descriptions.Item>
              <Descriptions.Item label="配送方式">{o.deliveryText}</Descriptions.Item>
              {o.address ? (
                <Descriptions.Item label="收货信息">
                  <Space wrap>
                    <span>
                      {o.address.name} {o.address.phone} {o.address.areaText} {o.address.address}
                    </span>
                    {canAddress && (
                      <Button type="link" size="small" onClick={() => setOpen('address')}>
                        修改地址
                      </Button>
                    )}
                  </Space>
                </Descriptions.Item>
              ) : (
                pickup && <Descriptions.Item label="核销码">{o.pickupCode ? '买家到店出示' : '付款后生成'}</Descriptions.Item>
              )}
              <Descriptions.Item label="买家留言">{o.buyerNote || '—'}</Descriptions.Item>
            </Descriptions>
          </Col>
          <Col xs={24} lg={12}>
            <Descriptions title="付款信息" column={1} size="small">
              <Descriptions.Item label="支付方式">{o.payMethodText || '—'}</Descriptions.Item>
              <Descriptions.Item label="付款时间">{o.payTime || '未付款'}</Descriptions.Item>
              <Descriptions.Item label="实付金额">{yuan(o.paidAmount)}</Descriptions.Item>
              {o.refundedAmount > 0 && <Descriptions.Item label="已退款">{yuan(o.refundedAmount)}</Descriptions.Item>}
            </Descriptions>
          </Col>
        </Row>
      </Card>
      <Card title="商品信息">
        <Table
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={o.detailLines}
          columns={[
            ...goodsPriceColumns<(typeof o.detailLines)[number]>(),
            { title: '数量', dataIndex: 'qty', width: 70, align: 'right' },
            { title: '小计', dataIndex: 'lineAmount', width: 110, align: 'right', render: (v: number) => yuan(v) },
            { title: '优惠', dataIndex: 'discountAmount', width: 100, align: 'right', render: (v: number) => (v ? `-${yuan(v)}` : '—') },
            {
              title: '发货',
              key: 'ship',
              width: 150,
              render: (_, l) => `已发${l.shippedQty} / 待发${l.toShipQty}${l.refundedQty ? ` / 已退${l.refundedQty}` : ''}`,
            },
          ]}
        />
        <Descriptions column={1} size="small" style={{ marginTop: 16, maxWidth: 320, marginLeft: 'auto' }} labelStyle={{ width: 100 }}>
          <Descriptions.Item label="商品总额">{yuan(o.goodsAmount)}</Descriptions.Item>
          <Descriptions.Item label="优惠">-{yuan(o.discountAmount)}</Descriptions.Item>
          <Descriptions.Item label="运费">{yuan(o.freightAmount)}</Descriptions.Item>
          <Descriptions.Item label="应付金额">{yuan(o.payAmount)}</Descriptions.Item>
          <Descriptions.Item label="实付金额">
            <Typography.Text strong>{yuan(o.paidAmount)}</Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label="已退款">{yuan(o.refundedAmount)}</Descriptions.Item>
        </Descriptions>
      </Card>
      {!pickup && (
        <Card title="包裹">
          {o.parcels.length ? (
            <Table
              rowKey="id"
              size="small"
              pagination={false}
              dataSource={o.parcels}
              columns={[
                { title: '包裹', key: 'n', width: 70, render: (_, _p, i) => `包裹${i + 1}` },
                { title: '快递公司', dataIndex: 'companyName', width: 120 },
                { title: '快递单号', dataIndex: 'trackingNo', width: 180 },
                { title: '商品', key: 'items', render: (_, p) => p.items.map((x) => `${x.title} ×${x.qty}`).join('，') },
                { title: '发货时间', dataIndex: 'shippedTime', width: 170 },
                {
                  title: '操作',
                  key: 'op',
                  width: 100,
                  render: (_, p) => (
                    <Button type="link" size="small" onClick={() => setTracking({ parcelId: p.id })}>
                      查看物流
                    </Button>
                  ),
                },
              ]}
            />
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="尚未发货" />
          )}
        </Card>
      )}
      <OrderAfterSalesCard orderNo={o.orderNo} />
      <Card title="卖家备注">
        {notes === null ? (
          <Space>
            <span>{o.sellerNote || '暂无备注'}</span>
            {canEdit && (
              <Button type="link" onClick={() => setNotes(o.sellerNote)}>
                编辑
              </Button>
            )}
          </Space>
        ) : (
          <Space direction="vertical" style={{ width: '100%' }}>
            <Input.TextArea
              value={notes}
              onChange={(e) => setNotes(e.target.value)}
              maxLength={500}
              showCount
              rows={3}
              aria-label="卖家备注"
            />
            <Space>
              <Button type="primary" loading={savingNotes} onClick={saveNotes}>
                保存
              </Button>
              <Button onClick={() => setNotes(null)}>取消</Button>
            </Space>
          </Space>
        )}
      </Card>
      <Card title="订单日志">
        {o.logs.length ? (
          <Timeline
            items={o.logs.map((l) => ({
              children: (
                <div>
                  <div>
                    {l.action}
                    <Typography.Text type="secondary">　{l.actorName}</Typography.Text>
                  </div>
                  {l.note && <div>{l.note}</div>}
                  <Typography.Text type="secondary">{l.time}</Typography.Text>
                </div>
              ),
            }))}
          />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无记录" />
        )}
      </Card>
      <ShipModal orderId={open === 'ship' ? id : null} onClose={() => setOpen(null)} />
      <CancelModal
        order={{ id, orderNo: o.orderNo, paid, paidAmount: o.paidAmount }}
        open={open === 'cancel'}
        onClose={() => setOpen(null)}
      />
      <AddressModal orderId={id} address={o.address} open={open === 'address'} onClose={() => setOpen(null)} />
      <TakeModal open={open === 'take'} onClose={() => setOpen(null)} />
      <LogisticsDrawer orderId={id} parcelId={tracking?.parcelId} open={tracking !== null} onClose={() => setTracking(null)} />
    </Space>
  );
}
