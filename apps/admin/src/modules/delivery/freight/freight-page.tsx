import { PlusOutlined } from '@ant-design/icons';
import { App, Button, Card, Space } from 'antd';
import { useState } from 'react';
import { useCan } from '@/hooks/use-can';
import { ListSearch, ListTable, useListState } from '@/shared';
import { useDeleteTemplate, useSetTemplateState, useTemplateList } from '../delivery.queries';
import { FreightEditor } from './freight-editor';
import { freightColumns } from './freight-columns';
import type { TemplateRow } from './freight-form';

const NO_FILTERS = {};

/** 运费模板 (/NewFreightTem): the list, and the editor in a drawer. */
export default function FreightPage() {
  const { message } = App.useApp();
  const can = useCan();
  const canEdit = can('NewFreightTem', 'edit');
  const canDelete = can('NewFreightTem', 'delete');
  const list = useListState(NO_FILTERS);
  const q = useTemplateList(list.query);
  const setState = useSetTemplateState();
  const deleteTemplate = useDeleteTemplate();
  const [editing, setEditing] = useState<'new' | TemplateRow | null>(null);

  const act = async (fn: () => Promise<unknown>, done: string) => {
    try {
      await fn();
      message.success(done);
    } catch {
      // the reason is shown
    }
  };

  const columns = freightColumns({
    canEdit,
    canDelete,
    onEdit: setEditing,
    onToggle: (r) =>
      act(() => setState.mutateAsync({ id: r.id, status: r.status === 1 ? 0 : 1 }), r.status === 1 ? '停用成功' : '启用成功'),
    onDelete: (r) => act(() => deleteTemplate.mutateAsync(r.id), '删除成功!'),
  });

  return (
    <Card title="运费模板">
      <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
        <ListSearch placeholder="模板名称" onSearch={(v) => list.search(v.keyword)} onReset={list.reset} />
        {canEdit && (
          <Button type="primary" icon={<PlusOutlined />} style={{ marginBottom: 16 }} onClick={() => setEditing('new')}>
            新建运费模板
          </Button>
        )}
      </Space>
      <ListTable<TemplateRow>
        rowKey="id"
        list={list}
        result={q}
        columns={columns}
        locale={{
          emptyText: q.isLoading ? '加载中…' : list.state.keyword ? '没有符合条件的运费模板' : '还没有运费模板，点击「新建运费模板」添加',
        }}
      />
      <FreightEditor editing={editing} onClose={() => setEditing(null)} onSaved={() => setEditing(null)} />
    </Card>
  );
}
