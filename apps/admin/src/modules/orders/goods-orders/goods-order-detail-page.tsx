import { ArrowLeftOutlined } from '@ant-design/icons';
import { DELIVERY_METHOD, GOODS_ORDER_STATUS } from '@contract/index';
import { App, Button, Card, Empty, Skeleton, Space, Tag } from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useCan } from '@/hooks/use-can';
import { DebouncedButton, PaySandboxNotice } from '@/shared';
import { OrderAfterSalesCard } from '../after-sales/order-after-sales-card';
import { AddressModal } from './address-modal';
import { CancelModal } from './cancel-modal';
import { STATUS_COLOR } from './goods-order-columns';
import { OrderLinesCard, OrderLogCard, OrderParcelsCard } from './goods-order-detail-cards';
import { GoodsOrderInfo } from './goods-order-info';
import { useConfirmReceipt, useGoodsOrder } from './goods-orders.queries';
import { LogisticsDrawer } from './logistics-drawer';
import { SellerNotesCard } from './seller-notes-card';
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
  const confirmReceipt = useConfirmReceipt();
  const canEdit = useCan()('GoodsOrderList', 'edit');
  const [open, setOpen] = useState<Open>(null);
  const [tracking, setTracking] = useState<{ parcelId?: string } | null>(null);

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

  const confirm = () =>
    modal.confirm({
      title: '确认收货',
      content: `确定替买家确认收货？订单 ${o.orderNo} 将变为已完成。`,
      okText: '确认收货',
      cancelText: '取消',
      onOk: async () => {
        try {
          await confirmReceipt.mutateAsync(id);
          message.success('已确认收货');
        } catch {
          // shown by the api client
        }
      },
    });

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
        <GoodsOrderInfo o={o} pickup={pickup} onEditAddress={canAddress ? () => setOpen('address') : undefined} />
      </Card>
      <OrderLinesCard o={o} />
      {!pickup && <OrderParcelsCard o={o} onTrack={(parcelId) => setTracking({ parcelId })} />}
      <OrderAfterSalesCard orderNo={o.orderNo} />
      <SellerNotesCard id={id} note={o.sellerNote} canEdit={canEdit} />
      <OrderLogCard logs={o.logs} />
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
