import { DELIVERY_METHOD, type contract, type DataOf, GOODS_ORDER_STATUS } from '@contract/index';
import { Button, Image, Space, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router-dom';
import { yuan } from '@/shared/money';

export type GoodsOrderRow = DataOf<typeof contract.goodsOrder.orderList>['rows'][number];

/** Status tag colours: 待付款 orange, 待发货 blue, 已发货 cyan, 已完成 green, 已关闭 grey. */
export const STATUS_COLOR: Record<number, string> = { 0: 'orange', 1: 'blue', 2: 'cyan', 3: 'green', 4: 'default' };

/** Whether the row can be shipped from the list: 待发货, 快递 or 同城. */
export const shippable = (r: Pick<GoodsOrderRow, 'status' | 'deliveryMethod'>) =>
  r.status === GOODS_ORDER_STATUS.toShip && r.deliveryMethod !== DELIVERY_METHOD.pickup;

interface Options {
  sortOrderOf: (field: string) => 'ascend' | 'descend' | null;
  canEdit: boolean;
  onShip: (r: GoodsOrderRow) => void;
}

function Goods({ r }: { r: GoodsOrderRow }) {
  return (
    <Space size={8} align="start">
      <Space size={4}>
        {r.lines.slice(0, 2).map((l) => (
          <Image
            key={l.id}
            src={l.image || undefined}
            width={40}
            height={40}
            preview={false}
            style={{ objectFit: 'cover', borderRadius: 4 }}
          />
        ))}
      </Space>
      <Typography.Paragraph ellipsis={{ rows: 2, tooltip: r.title }} style={{ margin: 0, maxWidth: 140 }}>
        {r.title}
      </Typography.Paragraph>
    </Space>
  );
}

export function goodsOrderColumns({ sortOrderOf, canEdit, onShip }: Options): ColumnsType<GoodsOrderRow> {
  return [
    {
      title: '订单编号 / 下单时间',
      key: 'createTime',
      width: 200,
      sorter: true,
      sortOrder: sortOrderOf('createTime'),
      render: (_, r) => (
        <Space direction="vertical" size={0}>
          <span>{r.orderNo}</span>
          <Typography.Text type="secondary">{r.createTime}</Typography.Text>
        </Space>
      ),
    },
    { title: '商品', key: 'goods', width: 250, render: (_, r) => <Goods r={r} /> },
    {
      title: '买家',
      key: 'buyer',
      width: 130,
      render: (_, r) => (
        <Space direction="vertical" size={0}>
          <span>{r.memberPhone || '—'}</span>
          {r.consignee && <Typography.Text type="secondary">{r.consignee}</Typography.Text>}
        </Space>
      ),
    },
    {
      title: '实付金额',
      dataIndex: 'payAmount',
      key: 'payAmount',
      width: 120,
      align: 'right',
      sorter: true,
      sortOrder: sortOrderOf('payAmount'),
      render: (v: number) => yuan(v),
    },
    { title: '配送方式', dataIndex: 'deliveryText', key: 'deliveryText', width: 100 },
    {
      title: '订单状态',
      key: 'status',
      width: 140,
      render: (_, r) => (
        <Space size={4} wrap>
          <Tag color={STATUS_COLOR[r.status]}>{r.statusText}</Tag>
          {r.status === GOODS_ORDER_STATUS.toShip && r.shippedQty > 0 && (
            <Tooltip title={`已发 ${r.shippedQty} / ${r.totalQty} 件`}>
              <Tag color="gold">部分发货</Tag>
            </Tooltip>
          )}
          {r.afterSaleOpen && <Tag color="red">售后中</Tag>}
        </Space>
      ),
    },
    {
      title: '操作',
      key: 'op',
      width: 130,
      render: (_, r) => (
        <Space size={0}>
          <Link to={`/GoodsOrderDetail?id=${r.id}`}>
            <Button type="link" size="small">
              详情
            </Button>
          </Link>
          {canEdit && shippable(r) && (
            <Button type="link" size="small" onClick={() => onShip(r)}>
              发货
            </Button>
          )}
          {canEdit && r.status === GOODS_ORDER_STATUS.toShip && r.deliveryMethod === DELIVERY_METHOD.pickup && (
            <Tooltip title="自提订单在买家到店时凭核销码核销">
              <Typography.Text type="secondary" style={{ padding: '0 7px' }}>
                待核销
              </Typography.Text>
            </Tooltip>
          )}
        </Space>
      ),
    },
  ];
}
