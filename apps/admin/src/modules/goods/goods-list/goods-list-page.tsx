import { PlusOutlined } from '@ant-design/icons';
import { GOODS_LIST_STATUS } from '@contract/index';
import { App, Button, Card, Space, Tabs, TreeSelect } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { api } from '@/api/client';
import { useCan } from '@/hooks/use-can';
import { AmountInput, DebouncedButton, DigitsInput, ListSearch, ListTable, useUrlListState } from '@/shared';
import { useCategoryOptions, useGoodsList, useInvalidateGoods } from '../goods.queries';
import { GoodsBulkActions } from './goods-bulk-actions';
import { goodsColumns, type GoodsRowData } from './goods-columns';
import { GoodsExportButton } from './goods-export-button';
import { GoodsImportModal } from './goods-import-modal';

type ListStatus = (typeof GOODS_LIST_STATUS)[number];
const TAB_LABELS: Record<ListStatus, string> = {
  all: '全部',
  on_sale: '出售中',
  sold_out: '已售罄',
  off_shelf: '已下架',
  scheduled: '定时开售',
};

interface Filters {
  status: ListStatus;
  categoryId?: string;
  minPrice?: number;
  maxPrice?: number;
  minStock?: number;
  maxStock?: number;
}
/** The filters, each named (the optional ones undefined) so the address can hold them. */
const INITIAL: Filters = {
  status: 'all',
  categoryId: undefined,
  minPrice: undefined,
  maxPrice: undefined,
  minStock: undefined,
  maxStock: undefined,
};
const text = (v: number | undefined) => (v === undefined ? '' : String(v));

const num = (v: string) => (v === '' ? undefined : Number(v));

/** 商品管理: status tabs, search row, server paging and sorting, inline sort / price / stock, bulk shelf and delete. */
export default function GoodsListPage() {
  const navigate = useNavigate();
  const { modal, message } = App.useApp();
  // Page, filters and sort live in the address: opening a goods and coming back keeps them.
  const list = useUrlListState<Filters>(INITIAL);
  const { filters } = list.state;
  const q = useGoodsList(list.query);
  const categories = useCategoryOptions();
  const refresh = useInvalidateGoods();
  const [selected, setSelected] = useState<string[]>([]);
  const [categoryId, setCategoryId] = useState<string | undefined>(filters.categoryId);
  const [range, setRange] = useState(() => ({
    minPrice: text(filters.minPrice),
    maxPrice: text(filters.maxPrice),
    minStock: text(filters.minStock),
    maxStock: text(filters.maxStock),
  }));
  const [importing, setImporting] = useState(false);
  const can = useCan();
  const canEdit = can('Goodlist', 'edit');
  const canDelete = can('Goodlist', 'delete');

  const run = async (work: () => Promise<unknown>, done: string) => {
    await work();
    message.success(done);
    setSelected([]);
    await refresh();
  };
  const remove = (ids: string[], single: boolean) =>
    modal.confirm({
      title: single ? '确定删除当前当前数据?' : '确定删除选中的数据?',
      okText: '确定',
      cancelText: '取消',
      okButtonProps: { danger: true },
      onOk: () => run(() => api.goods.delete({ ids }), '删除成功!').catch(() => undefined),
    });
  const shelf = (ids: string[], status: 0 | 1) =>
    run(() => api.goods.updateState({ ids, status }), status === 1 ? '上架成功' : '下架成功').catch(() => undefined);

  const filtersOf = (keyword: string, cat = categoryId) =>
    list.search(keyword, {
      categoryId: cat,
      minPrice: num(range.minPrice),
      maxPrice: num(range.maxPrice),
      minStock: num(range.minStock),
      maxStock: num(range.maxStock),
    });

  const columns = goodsColumns({
    canEdit,
    canDelete,
    sortOrderOf: list.sortOrderOf,
    onEdit: (r: GoodsRowData) => navigate(`/editfrom?id=${r.id}`),
    onCopy: (r) => run(() => api.goods.copy({ id: r.id }), '复制成功').catch(() => undefined),
    onShelf: (r, status) => shelf([r.id], status),
    onDelete: (r) => remove([r.id], true),
    onSort: (r, sort) => run(() => api.goods.editsort({ id: r.id, sort }), '排序成功').catch(() => refresh()),
    onChanged: () => void refresh(),
  });

  const rangeInput = (key: keyof typeof range, placeholder: string, money: boolean) => {
    const Field = money ? AmountInput : DigitsInput;
    return (
      <Field
        aria-label={placeholder}
        placeholder={placeholder}
        style={{ width: 96 }}
        value={range[key]}
        onChange={(v) => setRange((r) => ({ ...r, [key]: v }))}
      />
    );
  };

  return (
    <Card>
      <Tabs
        activeKey={list.state.filters.status}
        onChange={(k) => {
          setSelected([]);
          list.search(list.state.keyword, { status: k as ListStatus });
        }}
        items={GOODS_LIST_STATUS.map((k) => ({ key: k, label: TAB_LABELS[k] }))}
      />
      <ListSearch
        placeholder="商品名称 / 编号 / 条形码"
        initial={{ keyword: list.state.keyword }}
        onSearch={(v) => filtersOf(v.keyword)}
        onReset={() => {
          setCategoryId(undefined);
          setRange({ minPrice: '', maxPrice: '', minStock: '', maxStock: '' });
          list.reset();
        }}
      >
        <TreeSelect
          aria-label="商品分类"
          placeholder="商品分类"
          allowClear
          treeDefaultExpandAll
          style={{ width: 180 }}
          value={categoryId}
          treeData={categories.data ?? []}
          onChange={(v?: string) => {
            setCategoryId(v);
            filtersOf(list.state.keyword, v);
          }}
        />
        <Space.Compact>
          {rangeInput('minPrice', '最低价', true)}
          {rangeInput('maxPrice', '最高价', true)}
        </Space.Compact>
        <Space.Compact>
          {rangeInput('minStock', '最低库存', false)}
          {rangeInput('maxStock', '最高库存', false)}
        </Space.Compact>
        <Button type="primary" onClick={() => filtersOf(list.state.keyword)}>
          筛选
        </Button>
      </ListSearch>
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
          {canEdit && (
            <GoodsBulkActions
              ids={selected}
              onDone={async () => {
                setSelected([]);
                await refresh();
              }}
            />
          )}
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
      <GoodsImportModal open={importing} onClose={() => setImporting(false)} onImported={() => void refresh()} />
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
