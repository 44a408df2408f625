import type { contract, DataOf } from '@contract/index';
import { Button, Popconfirm, Space, Switch, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';

export type StaffRowData = DataOf<typeof contract.team.GetStaffList>['rows'][number];

interface Options {
  sortOrderOf: (field: string) => 'ascend' | 'descend' | null;
  canEdit: boolean;
  canDelete: boolean;
  switching: ReadonlySet<string>;
  onSwitch: (row: StaffRowData, on: boolean) => void;
  onEdit: (row: StaffRowData) => void;
  onShow: (row: StaffRowData) => void;
  onDelete: (row: StaffRowData) => Promise<void>;
}

/** Why a member's status cannot change here, if it cannot. */
export function lockedReason(r: StaffRowData): string | undefined {
  if (r.isOwner) return '企业所有者不能停用或删除';
  if (r.isSelf) return '不能停用或删除自己';
  return undefined;
}

const dash = <Typography.Text type="secondary">—</Typography.Text>;

/** Columns of /staffManagement; 姓名, 最后登录 and 加入时间 sort on the server. */
export function staffColumns(o: Options): ColumnsType<StaffRowData> {
  const sortable = (key: string) => ({ key, sorter: true, sortOrder: o.sortOrderOf(key) });
  return [
    {
      title: '姓名',
      dataIndex: 'name',
      width: 220,
      ...sortable('name'),
      render: (v: string, r) => (
        <Space size={4}>
          {v || dash}
          {r.isOwner && <Tag color="gold">企业所有者</Tag>}
          {r.isSelf && <Tag>我</Tag>}
        </Space>
      ),
    },
    { title: '手机号', dataIndex: 'phone', width: 130 },
    { title: '岗位', dataIndex: 'roleName', width: 150, ellipsis: true },
    { title: '门店', dataIndex: 'shopName', width: 150, ellipsis: true },
    {
      title: '状态',
      dataIndex: 'status',
      width: 100,
      render: (v: number, r) => {
        const locked = lockedReason(r);
        return (
          <Tooltip title={locked}>
            <Switch
              size="small"
              checked={v === 1}
              checkedChildren="启用"
              unCheckedChildren="停用"
              aria-label={`${r.name}状态`}
              disabled={!o.canEdit || Boolean(locked)}
              loading={o.switching.has(r.id)}
              onChange={(on) => o.onSwitch(r, on)}
            />
          </Tooltip>
        );
      },
    },
    { title: '最后登录', dataIndex: 'lastLoginTime', width: 170, ...sortable('lastLoginTime'), render: (v: string) => v || '从未登录' },
    { title: '加入时间', dataIndex: 'createTime', width: 170, ...sortable('createTime') },
    {
      title: '操作',
      key: 'op',
      width: 170,
      render: (_, r) => (
        <Space size={0}>
          {o.canEdit && (
            <Button type="link" size="small" onClick={() => o.onEdit(r)}>
              编辑
            </Button>
          )}
          <Button type="link" size="small" onClick={() => o.onShow(r)}>
            详情
          </Button>
          {o.canDelete && !lockedReason(r) && (
            <Popconfirm
              title="确定删除当前当前数据?"
              description="删除后该员工将退出本企业，不能再登录本企业"
              okText="确定"
              cancelText="取消"
              onConfirm={() => o.onDelete(r)}
            >
              <Button type="link" size="small" danger>
                删除
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];
}
