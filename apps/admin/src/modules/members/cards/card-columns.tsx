import type { contract, DataOf } from '@contract/index';
import { Button, Space, Switch, Tag, Typography } from 'antd';
import type { ColumnsType, SortOrder } from 'antd/es/table/interface';
import { Can } from '@/shared';
import { rightsLines } from '@/shared/member-rights';
import { yuan } from '@/shared/money';
import { CardPreview } from './card-preview';

export type CardRowData = DataOf<typeof contract.vipCards.list>['rows'][number];

interface Options {
  sortOrderOf: (key: string) => SortOrder;
  canEdit: boolean;
  /** The card whose switch is on its way. */
  switching: string | null;
  onSwitch: (row: CardRowData, on: boolean) => void;
  onHolders: (row: CardRowData) => void;
  onEdit: (row: CardRowData) => void;
  onDelete: (row: CardRowData) => void;
}

/** The columns of 权益卡: the card with its rights, how it is got, validity, holders, status, created, actions. */
export function cardColumns(o: Options): ColumnsType<CardRowData> {
  const sortable = (key: string) => ({ key, sorter: true, sortOrder: o.sortOrderOf(key) });
  return [
    {
      title: '权益卡',
      key: 'card',
      render: (_, r) => (
        <Space align="start">
          <CardPreview
            name={r.name}
            look={r.cover}
            rights={r.rights}
            validDays={r.validDays}
            price={r.price}
            needpay={r.needpay}
            width={120}
          />
          <Space direction="vertical" size={2}>
            <Typography.Text strong>{r.name}</Typography.Text>
            <Space size={4} wrap>
              {rightsLines(r.rights).map((x) => (
                <Tag key={x}>{x}</Tag>
              ))}
            </Space>
          </Space>
        </Space>
      ),
    },
    {
      title: '领取方式',
      dataIndex: 'price',
      width: 120,
      ...sortable('price'),
      render: (_, r) => (r.needpay === 1 ? `付费 ${yuan(r.price)}` : '免费领取'),
    },
    { title: '有效期', dataIndex: 'validText', width: 150 },
    {
      title: '持卡人数',
      dataIndex: 'holderCount',
      width: 110,
      ...sortable('holderCount'),
      render: (v: number, r) => (
        <Button type="link" size="small" onClick={() => o.onHolders(r)}>
          {v}
        </Button>
      ),
    },
    {
      title: '状态',
      key: 'status',
      width: 90,
      render: (_, r) => (
        <Switch
          size="small"
          checked={r.status === 1}
          loading={o.switching === r.id}
          disabled={!o.canEdit}
          aria-label={`${r.name}启用状态`}
          onChange={(on) => o.onSwitch(r, on)}
        />
      ),
    },
    { title: '创建时间', dataIndex: 'createTime', width: 170, ...sortable('createTime') },
    {
      title: '操作',
      key: 'op',
      width: 200,
      fixed: 'right',
      render: (_, r) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => o.onEdit(r)}>
            {o.canEdit ? '编辑' : '查看'}
          </Button>
          <Button type="link" size="small" onClick={() => o.onHolders(r)}>
            领取记录
          </Button>
          <Can menu="equityCard" op="delete">
            <Button type="link" size="small" danger onClick={() => o.onDelete(r)}>
              删除
            </Button>
          </Can>
        </Space>
      ),
    },
  ];
}
