import { PlusOutlined } from '@ant-design/icons';
import { App, Button, Card, Space } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useCan } from '@/hooks/use-can';
import { DebouncedButton, ListSearch, ListTable, useUrlListState } from '@/shared';
import { useBusyIds } from '@/shared/use-busy-ids';
import { useDescribeRule } from '@/modules/members/rule-editor/use-rule-count';
import { type GroupRow, groupColumns } from './group-columns';
import { GroupMembersDrawer } from './group-members-drawer';
import { useDeleteGroups, useGroupList, useRecountGroup } from './groups.queries';

/** 会员分组 (/mebgroup): server paging and sorting; counts as of their time with 刷新人数; members of a group; edit, delete. */
export default function GroupListPage() {
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const list = useUrlListState({});
  const q = useGroupList(list.query);
  const deleteGroups = useDeleteGroups();
  const recountGroup = useRecountGroup();
  const describe = useDescribeRule();
  const can = useCan();
  const canEdit = can('mebgroup', 'edit');
  const canDelete = can('mebgroup', 'delete');
  const [selected, setSelected] = useState<string[]>([]);
  const counting = useBusyIds();
  const [viewing, setViewing] = useState<GroupRow | null>(null);
  const { keyword } = list.state;

  const remove = (ids: string[]) =>
    modal.confirm({
      title: ids.length > 1 ? `确定删除选中的${ids.length}个分组?` : '确定删除该分组?',
      content: '删除分组不会删除会员，手动加入该分组的记录将一并清除。',
      okText: '删除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: async () => {
        await deleteGroups.mutateAsync(ids);
        message.success('删除成功');
        setSelected([]);
      },
    });
  const recount = (r: GroupRow) =>
    counting.run(r.id, async () => {
      try {
        const d = await recountGroup.mutateAsync(r.id);
        message.success(`「${r.name}」当前 ${d.memberCount} 人`);
      } catch {
        // the reason is shown
      }
    });

  const columns = groupColumns({
    sortOrderOf: list.sortOrderOf,
    describe,
    canEdit,
    canDelete,
    isCounting: counting.has,
    onView: setViewing,
    onRecount: recount,
    onEdit: (r) => navigate(`/EditGroup?id=${r.id}`),
    onDelete: (r) => remove([r.id]),
  });

  return (
    <Card>
      <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
        <ListSearch placeholder="分组名称" initial={{ keyword }} onSearch={(v) => list.search(v.keyword)} onReset={list.reset} />
        <Space wrap style={{ marginBottom: 16 }}>
          {canDelete && (
            <DebouncedButton disabled={selected.length === 0} onClick={() => remove(selected)}>
              批量删除
            </DebouncedButton>
          )}
          {canEdit && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/EditGroup')}>
              新建分组
            </Button>
          )}
        </Space>
      </Space>
      <ListTable<GroupRow>
        rowKey="id"
        list={list}
        result={q}
        columns={columns}
        rowSelection={canDelete ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)) } : undefined}
        locale={{ emptyText: q.isLoading ? '加载中…' : keyword ? '没有符合条件的分组' : '还没有分组，点击「新建分组」添加' }}
      />
      <GroupMembersDrawer group={viewing} onClose={() => setViewing(null)} />
    </Card>
  );
}
