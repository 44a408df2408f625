import { PlusOutlined } from '@ant-design/icons';
import { GOODS_LIST_STATUS } from '@contract/index';
import { App, Button, Card, Space, Tabs } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useCan } from '@/hooks/use-can';
import { DebouncedButton, ListTable, useUrlListState } from '@/shared';
import { useCopyGoods, useDeleteGoods, useGoodsList, useSetGoodsSort, useSetGoodsStatus } from '../goods.queries';
import { GoodsBulkActions } from './goods-bulk-actions';
import { goodsColumns, type GoodsRowData } from './goods-columns';
import { GoodsExportButton } from './goods-export-button';
import { type GoodsFilters, type GoodsListStatus, INITIAL_FILTERS, STATUS_TAB_LABELS } from './goods-filters';
import { GoodsImportModal } from './goods-import-modal';
import { GoodsSearch } from './goods-search';

/** 商品管理: status tabs, search row, server paging and sorting, inline sort / price / stock, bulk shelf and delete. */
export default function GoodsListPage() {
  const navigate = useNavigate();
  const { modal, message } = App.useApp();
  // Page, filters and sort live in the address: opening a goods and coming back keeps them.
  const list = useUrlListState<GoodsFilters>(INITIAL_FILTERS);
  const q = useGoodsList(list.query);
  const deleteGoods = useDeleteGoods();
  const setStatus = useSetGoodsStatus();
  const copyGoods = useCopyGoods();
  const setSort = useSetGoodsSort();
  const [selected, setSelected] = useState<string[]>([]);
  const [importing, setImporting] = useState(false);
  const can = useCan();
  const canEdit = can('Goodlist', 'edit');
  const canDelete = can('Goodlist', 'delete');

  const run = async (work: () => Promise<unknown>, done: string) => {
    await work();
    message.success(done);
    setSelected([]);
  };
  const remove = (ids: string[], single: boolean) =>
    modal.confirm({
      title: single ? '确定删除当前当前数据?' : '确定删除选中的数据?',
      okText: '确定',
      cancelText: '取消',
      okButtonProps: { danger: true },
      onOk: () => run(() => deleteGoods.mutateAsync(ids), '删除成功!').catch(() => undefined),
    });
  const shelf = (ids: string[], status: 0 | 1) =>
    run(() => setStatus.mutateAsync({ ids, status }), status === 1 ? '上架成功' : '下架成功').catch(() => undefined);

  const columns = goodsColumns({
    canEdit,
    canDelete,
    sortOrderOf: list.sortOrderOf,
    onEdit: (r: GoodsRowData) => navigate(`/editfrom?id=${r.id}`),
    onCopy: (r) => run(() => copyGoods.mutateAsync(r.id), '复制成功').catch(() => undefined),
    onShelf: (r, status) => shelf([r.id], status),
    onDelete: (r) => remove([r.id], true),
    onSort: (r, sort) => run(() => setSort.mutateAsync({ id: r.id, sort }), '排序成功').catch(() => undefined),
  });

  return (
    <Card>
      <Tabs
        activeKey={list.state.filters.status}
        onChange={(k) => {
          setSelected([]);
          list.search(list.state.keyword, { status: k as GoodsListStatus });
        }}
        items={GOODS_LIST_STATUS.map((k) => ({ key: k, label: STATUS_TAB_LABELS[k] }))}
      />
      <GoodsSearch keyword={list.state.keyword} filters={list.state.filters} onSearch={list.search} onReset={list.reset} />
      <Space style={{ marginBottom: 16, width: '100%', justifyContent: 'space-between' }} wrap>
        <Space wrap>
          {canEdit && (
            <DebouncedButton disabled={selected.length === 0} onClick={() => shelf(selected, 1)}>
              批量上架
            </DebouncedButton>
          )}
          {canEdit && (
            <DebouncedButton disabled={selected.length === 0} onClick={() => shelf(selected, 0)}>
              批量下架
            </DebouncedButton>
          )}
          {canDelete && (
            <DebouncedButton danger disabled={selected.length === 0} onClick={() => remove(selected, false)}>
              批量删除
            </DebouncedButton>
          )}
          {canEdit && <GoodsBulkActions ids={selected} onDone={() => setSelected([])} />}
        </Space>
        <Space wrap>
          {canEdit && <Button onClick={() => setImporting(true)}>导入商品</Button>}
          {can('Goodlist', 'export') && <GoodsExportButton query={list.query} total={q.data?.total_count ?? 0} />}
          {canEdit && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/addgoods')}>
              发布商品
            </Button>
          )}
        </Space>
      </Space>
      <GoodsImportModal open={importing} onClose={() => setImporting(false)} />
      <ListTable<GoodsRowData>
        list={list}
        result={q}
        rowKey="id"
        columns={columns}
        rowSelection={canEdit || canDelete ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)) } : undefined}
        locale={{ emptyText: q.isLoading ? '加载中…' : '暂无商品，点击「发布商品」添加' }}
      />
    </Card>
  );
}
