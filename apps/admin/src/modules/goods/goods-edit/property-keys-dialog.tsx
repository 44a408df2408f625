import { PlusOutlined } from '@ant-design/icons';
import { App, Button, Input, Modal, Space } from 'antd';
import { useMemo, useState } from 'react';
import { ListTable, useListState } from '@/shared';
import { PropertyKeyForm } from './property-key-form';
import { type KeyRow, propertyKeyColumns } from './property-keys-columns';
import { useDeletePropertyKeys, usePropertyKeyList } from './property-keys.queries';

/** 管理扩展属性: the enterprise's property keys, paged on the server, with create / edit / delete. */
export function PropertyKeysDialog({ onClose }: { onClose: () => void }) {
  const { message } = App.useApp();
  const list = useListState(useMemo(() => ({}), []));
  const page = usePropertyKeyList(list.query);
  const deleteKeys = useDeletePropertyKeys();
  const [editing, setEditing] = useState<KeyRow | 'new' | null>(null);

  const remove = async (r: KeyRow) => {
    await deleteKeys.mutateAsync([r.id]);
    message.success('删除成功!');
  };

  const columns = propertyKeyColumns({ onEdit: setEditing, onDelete: (r) => remove(r).catch(() => undefined) });

  return (
    <Modal open title="管理扩展属性" width={760} footer={null} onCancel={onClose} destroyOnHidden>
      <Space style={{ marginBottom: 12, width: '100%', justifyContent: 'space-between' }}>
        <Input.Search
          aria-label="搜索属性名称"
          placeholder="属性名称"
          allowClear
          style={{ width: 220 }}
          onSearch={(v) => list.search(v.trim())}
        />
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
          新建属性
        </Button>
      </Space>
      <ListTable<KeyRow>
        list={list}
        result={page}
        rowKey="id"
        size="small"
        columns={columns}
        locale={{ emptyText: page.isLoading ? '加载中…' : '暂无扩展属性，点击「新建属性」添加' }}
      />
      {editing && (
        <PropertyKeyForm row={editing === 'new' ? null : editing} onClose={() => setEditing(null)} onSaved={() => setEditing(null)} />
      )}
    </Modal>
  );
}
