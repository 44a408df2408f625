import type { contract, DataOf } from '@contract/index';
import { Badge, Button, Space, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { SkuQuickEdit } from './sku-quick-edit';
import { SortCell } from './sort-cell';
import { GoodsThumb } from '../goods-thumb';
import { yuanSpan } from '@/shared/money';

export type GoodsRowData = DataOf<typeof contract.goods.list>['rows'][number];

interface Options {
  /** The role may change goods (Goodlist:edit): in-row price, stock, sort and the row's edit actions. */
  canEdit: boolean;
  /** The role may delete goods (Goodlist:delete). */
  canDelete: boolean;
  sortOrderOf: (field: string) => 'ascend' | 'descend' | null;
  onEdit: (row: GoodsRowData) => void;
  onCopy: (row: GoodsRowData) => void;
  onShelf: (row: GoodsRowData, status: 0 | 1) => void;
  onDelete: (row: GoodsRowData) => void;
  onSort: (row: GoodsRowData, sort: number) => void;
}

/** The status a merchant sees: on sale with no stock left is 已售罄. */
export function statusBadge(r: Pick<GoodsRowData, 'status' | 'totalStock' | 'startSaleAt'>) {
  if (r.status === 1) return r.totalStock > 0 ? <Badge status="success" text="出售中" /> : <Badge status="warning" text="已售罄" />;
  if (r.status === 2)
    return (
      <Space direction="vertical" size={0}>
        <Badge status="processing" text="定时开售" />
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {r.startSaleAt}
        </Typography.Text>
      </Space>
    );
  return <Badge status="default" text="已下架" />;
}

/** Columns of /Goodlist; price, stock, sort and create time sort on the server. */
export function goodsColumns(o: Options): ColumnsType<GoodsRowData> {
  const sortable = (key: string) => ({ key, sorter: true, sortOrder: o.sortOrderOf(key) });
  const columns: ColumnsType<GoodsRowData> = [
    {
      title: '商品',
      key: 'goods',
      render: (_, r) => (
        <Space align="start">
          <GoodsThumb src={r.mainImage} size={56} />
          <Space direction="vertical" size={0}>
            <Typography.Text strong ellipsis style={{ maxWidth: 300 }}>
              {r.title}
            </Typography.Text>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {r.goodsNo}
            </Typography.Text>
          </Space>
        </Space>
      ),
    },
    {
      title: '价格',
      dataIndex: 'minPrice',
      width: 190,
      ...sortable('price'),
      render: (_, r) => (
        <Space size={0}>
          <span>{yuanSpan(r.minPrice, r.maxPrice)}</span>
          {o.canEdit && <SkuQuickEdit goodsId={r.id} mode="price" />}
        </Space>
      ),
    },
    {
      title: '总库存',
      dataIndex: 'totalStock',
      width: 120,
      ...sortable('stock'),
      render: (v: number, r) => (
        <Space size={0}>
          <span>{v}</span>
          {o.canEdit && <SkuQuickEdit goodsId={r.id} mode="stock" />}
        </Space>
      ),
    },
    {
      title: '排序',
      dataIndex: 'sort',
      width: 110,
      ...sortable('sort'),
      render: (_, r) => (o.canEdit ? <SortCell key={`${r.id}-${r.sort}`} row={r} onSort={o.onSort} /> : r.sort),
    },
    { title: '状态', key: 'status', width: 160, render: (_, r) => statusBadge(r) },
    { title: '创建时间', dataIndex: 'createTime', width: 170, ...sortable('createTime') },
    {
      title: '操作',
      key: 'op',
      width: 240,
      render: (_, r) => (
        <Space size={0}>
          {o.canEdit && (
            <>
              <Button type="link" size="small" onClick={() => o.onEdit(r)}>
                编辑
              </Button>
              <Button type="link" size="small" onClick={() => o.onCopy(r)}>
                复制
              </Button>
              {r.status !== 1 && (
                <Button type="link" size="small" onClick={() => o.onShelf(r, 1)}>
                  上架
                </Button>
              )}
              {r.status !== 0 && (
                <Button type="link" size="small" onClick={() => o.onShelf(r, 0)}>
                  下架
                </Button>
              )}
            </>
          )}
          {o.canDelete && (
            <Button type="link" size="small" danger onClick={() => o.onDelete(r)}>
              删除
            </Button>
          )}
        </Space>
      ),
    },
  ];
  // A role that may only look has no row actions: no empty 操作 column.
  return o.canEdit || o.canDelete ? columns : columns.filter((c) => c.key !== 'op');
}
