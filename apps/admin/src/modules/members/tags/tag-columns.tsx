import type { contract, DataOf, MemberRule } from '@contract/index';
import { TAG_KIND_TEXT } from '@contract/index';
import { Button, Space, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType, SortOrder } from 'antd/es/table/interface';

export type TagRow = DataOf<typeof contract.tags.list>['rows'][number];

interface Options {
  sortOrderOf: (key: string) => SortOrder;
  describe: (rule: MemberRule) => string;
  canEdit: boolean;
  canDelete: boolean;
  isRefreshing: (id: string) => boolean;
  onEdit: (row: TagRow) => void;
  onRefresh: (row: TagRow) => void;
  onDelete: (row: TagRow) => void;
}

/** The columns of 标签管理: name, kind, rule, count, last computed, remark, created, actions. */
export function tagColumns(o: Options): ColumnsType<TagRow> {
  const sortable = (key: string) => ({ key, sorter: true, sortOrder: o.sortOrderOf(key) });
  return [
    { title: '标签名称', dataIndex: 'name', ...sortable('name') },
    {
      title: '类型',
      dataIndex: 'kind',
      width: 100,
      render: (k: number) => <Tag color={k === 2 ? 'blue' : 'default'}>{TAG_KIND_TEXT[k]}</Tag>,
    },
    {
      title: '条件',
      dataIndex: 'rule',
      ellipsis: true,
      render: (_: unknown, r) =>
        r.rule ? (
          <Tooltip title={o.describe(r.rule)}>
            <span>{o.describe(r.rule)}</span>
          </Tooltip>
        ) : (
          <Typography.Text type="secondary">手动添加</Typography.Text>
        ),
    },
    { title: '会员人数', dataIndex: 'memberCount', width: 110, ...sortable('memberCount') },
    {
      title: '上次计算',
      dataIndex: 'refreshedAt',
      width: 170,
      render: (v: string, r) => (r.kind === 2 ? v || '尚未计算' : '—'),
    },
    { title: '备注', dataIndex: 'remark', ellipsis: true },
    { title: '创建时间', dataIndex: 'createTime', width: 170, ...sortable('createTime') },
    {
      title: '操作',
      key: 'actions',
      width: 200,
      render: (_: unknown, r) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => o.onEdit(r)}>
            {o.canEdit ? '编辑' : '查看'}
          </Button>
          {o.canEdit && r.kind === 2 && (
            <Button type="link" size="small" loading={o.isRefreshing(r.id)} onClick={() => o.onRefresh(r)}>
              {o.isRefreshing(r.id) ? '刷新中' : '刷新'}
            </Button>
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
}
