import type { contract, DataOf } from '@contract/index';
import { Badge, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { yuan } from '@/shared/money';
import { GoodsThumb } from '../goods-thumb';
import { StockCell } from './stock-cell';

export type SkuRowData = DataOf<typeof contract.goodsViews.SkuPagelist>['rows'][number];

function goodsStatus(r: SkuRowData) {
  if (r.goodsStatus === 1)
    return r.goodsTotalStock > 0 ? <Badge status="success" text="出售中" /> : <Badge status="warning" text="已售罄" />;
  if (r.goodsStatus === 2) return <Badge status="processing" text="定时开售" />;
  return <Badge status="default" text="已下架" />;
}

interface Options {
  /** The role may change stock (goodsList:edit): the stock cell is an input. */
  canEdit: boolean;
  /** The 库存预警 threshold: stock at or under it is marked. */
  lowStock?: number;
  sortOrderOf: (field: string) => 'ascend' | 'descend' | null;
  onOpen: (row: SkuRowData) => void;
}

/** Columns of /goodsList; price and stock sort on the server. */
export function goodsSkuColumns(o: Options): ColumnsType<SkuRowData> {
  const sortable = (key: string) => ({ key, sorter: true, sortOrder: o.sortOrderOf(key) });
  return [
    {
      title: '商品',
      key: 'goods',
      render: (_, r) => (
        <Space align="start">
          <GoodsThumb src={r.mainImage} size={48} />
          <Space direction="vertical" size={0}>
            <Typography.Link ellipsis style={{ maxWidth: 260 }} onClick={() => o.onOpen(r)}>
              {r.title}
            </Typography.Link>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {r.goodsNo}
            </Typography.Text>
          </Space>
        </Space>
      ),
    },
    {
      title: '规格',
      key: 'spec',
      width: 160,
      render: (_, r) => (r.specText ? <Tag>{r.specText}</Tag> : <Typography.Text type="secondary">单规格</Typography.Text>),
    },
    { title: '规格编码', dataIndex: 'code', width: 120, render: (v: string) => v || '—' },
    { title: '条形码', dataIndex: 'barcode', width: 140, render: (v: string) => v || '—' },
    { title: '价格', dataIndex: 'price', width: 110, ...sortable('price'), render: (v: number) => yuan(v) },
    {
      title: '库存',
      dataIndex: 'stock',
      width: 130,
      ...sortable('stock'),
      render: (_, r) => (o.canEdit ? <StockCell row={r} lowStock={o.lowStock} /> : r.stock),
    },
    { title: '商品状态', key: 'status', width: 110, render: (_, r) => goodsStatus(r) },
  ];
}
