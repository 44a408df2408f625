import { PlusOutlined } from '@ant-design/icons';
import type { GoodsTypeNode } from '@contract/index';
import { App, Button, Card, Select, Space, Table } from 'antd';
import { type DragEvent, type HTMLAttributes, useMemo, useState } from 'react';
import { api } from '@/api/client';
import { useCan } from '@/hooks/use-can';
import { ListSearch } from '@/shared';
import { useCategoryTree, useInvalidateCategories } from '../goods.queries';
import { cateColumns } from './cate-columns';
import { type CateEditing, CateFormDrawer } from './cate-form-drawer';
import { countNodes, moveItem, parentIds, siblingsOf, sortBodyOf } from './cate-tree';

const STATUS_OPTIONS = [
  { value: -1, label: '全部状态' },
  { value: 1, label: '启用' },
  { value: 0, label: '禁用' },
];
/** Up to this many categories the tree opens fully; a larger one opens its top level only. */
const EXPAND_ALL_UP_TO = 200;

/** 商品分类: the category tree with add child, edit, enable / disable, delete, and drag (or arrows) among siblings. */
export default function CateListPage() {
  const { modal, message } = App.useApp();
  const [filter, setFilter] = useState({ keyword: '', status: -1 });
  const q = useCategoryTree(filter);
  const refresh = useInvalidateCategories();
  const tree = q.data ?? [];
  const [editing, setEditing] = useState<CateEditing | null>(null);
  const [expanded, setExpanded] = useState<string[] | null>(null);
  const can = useCan();
  const [switching, setSwitching] = useState<ReadonlySet<string>>(new Set());
  const [dragging, setDragging] = useState<string | null>(null);
  const filtered = filter.keyword !== '' || filter.status !== -1;

  const defaultExpanded = useMemo(
    () => (filtered || countNodes(tree) <= EXPAND_ALL_UP_TO ? parentIds(tree) : tree.filter((n) => n.children).map((n) => n.id)),
    [tree, filtered],
  );

  const search = (next: Partial<typeof filter>) => {
    setFilter((f) => ({ ...f, ...next }));
    setExpanded(null);
  };

  /** Puts siblings in a new order through sort. */
  const reorder = async (row: GoodsTypeNode, to: number) => {
    const at = siblingsOf(tree, row.id);
    if (!at || to < 0 || to >= at.siblings.length || to === at.index) return;
    try {
      await api.goodsType.sort({ list: sortBodyOf(moveItem(at.siblings, at.index, to)) });
      message.success('排序成功');
    } finally {
      await refresh();
    }
  };

  const onSwitch = async (row: GoodsTypeNode, on: boolean) => {
    const go = async () => {
      setSwitching((s) => new Set(s).add(row.id));
      try {
        await api.goodsType.upstate({ ids: [row.id], status: on ? 1 : 0 });
        message.success(on ? '启用成功' : '禁用成功');
        await refresh();
      } catch {
        // the reason is shown
      } finally {
        setSwitching((s) => {
          const next = new Set(s);
          next.delete(row.id);
          return next;
        });
      }
    };
    if (!on && row.children) {
      modal.confirm({
        title: `确定禁用分类「${row.name}」?`,
        content: '其下级分类也将一并禁用。',
        okText: '确定',
        cancelText: '取消',
        onOk: go,
      });
    } else await go();
  };

  const onDelete = (row: GoodsTypeNode) =>
    modal.confirm({
      title: '确定删除当前当前数据?',
      okText: '确定',
      cancelText: '取消',
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await api.goodsType.delete({ ids: [row.id] });
          message.success('删除成功!');
          await refresh();
        } catch {
          // the reason (children, goods) is shown
        }
      },
    });

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

  /** Native drag and drop of a row onto a sibling: the dragged category takes the sibling's place. */
  const dragProps = (row: GoodsTypeNode) =>
    filtered
      ? {}
      : {
          draggable: true,
          onDragStart: (e: DragEvent) => {
            e.stopPropagation();
            e.dataTransfer.effectAllowed = 'move';
            setDragging(row.id);
          },
          onDragOver: (e: DragEvent) => {
            if (dragging && dragging !== row.id) e.preventDefault();
          },
          onDragEnd: () => setDragging(null),
          onDrop: (e: DragEvent) => {
            e.preventDefault();
            const from = dragging;
            setDragging(null);
            if (!from || from === row.id) return;
            const at = siblingsOf(tree, from);
            const target = at?.siblings.findIndex((s) => s.id === row.id) ?? -1;
            if (!at || target < 0) {
              message.warning('只能在同级分类之间拖动排序');
              return;
            }
            reorder(at.siblings[at.index], target).catch(() => undefined);
          },
          style: { opacity: dragging === row.id ? 0.5 : 1 },
        };

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
        onRow={(row) => dragProps(row) as HTMLAttributes<HTMLElement>}
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
          refresh();
        }}
      />
    </Card>
  );
}
