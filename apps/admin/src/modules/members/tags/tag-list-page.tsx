import { PlusOutlined } from '@ant-design/icons';
import { App, Button, Card, Select, Space } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useCan } from '@/hooks/use-can';
import { DebouncedButton, ListSearch, ListTable, useUrlListState } from '@/shared';
import { useBusyIds } from '@/shared/use-busy-ids';
import { useDescribeRule } from '@/modules/members/rule-editor/use-rule-count';
import { type TagRow, tagColumns } from './tag-columns';
import { useDeleteTags, useRefreshTag, useTagList } from './tags.queries';

const KIND_OPTIONS = [
  { value: 0, label: '全部类型' },
  { value: 1, label: '手动标签' },
  { value: 2, label: '自动标签' },
];

/** 标签管理 (/labeltag): server paging, keyword, kind, sorting; edit, delete (confirmed), refresh an automatic tag. */
export default function TagListPage() {
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const list = useUrlListState({ kind: 0 });
  const q = useTagList(list.query);
  const deleteTags = useDeleteTags();
  const refreshTag = useRefreshTag();
  const describe = useDescribeRule();
  const can = useCan();
  const canEdit = can('labeltag', 'edit');
  const canDelete = can('labeltag', 'delete');
  const [selected, setSelected] = useState<string[]>([]);
  const refreshing = useBusyIds();
  const { keyword, filters } = list.state;

  const remove = (ids: string[]) =>
    modal.confirm({
      title: ids.length > 1 ? `确定删除选中的${ids.length}个标签?` : '确定删除该标签?',
      content: '删除后，会员身上的该标签将一并移除，且不可恢复。',
      okText: '删除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: async () => {
        await deleteTags.mutateAsync(ids);
        message.success('删除成功');
        setSelected([]);
      },
    });

  const runRefresh = (row: TagRow) =>
    refreshing.run(row.id, async () => {
      try {
        const d = await refreshTag.mutateAsync(row.id);
        if (d) message.success(`「${d.name}」已刷新，当前 ${d.memberCount} 人`);
        else message.info('刷新仍在进行，稍后查看');
      } catch {
        // the reason is shown
      }
    });

  const columns = tagColumns({
    sortOrderOf: list.sortOrderOf,
    describe,
    canEdit,
    canDelete,
    isRefreshing: refreshing.has,
    onEdit: (r) => navigate(`/labeltag/edittag?id=${r.id}`),
    onRefresh: runRefresh,
    onDelete: (r) => remove([r.id]),
  });

  return (
    <Card>
      <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
        <ListSearch placeholder="标签名称" initial={{ keyword }} onSearch={(v) => list.search(v.keyword)} onReset={list.reset}>
          <Select
            aria-label="标签类型"
            value={filters.kind}
            options={KIND_OPTIONS}
            style={{ width: 120 }}
            onChange={(kind) => list.search(keyword, { kind })}
          />
        </ListSearch>
        <Space wrap style={{ marginBottom: 16 }}>
          {canDelete && (
            <DebouncedButton disabled={selected.length === 0} onClick={() => remove(selected)}>
              批量删除
            </DebouncedButton>
          )}
          {canEdit && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/labeltag/edittag')}>
              新建标签
            </Button>
          )}
        </Space>
      </Space>
      <ListTable<TagRow>
        rowKey="id"
        list={list}
        result={q}
        columns={columns}
        rowSelection={canDelete ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)) } : undefined}
        locale={{
          emptyText: q.isLoading ? '加载中…' : keyword || filters.kind ? '没有符合条件的标签' : '还没有标签，点击「新建标签」添加',
        }}
      />
    </Card>
  );
}
