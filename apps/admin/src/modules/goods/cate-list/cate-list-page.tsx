import { PlusOutlined } from '@ant-design/icons';
import type { GoodsTypeNode } from '@contract/index';
import { Button, Card, Select, Space, Table } from 'antd';
import { useMemo, useState } from 'react';
import { useCan } from '@/hooks/use-can';
import { ListSearch } from '@/shared';
import { useCategoryTree } from './categories.queries';
import { cateColumns } from './cate-columns';
import { type CateEditing, CateFormDrawer } from './cate-form-drawer';
import { countNodes, parentIds, siblingsOf } from './cate-tree';
import { useCateActions } from './use-cate-actions';
import { useCateDrag } from './use-cate-drag';

const STATUS_OPTIONS = [
  { value: -1, label: '全部状态' },
  { value: 1, label: '启用' },
  { value: 0, label: '禁用' },
];
/** Up to this many categories the tree opens fully; a larger one opens its top level only. */
const EXPAND_ALL_UP_TO = 200;

/** 商品分类: the category tree with add child, edit, enable / disable, delete, and drag (or arrows) among siblings. */
export default function CateListPage() {
  const [filter, setFilter] = useState({ keyword: '', status: -1 });
  const q = useCategoryTree(filter);
  const tree = q.data ?? [];
  const { reorder, onSwitch, onDelete, switching } = useCateActions(tree);
  const [editing, setEditing] = useState<CateEditing | null>(null);
  const [expanded, setExpanded] = useState<string[] | null>(null);
  const can = useCan();
  const filtered = filter.keyword !== '' || filter.status !== -1;

  const defaultExpanded = useMemo(
    () => (filtered || countNodes(tree) <= EXPAND_ALL_UP_TO ? parentIds(tree) : tree.filter((n) => n.children).map((n) => n.id)),
    [tree, filtered],
  );

  const search = (next: Partial<typeof filter>) => {
    setFilter((f) => ({ ...f, ...next }));
    setExpanded(null);
  };

  const columns = cateColumns({
    canEdit: can('Catelist', 'edit'),
    canDelete: can('Catelist', 'delete'),
    canReorder: !filtered,
    placeOf: (r) => {
      const at = siblingsOf(tree, r.id);
      return { first: !at || at.index === 0, last: !at || at.index === at.siblings.length - 1 };
    },
    onAddChild: (r) => setEditing({ mode: 'add', parentId: r.id }),
    onEdit: (r) => setEditing({ mode: 'edit', node: r }),
    onMove: (r, by) => {
      const at = siblingsOf(tree, r.id);
      if (at) reorder(r, at.index + by).catch(() => undefined);
    },
    onSwitch,
    onDelete,
    switching,
  });

  const dragProps = useCateDrag(tree, filtered, (row, to) => reorder(row, to).catch(() => undefined));

  return (
    <Card>
      <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
        <ListSearch
          placeholder="分类名称"
          onSearch={(v) => search({ keyword: v.keyword })}
          onReset={() => search({ keyword: '', status: -1 })}
        >
          <Select
            aria-label="状态"
            value={filter.status}
            options={STATUS_OPTIONS}
            style={{ width: 120 }}
            onChange={(status) => search({ status })}
          />
        </ListSearch>
        {can('Catelist', 'edit') && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            style={{ marginBottom: 16 }}
            onClick={() => setEditing({ mode: 'add', parentId: null })}
          >
            新增分类
          </Button>
        )}
      </Space>
      <Table<GoodsTypeNode>
        rowKey="id"
        loading={q.isFetching}
        // The row actions stay pinned right; the table scrolls sideways inside the card on a narrow screen.
        columns={columns.map((c) => (c.key === 'op' ? { ...c, fixed: 'right' as const } : c))}
        scroll={{ x: 'max-content' }}
        dataSource={tree}
        pagination={false}
        expandable={{ expandedRowKeys: expanded ?? defaultExpanded, onExpandedRowsChange: (keys) => setExpanded(keys.map(String)) }}
        onRow={dragProps}
        locale={{
          emptyText: q.isLoading ? '加载中…' : filtered ? '没有符合条件的分类' : '还没有分类，点击「新增分类」添加',
        }}
      />
      <CateFormDrawer
        editing={editing}
        tree={tree}
        onClose={() => setEditing(null)}
        onSaved={() => {
          const parentId = editing?.mode === 'add' ? editing.parentId : null;
          setEditing(null);
          // A new child shows at once: its parent opens.
          if (parentId) setExpanded((keys) => [...new Set([...(keys ?? defaultExpanded), parentId])]);
        }}
      />
    </Card>
  );
}
