import { PlusOutlined } from '@ant-design/icons';
import type { contract, DataOf } from '@contract/index';
import { App, Button, Card, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { Can, DebouncedButton, ListSearch, ListTable, useUrlListState } from '@/shared';
import { type SpecTemplateEditing, SpecTemplateModal } from './spec-template-modal';
import { useDeleteSpecTemplates, useSpecTemplateList } from './spec-templates.queries';

type Row = DataOf<typeof contract.goodsSpec.list>['rows'][number];

/** 商品规格: spec templates the goods form can import (list, add / edit in a modal, delete). */
export default function SpecTemplatesPage() {
  const { modal, message } = App.useApp();
  const initial = useMemo(() => ({}), []);
  const list = useUrlListState(initial);
  const q = useSpecTemplateList(list.query);
  const deleteTemplates = useDeleteSpecTemplates();
  const [editing, setEditing] = useState<SpecTemplateEditing | null>(null);
  const [selected, setSelected] = useState<string[]>([]);

  const remove = (ids: string[], single: boolean) =>
    modal.confirm({
      title: single ? '确定删除当前当前数据?' : '确定删除选中的数据?',
      content: '已发布的商品不受影响。',
      okText: '确定',
      cancelText: '取消',
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await deleteTemplates.mutateAsync(ids);
          message.success('删除成功!');
          setSelected([]);
        } catch {
          // the reason is shown
        }
      },
    });

  const columns: ColumnsType<Row> = [
    { title: '模板名称', dataIndex: 'name', width: 200 },
    {
      title: '规格',
      key: 'specs',
      render: (_, r) => (
        <Space direction="vertical" size={4}>
          {r.specs.map((s) => (
            <Space key={s.name} size={4} wrap>
              <Typography.Text strong>{s.name}：</Typography.Text>
              {s.values.map((v) => (
                <Tag key={v}>{v}</Tag>
              ))}
            </Space>
          ))}
        </Space>
      ),
    },
    { title: '更新时间', dataIndex: 'updateTime', width: 180 },
    {
      title: '操作',
      key: 'op',
      width: 140,
      render: (_, r) => (
        <Space size={0}>
          <Can menu="addspecification" op="edit">
            <Button type="link" size="small" onClick={() => setEditing(r)}>
              编辑
            </Button>
          </Can>
          <Can menu="addspecification" op="delete">
            <Button type="link" size="small" danger onClick={() => remove([r.id], true)}>
              删除
            </Button>
          </Can>
        </Space>
      ),
    },
  ];

  return (
    <Card>
      <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
        <ListSearch
          placeholder="模板名称"
          initial={{ keyword: list.state.keyword }}
          onSearch={(v) => list.search(v.keyword)}
          onReset={list.reset}
        />
        <Space style={{ marginBottom: 16 }}>
          <Can menu="addspecification" op="delete">
            <DebouncedButton danger disabled={selected.length === 0} onClick={() => remove(selected, false)}>
              批量删除
            </DebouncedButton>
          </Can>
          <Can menu="addspecification" op="edit">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
              新增规格模板
            </Button>
          </Can>
        </Space>
      </Space>
      <ListTable<Row>
        list={list}
        result={q}
        rowKey="id"
        columns={columns}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)) }}
        locale={{ emptyText: q.isLoading ? '加载中…' : '还没有规格模板，点击「新增规格模板」添加' }}
      />
      <SpecTemplateModal editing={editing} onClose={() => setEditing(null)} onSaved={() => setEditing(null)} />
    </Card>
  );
}
