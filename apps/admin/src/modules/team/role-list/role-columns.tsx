import type { contract, DataOf } from '@contract/index';
import { Button, Popconfirm, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';

export type RoleRowData = DataOf<typeof contract.team.GetRoleList>['rows'][number];

interface Options {
  canEdit: boolean;
  canDelete: boolean;
  onEdit: (row: RoleRowData) => void;
  onDelete: (row: RoleRowData) => Promise<void>;
}

/** Columns of /rolePermissions: 岗位名称, 备注, 员工数, 操作 (the owner role has none). */
export function roleColumns(o: Options): ColumnsType<RoleRowData> {
  return [
    {
      title: '岗位名称',
      dataIndex: 'name',
      render: (v: string, r) => (
        <Space size={4}>
          {v}
          {r.isOwner && <Tag color="gold">企业所有者</Tag>}
        </Space>
      ),
    },
    { title: '备注', dataIndex: 'remark', render: (v: string) => v || <Typography.Text type="secondary">—</Typography.Text> },
    { title: '员工数', dataIndex: 'staffCount', width: 100 },
    { title: '创建时间', dataIndex: 'createTime', width: 180 },
    {
      title: '操作',
      key: 'op',
      width: 160,
      render: (_, r) =>
        r.isOwner ? (
          <Typography.Text type="secondary">拥有全部权限</Typography.Text>
        ) : (
          <Space size={0}>
            {o.canEdit && (
              <Button type="link" size="small" onClick={() => o.onEdit(r)}>
                编辑
              </Button>
            )}
            {o.canDelete && (
              <Popconfirm
                title="确定删除当前当前数据?"
                description={r.staffCount > 0 ? `该岗位下还有${r.staffCount}名员工` : undefined}
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
