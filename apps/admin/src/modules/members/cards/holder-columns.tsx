import type { contract, DataOf } from '@contract/index';
import { Button, Space, Tag } from 'antd';
import type { ColumnsType, SortOrder } from 'antd/es/table/interface';
import { yuan } from '@/shared/money';

export type HolderRow = DataOf<typeof contract.vipCards.userlist>['rows'][number];
const STATE_COLORS: Record<number, string> = { 1: 'green', 2: 'default', 0: 'red' };

interface Options {
  sortOrderOf: (key: string) => SortOrder;
  canEdit: boolean;
  onWithdraw: (row: HolderRow) => void;
}

/** The columns of 领取记录: member, card number, source, times, state, and 收回. */
export function holderColumns(o: Options): ColumnsType<HolderRow> {
  const sortable = (key: string) => ({ key, sorter: true, sortOrder: o.sortOrderOf(key) });
  return [
    {
      title: '会员',
      key: 'member',
      render: (_, r) => (
        <Space direction="vertical" size={0}>
          <span>{r.name || '—'}</span>
          <span>{r.phone}</span>
        </Space>
      ),
    },
    { title: '卡号', dataIndex: 'cardNo', width: 170 },
    { title: '来源', dataIndex: 'sourceText', width: 90, render: (v: string, r) => (r.amount > 0 ? `${v} ${yuan(r.amount)}` : v) },
    { title: '领取时间', dataIndex: 'receiveTime', width: 170, ...sortable('receiveTime') },
    { title: '到期时间', dataIndex: 'expireTime', width: 170, ...sortable('expireTime'), render: (v: string) => v || '永久有效' },
    { title: '状态', dataIndex: 'stateText', width: 80, render: (v: string, r) => <Tag color={STATE_COLORS[r.state]}>{v}</Tag> },
    ...(o.canEdit
      ? [
          {
            title: '操作',
            key: 'op',
            width: 80,
            render: (_: unknown, r: HolderRow) =>
              r.state === 0 ? null : (
                <Button type="link" size="small" danger onClick={() => o.onWithdraw(r)}>
                  收回
                </Button>
              ),
          },
        ]
      : []),
  ];
}
