import type { contract, DataOf } from '@contract/index';
import { Button, Popconfirm, Space, Switch, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { pointsPrice, windowText } from './points-format';
import { GoodsThumb } from '../goods-thumb';
import { Can } from '@/shared';
import { yuan } from '@/shared/money';

export type PointsGoodsRowData = DataOf<typeof contract.pointsGoods.list>['rows'][number];

interface Options {
  sortOrderOf: (field: string) => 'ascend' | 'descend' | null;
  switching: { has: (id: string) => boolean };
  onSwitch: (row: PointsGoodsRowData, on: boolean) => void;
  /** The role may change points goods (AGood:edit). */
  canEdit: boolean;
  onEdit: (row: PointsGoodsRowData) => void;
  onDelete: (row: PointsGoodsRowData) => void;
}

/** Columns of /AGood; points, stock, exchanged, sort and create time sort on the server. */
export function pointsGoodsColumns(o: Options): ColumnsType<PointsGoodsRowData> {
  const sortable = (key: string) => ({ key, sorter: true, sortOrder: o.sortOrderOf(key) });
  return [
    {
      title: '商品',
      key: 'goods',
      render: (_, r) => (
        <Space align="start">
          <GoodsThumb src={r.mainImage} size={56} />
          <Space direction="vertical" size={2}>
            <Typography.Text strong ellipsis style={{ maxWidth: 260 }}>
              {r.title}
            </Typography.Text>
            <Space size={4}>
              <Tag>{r.kind === 2 ? '虚拟' : '实物'}</Tag>
              {r.perMemberLimit > 0 && <Tag color="orange">每人限兑{r.perMemberLimit}件</Tag>}
            </Space>
          </Space>
        </Space>
      ),
    },
    {
      title: '兑换价',
      dataIndex: 'points',
      width: 170,
      ...sortable('points'),
      render: (_, r) => (
        <Space direction="vertical" size={0}>
          <span>{pointsPrice(r.points, r.cash)}</span>
          {r.marketPrice > 0 && (
            <Typography.Text type="secondary" delete style={{ fontSize: 12 }}>
              {yuan(r.marketPrice)}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    { title: '库存', dataIndex: 'stock', width: 90, ...sortable('stock') },
    { title: '已兑换', dataIndex: 'exchanged', width: 100, ...sortable('exchanged') },
    {
      title: '兑换时间',
      key: 'window',
      width: 180,
      render: (_, r) => <Typography.Text style={{ fontSize: 12 }}>{windowText(r.startTime, r.endTime)}</Typography.Text>,
    },
    { title: '排序', dataIndex: 'sort', width: 80, ...sortable('sort') },
    {
      title: '上架',
      key: 'status',
      width: 90,
      render: (_, r) => (
        <Switch
          size="small"
          checked={r.status === 1}
          loading={o.switching.has(r.id)}
          disabled={!o.canEdit}
          aria-label={`${r.title}上架状态`}
          onChange={(on) => o.onSwitch(r, on)}
        />
      ),
    },
    { title: '创建时间', dataIndex: 'createTime', width: 160, ...sortable('createTime') },
    {
      title: '操作',
      key: 'op',
      width: 120,
      fixed: 'right',
      render: (_, r) => (
        <Space size={0}>
          <Can menu="AGood" op="edit">
            <Button type="link" size="small" onClick={() => o.onEdit(r)}>
              编辑
            </Button>
          </Can>
          <Can menu="AGood" op="delete">
            <Popconfirm
              title="确定删除该积分商品?"
              okText="确定"
              cancelText="取消"
              okButtonProps={{ danger: true }}
              onConfirm={() => o.onDelete(r)}
            >
              <Button type="link" size="small" danger>
                删除
              </Button>
            </Popconfirm>
          </Can>
        </Space>
      ),
    },
  ];
}
