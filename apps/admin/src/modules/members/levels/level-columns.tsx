import type { contract, DataOf } from '@contract/index';
import { Space, Switch, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { rightsText } from '@/shared/member-rights';
import { yuan } from '@/shared/money';

export type Level = DataOf<typeof contract.levels.list>[number];

interface Options {
  needpay: number;
  canEdit: boolean;
  canDelete: boolean;
  onState: (row: Level, op: 'on' | 'off' | 'delete') => void;
  onEdit: (row: Level) => void;
}

/** The columns of a level list: rank, name, growth (free) or price and validity (paid), rights, holders, state, actions. */
export function levelColumns({ needpay, canEdit, canDelete, onState, onEdit }: Options): ColumnsType<Level> {
  return [
    { title: '等级', dataIndex: 'rank', width: 70, render: (v: number) => `LV${v}` },
    { title: '等级名称', dataIndex: 'name' },
    needpay === 0 ? { title: '所需成长值', dataIndex: 'growth' } : { title: '价格', dataIndex: 'price', render: (v: number) => yuan(v) },
    ...(needpay === 1 ? [{ title: '有效期', dataIndex: 'validDays', render: (v: number) => (v === 0 ? '永久' : `${v}天`) }] : []),
    { title: '等级权益', key: 'rights', render: (_: unknown, r: Level) => rightsText(r.rights) },
    { title: needpay === 0 ? '会员数' : '持有人数', dataIndex: 'holders' },
    {
      title: '状态',
      dataIndex: 'status',
      render: (v: number, r) =>
        canEdit ? (
          <Switch checked={v === 1} checkedChildren="启用" unCheckedChildren="停用" onChange={(c) => onState(r, c ? 'on' : 'off')} />
        ) : (
          <Tag color={v === 1 ? 'green' : 'default'}>{v === 1 ? '启用' : '停用'}</Tag>
        ),
    },
    {
      title: '操作',
      key: 'op',
      render: (_: unknown, r) => (
        <Space>
          <Typography.Link onClick={() => onEdit(r)}>{canEdit ? '编辑' : '查看'}</Typography.Link>
          {canDelete && (
            <Typography.Link type="danger" onClick={() => onState(r, 'delete')}>
              删除
            </Typography.Link>
          )}
        </Space>
      ),
    },
  ];
}
