import { Alert, App, Button, Card, Space, Table } from 'antd';
import { type DragEvent, type HTMLAttributes, useEffect, useMemo, useState } from 'react';
import { Can, DebouncedButton, ListSearch, Pager, useListState } from '@/shared';
import { useBatchSort, useSortList } from '../goods.queries';
import { goodsSortColumns, type SortRow as Row } from './goods-sort-columns';
import { LAST_PLACE, moveItem, orderChanged, placesOf } from './sort-order';

/**
 * 商品排序: the on-sale goods in the shop's order. Drag rows within the page (then 保存排序), or send one to the top
 * or the bottom of the whole order at once. While searching, only 置顶 / 置底 are offered (places are of the whole order).
 */
export default function GoodsSortPage() {
  const { modal, message } = App.useApp();
  const initial = useMemo(() => ({}), []);
  const list = useListState(initial, 20);
  const q = useSortList(list.query);
  const batchSort = useBatchSort();
  const loaded = q.data?.rows ?? [];
  const [rows, setRows] = useState<Row[]>([]);
  const [dragging, setDragging] = useState<string | null>(null);
  const saving = batchSort.isPending;
  const searching = list.state.keyword !== '';
  const dirty = orderChanged(loaded, rows);

  useEffect(() => setRows(q.data?.rows ?? []), [q.data]);

  const save = async (body: { id: string; sort: number }[], done = '排序成功') => {
    try {
      await batchSort.mutateAsync(body);
      message.success(done);
    } catch {
      // the reason is shown
    }
  };
  const savePage = () => save(placesOf(rows, list.state.page_index, list.state.page_size));
  /** Leaving a page with an unsaved order asks first. */
  const guard = (go: () => void) => {
    if (!dirty) return go();
    modal.confirm({ title: '当前页的排序尚未保存，确定放弃?', okText: '放弃', cancelText: '取消', onOk: go });
  };

  const dragProps = (row: Row) =>
    searching
      ? {}
      : {
          draggable: true,
          onDragStart: (e: DragEvent) => {
            e.dataTransfer.effectAllowed = 'move';
            setDragging(row.id);
          },
          onDragOver: (e: DragEvent) => {
            if (dragging && dragging !== row.id) e.preventDefault();
          },
          onDragEnd: () => setDragging(null),
          onDrop: (e: DragEvent) => {
            e.preventDefault();
            const from = rows.findIndex((r) => r.id === dragging);
            const to = rows.findIndex((r) => r.id === row.id);
            setDragging(null);
            if (from >= 0 && to >= 0 && from !== to) setRows(moveItem(rows, from, to));
          },
          style: { opacity: dragging === row.id ? 0.5 : 1, cursor: 'move' },
        };

  const columns = goodsSortColumns({
    first: (list.state.page_index - 1) * list.state.page_size + 1,
    searching,
    busy: saving || dirty,
    onTop: (r) => save([{ id: r.id, sort: 1 }], '置顶成功'),
    onBottom: (r) => save([{ id: r.id, sort: LAST_PLACE }], '置底成功'),
  });

  return (
    <Card>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        message="拖动商品调整本页顺序后点击「保存排序」；置顶 / 置底直接移到全部在售商品的最前或最后。店铺按此顺序展示出售中和定时开售的商品。"
      />
      <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
        <ListSearch placeholder="商品名称 / 编号" onSearch={(v) => guard(() => list.search(v.keyword))} onReset={() => guard(list.reset)} />
        <Can menu="goodsSort" op="edit">
          <Space style={{ marginBottom: 16 }}>
            <Button disabled={!dirty || saving} onClick={() => setRows(loaded)}>
              撤销
            </Button>
            <DebouncedButton type="primary" disabled={!dirty} loading={saving} onClick={savePage}>
              保存排序
            </DebouncedButton>
          </Space>
        </Can>
      </Space>
      <Table<Row>
        rowKey="id"
        loading={q.isFetching}
        columns={columns}
        dataSource={rows}
        pagination={false}
        onRow={(row) => dragProps(row) as HTMLAttributes<HTMLElement>}
        locale={{ emptyText: q.isLoading ? '加载中…' : searching ? '没有符合条件的在售商品' : '暂无在售商品' }}
      />
      <Pager
        total={q.data?.total_count ?? 0}
        pageIndex={list.state.page_index}
        pageSize={list.state.page_size}
        onChange={(p, s) => guard(() => list.setPage(p, s))}
      />
    </Card>
  );
}
