import type { contract, DataOf } from '@contract/index';
import { Button, Card, Descriptions, Empty, Table, Timeline, Typography } from 'antd';
import { yuan } from '@/shared/money';
import { goodsPriceColumns } from './line-cell';

export type GoodsOrderDetail = DataOf<typeof contract.goodsOrder.orderDetail>;

/** 商品信息: the lines with what was shipped and refunded of each, then the amounts. */
export function OrderLinesCard({ o }: { o: GoodsOrderDetail }) {
  return (
    <Card title="商品信息">
      <Table
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={o.detailLines}
        columns={[
          ...goodsPriceColumns<GoodsOrderDetail['detailLines'][number]>(),
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
  );
}

/** 包裹: each parcel's company, tracking no and contents, with 查看物流. */
export function OrderParcelsCard({ o, onTrack }: { o: GoodsOrderDetail; onTrack: (parcelId: string) => void }) {
  return (
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
                <Button type="link" size="small" onClick={() => onTrack(p.id)}>
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
  );
}

/** 订单日志: each step of the order, who did it and when. */
export function OrderLogCard({ logs }: { logs: GoodsOrderDetail['logs'] }) {
  return (
    <Card title="订单日志">
      {logs.length ? (
        <Timeline
          items={logs.map((l) => ({
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
  );
}
