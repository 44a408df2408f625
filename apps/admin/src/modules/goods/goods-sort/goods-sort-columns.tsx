import { HolderOutlined, VerticalAlignBottomOutlined, VerticalAlignTopOutlined } from '@ant-design/icons';
import type { contract, DataOf } from '@contract/index';
import { Button, Space, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Can } from '@/shared';
import { yuanSpan } from '@/shared/money';
import { GoodsThumb } from '../goods-thumb';

export type SortRow = DataOf<typeof contract.goodsViews.SortPagelist>['rows'][number];

interface Options {
  /** The place of the page's first row in the whole order. */
  first: number;
  /** While searching places are not shown and rows are not dragged. */
  searching: boolean;
  /** 置顶 / 置底 wait while a save runs or the page's order is unsaved. */
  busy: boolean;
  onTop: (row: SortRow) => void;
  onBottom: (row: SortRow) => void;
}

/** Columns of /goodsSort: drag handle, place, goods, price, stock, status, 置顶 / 置底. */
export function goodsSortColumns(o: Options): ColumnsType<SortRow> {
  const columns: ColumnsType<SortRow> = [
    {
      title: '',
      key: 'drag',
      width: 40,
      render: () => (o.searching ? null : <HolderOutlined style={{ color: '#999', cursor: 'move' }} aria-label="拖动排序" />),
    },
    { title: '位置', key: 'place', width: 70, render: (_, _r, i) => (o.searching ? '—' : o.first + i) },
    {
      title: '商品',
      key: 'goods',
      render: (_, r) => (
        <Space>
          <GoodsThumb src={r.mainImage} size={44} preview={false} />
          <Space direction="vertical" size={0}>
            <Typography.Text strong>{r.title}</Typography.Text>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {r.goodsNo}
            </Typography.Text>
          </Space>
        </Space>
      ),
    },
    {
      title: '价格',
      key: 'price',
      width: 170,
      render: (_, r) => yuanSpan(r.minPrice, r.maxPrice),
    },
    { title: '库存', dataIndex: 'totalStock', width: 90 },
    {
      title: '状态',
      key: 'status',
      width: 110,
      render: (_, r) =>
        r.status === 2 ? (
          <Tag color="processing">定时开售</Tag>
        ) : r.totalStock > 0 ? (
          <Tag color="success">出售中</Tag>
        ) : (
          <Tag color="warning">已售罄</Tag>
        ),
    },
    {
      title: '操作',
      key: 'op',
      width: 170,
      render: (_, r) => (
        <Can menu="goodsSort" op="edit">
          <Space size={0}>
            <Tooltip title="移到全部在售商品的第一位">
              <Button type="link" size="small" icon={<VerticalAlignTopOutlined />} disabled={o.busy} onClick={() => o.onTop(r)}>
                置顶
              </Button>
            </Tooltip>
            <Tooltip title="移到全部在售商品的最后一位">
              <Button type="link" size="small" icon={<VerticalAlignBottomOutlined />} disabled={o.busy} onClick={() => o.onBottom(r)}>
                置底
              </Button>
            </Tooltip>
          </Space>
        </Can>
      ),
    },
  ];
  return columns;
}
