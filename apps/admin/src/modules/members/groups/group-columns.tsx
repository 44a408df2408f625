import { type contract, type DataOf, GROUP_COUNT_STALE_HOURS, type MemberRule } from '@contract/index';
import { Button, Space, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType, SortOrder } from 'antd/es/table/interface';
import dayjs from 'dayjs';

export type GroupRow = DataOf<typeof contract.memberGroups.GetGropList>['rows'][number];

const isStale = (countedAt: string) => !countedAt || dayjs().diff(dayjs(countedAt), 'hour') >= GROUP_COUNT_STALE_HOURS;

interface Options {
  sortOrderOf: (key: string) => SortOrder;
  describe: (rule: MemberRule) => string;
  canEdit: boolean;
  canDelete: boolean;
  isCounting: (id: string) => boolean;
  onView: (row: GroupRow) => void;
  onRecount: (row: GroupRow) => void;
  onEdit: (row: GroupRow) => void;
  onDelete: (row: GroupRow) => void;
}

/** The columns of 会员分组: name, rule, count as of its time, remark, created, actions. */
export function groupColumns(o: Options): ColumnsType<GroupRow> {
  const sortable = (key: string) => ({ key, sorter: true, sortOrder: o.sortOrderOf(key) });
  return [
    { title: '分组名称', dataIndex: 'name', ...sortable('name') },
    {
      title: '分组条件',
      dataIndex: 'rule',
      ellipsis: true,
      render: (_: unknown, r) => {
        const text = `${r.rule.items.length ? o.describe(r.rule) : ''}${r.addedCount ? `${r.rule.items.length ? '，另' : ''}手动加入 ${r.addedCount} 人` : ''}`;
        return (
          <Tooltip title={text}>
            <span>{text || '无条件'}</span>
          </Tooltip>
        );
      },
    },
    {
      title: '会员人数',
      dataIndex: 'memberCount',
      width: 190,
      ...sortable('memberCount'),
      render: (n: number, r) => (
        <Space direction="vertical" size={0}>
          <span>
            {n} 人 {isStale(r.countedAt) && <Tag color="warning">可能已变化</Tag>}
          </span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {r.countedAt ? `统计于 ${r.countedAt}` : '尚未统计'}
          </Typography.Text>
        </Space>
      ),
    },
    { title: '备注', dataIndex: 'remark', ellipsis: true },
    { title: '创建时间', dataIndex: 'createTime', width: 170, ...sortable('createTime') },
    {
      title: '操作',
      key: 'actions',
      width: 260,
      render: (_: unknown, r) => (
        <Space size={0} wrap>
          <Button type="link" size="small" onClick={() => o.onView(r)}>
            查看成员
          </Button>
          {o.canEdit && (
            <Button type="link" size="small" loading={o.isCounting(r.id)} onClick={() => o.onRecount(r)}>
              刷新人数
            </Button>
          )}
          <Button type="link" size="small" onClick={() => o.onEdit(r)}>
            {o.canEdit ? '编辑' : '查看'}
          </Button>
          {o.canDelete && (
            <Button type="link" size="small" danger onClick={() => o.onDelete(r)}>
              删除
            </Button>
          )}
        </Space>
      ),
    },
  ];
}
