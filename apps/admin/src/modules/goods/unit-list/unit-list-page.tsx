import { PlusOutlined } from '@ant-design/icons';
import { App, Button, Card, Select, Space } from 'antd';
import { useState } from 'react';
import { useCan } from '@/hooks/use-can';
import { DebouncedButton, ListSearch, ListTable, useUrlListState } from '@/shared';
import { useBusyIds } from '@/shared/use-busy-ids';
import { type MoveDirection, type UnitRowData, unitColumns } from './unit-columns';
import { type UnitEditing, UnitFormModal } from './unit-form-modal';
import { useMoveUnit, useSetUnitStatus, useUnitList } from './units.queries';

const STATUS_OPTIONS = [
  { value: -1, label: '全部状态' },
  { value: 1, label: '启用' },
  { value: 0, label: '禁用' },
];
const MOVED = { up: '上移成功', down: '下移成功', top: '置顶成功' } as const;

/** 商品单位: server paging and sorting, add / edit, enable / disable (one or many), move up / down / to the top. */
export default function UnitListPage() {
  const { modal, message } = App.useApp();
  const list = useUrlListState({ status: -1 });
  const q = useUnitList(list.query);
  const setUnitStatus = useSetUnitStatus();
  const moveUnit = useMoveUnit();
  const [selected, setSelected] = useState<string[]>([]);
  const [editing, setEditing] = useState<UnitEditing | null>(null);
  const switching = useBusyIds();
  const canEdit = useCan()('Unit', 'edit');
  const rows = q.data?.rows ?? [];
  const total = q.data?.total_count ?? 0;
  const { page_index, page_size, keyword, sorter, filters } = list.state;
  // The whole list in its own order: no filter, and sorted by sort ascending (the default) if at all.
  const canMove = keyword === '' && filters.status === -1 && sorter.every((s) => s.field === 'sort' && s.order === 'asc');

  const setStatus = async (ids: string[], status: 0 | 1) => {
    await setUnitStatus.mutateAsync({ ids, status });
    message.success(status === 1 ? '启用成功' : '禁用成功');
    setSelected([]);
  };
  const bulk = (status: 0 | 1) =>
    modal.confirm({
      title: status === 1 ? '确定启用选中的单位?' : '确定禁用选中的单位?',
      okText: '确定',
      cancelText: '取消',
      onOk: () => setStatus(selected, status).catch(() => undefined),
    });
  const onSwitch = (row: UnitRowData, on: boolean) => switching.run(row.id, () => setStatus([row.id], on ? 1 : 0).catch(() => undefined));
  const onMove = async (row: UnitRowData, direction: MoveDirection) => {
    try {
      await moveUnit.mutateAsync({ id: row.id, direction });
      message.success(MOVED[direction]);
      // A unit put on top is on the first page.
      if (direction === 'top' && page_index !== 1) list.setPage(1, page_size);
    } catch {
      // the reason is shown
    }
  };

  const columns = unitColumns({
    canEdit,
    sortOrderOf: list.sortOrderOf,
    canMove,
    placeOf: (r) => {
      const i = rows.findIndex((x) => x.id === r.id);
      const before = (page_index - 1) * page_size + i;
      return { first: before === 0, last: before === total - 1 };
    },
    onEdit: (r) => setEditing(r),
    onMove,
    onSwitch,
    switching,
  });

  return (
    <Card>
      <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
        <ListSearch
          placeholder="单位名称"
          initial={{ keyword: list.state.keyword }}
          onSearch={(v) => list.search(v.keyword)}
          onReset={list.reset}
        >
          <Select
            aria-label="状态"
            value={filters.status}
            options={STATUS_OPTIONS}
            style={{ width: 120 }}
            onChange={(status) => list.search(keyword, { status })}
          />
        </ListSearch>
        <Space wrap style={{ marginBottom: 16 }}>
          {canEdit && (
            <>
              <DebouncedButton disabled={selected.length === 0} onClick={() => bulk(1)}>
                批量启用
              </DebouncedButton>
              <DebouncedButton disabled={selected.length === 0} onClick={() => bulk(0)}>
                批量禁用
              </DebouncedButton>
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
                新增单位
              </Button>
            </>
          )}
        </Space>
      </Space>
      <ListTable<UnitRowData>
        rowKey="id"
        list={list}
        result={q}
        columns={columns}
        rowSelection={canEdit ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)) } : undefined}
        locale={{
          emptyText: q.isLoading ? '加载中…' : keyword || filters.status !== -1 ? '没有符合条件的单位' : '还没有单位，点击「新增单位」添加',
        }}
      />
      <UnitFormModal editing={editing} onClose={() => setEditing(null)} onSaved={() => setEditing(null)} />
    </Card>
  );
}
