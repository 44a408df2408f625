import { PlusOutlined } from '@ant-design/icons';
import { App, Button, Card, Space } from 'antd';
import { useNavigate } from 'react-router-dom';
import { useCan } from '@/hooks/use-can';
import { ListSearch, ListTable, useUrlListState } from '@/shared';
import { useDeleteRole, useRoleList } from '../team.queries';
import { type RoleRowData, roleColumns } from './role-columns';

const NO_FILTERS = {};

/** 角色权限: the enterprise's roles with their member counts; 新增岗位, 编辑 and 删除 (refused while members hold it). */
export default function RoleListPage() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const can = useCan();
  const list = useUrlListState(NO_FILTERS);
  const q = useRoleList(list.query);
  const deleteRole = useDeleteRole();

  const onDelete = async (r: RoleRowData) => {
    try {
      await deleteRole.mutateAsync(r.id);
      message.success('删除成功!');
    } catch {
      // the reason is shown
    }
  };

  const columns = roleColumns({
    canEdit: can('rolePermissions', 'edit'),
    canDelete: can('rolePermissions', 'delete'),
    onEdit: (r) => navigate(`/editjob?id=${r.id}`),
    onDelete,
  });

  return (
    <Card>
      <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
        <ListSearch
          placeholder="岗位名称"
          initial={{ keyword: list.state.keyword }}
          onSearch={(v) => list.search(v.keyword)}
          onReset={list.reset}
        />
        {can('rolePermissions', 'edit') && (
          <Button type="primary" icon={<PlusOutlined />} style={{ marginBottom: 16 }} onClick={() => navigate('/editjob')}>
            新增岗位
          </Button>
        )}
      </Space>
      <ListTable<RoleRowData>
        rowKey="id"
        list={list}
        result={q}
        columns={columns}
        locale={{ emptyText: q.isLoading ? '加载中…' : list.state.keyword ? '没有符合条件的岗位' : '还没有岗位，点击「新增岗位」添加' }}
      />
    </Card>
  );
}
