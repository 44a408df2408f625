import type { GOODS_LIST_STATUS } from '@contract/index';
import { Button, Card, Select, Space, TreeSelect, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useCan } from '@/hooks/use-can';
import { Can, DebouncedButton, DigitsInput, ListSearch, ListTable, useListState } from '@/shared';
import { useCategoryOptions } from '../cate-list/categories.queries';
import { useSkuList } from '../goods.queries';
import { BulkStockDialog } from './bulk-stock-dialog';
import { goodsSkuColumns, type SkuRowData } from './goods-sku-columns';

type ListStatus = (typeof GOODS_LIST_STATUS)[number];

const STATUS_OPTIONS: { value: ListStatus; label: string }[] = [
  { value: 'all', label: '全部状态' },
  { value: 'on_sale', label: '出售中' },
  { value: 'sold_out', label: '已售罄' },
  { value: 'off_shelf', label: '已下架' },
  { value: 'scheduled', label: '定时开售' },
];

interface Filters {
  status: ListStatus;
  categoryId?: string;
  lowStock?: number;
}

/** 商品列表: every SKU as a row (price, stock, codes), sorted and filtered on the server; stock edited in place or in bulk. */
export default function GoodsSkuListPage() {
  const navigate = useNavigate();
  const initial = useMemo<Filters>(() => ({ status: 'all' }), []);
  const list = useListState<Filters>(initial, 20);
  const q = useSkuList(list.query);
  const categories = useCategoryOptions();
  const [selected, setSelected] = useState<string[]>([]);
  const [lowStock, setLowStock] = useState('');
  const [bulkOpen, setBulkOpen] = useState(false);
  const filters = list.state.filters;
  const canEdit = useCan()('goodsList', 'edit');

  const columns = goodsSkuColumns({
    canEdit,
    lowStock: filters.lowStock,
    sortOrderOf: list.sortOrderOf,
    onOpen: (r) => navigate(`/editfrom?id=${r.goodsId}`),
  });

  const search = (keyword: string, next: Partial<Filters> = {}) =>
    list.search(keyword, { lowStock: lowStock === '' ? undefined : Number(lowStock), ...next });

  return (
    <Card>
      <ListSearch
        placeholder="商品名称 / 编号 / 规格编码 / 条形码"
        width={300}
        onSearch={(v) => search(v.keyword)}
        onReset={() => {
          setLowStock('');
          setSelected([]);
          list.reset();
        }}
      >
        <TreeSelect
          aria-label="商品分类"
          placeholder="商品分类"
          allowClear
          treeDefaultExpandAll
          style={{ width: 180 }}
          value={filters.categoryId}
          treeData={categories.data ?? []}
          onChange={(v?: string) => search(list.state.keyword, { categoryId: v })}
        />
        <Select
          aria-label="商品状态"
          style={{ width: 120 }}
          value={filters.status}
          options={STATUS_OPTIONS}
          onChange={(status) => search(list.state.keyword, { status })}
        />
        <DigitsInput
          aria-label="库存预警"
          addonBefore="库存预警 ≤"
          placeholder="不限"
          style={{ width: 190 }}
          value={lowStock}
          onChange={setLowStock}
          onPressEnter={() => search(list.state.keyword)}
        />
        <Button type="primary" onClick={() => search(list.state.keyword)}>
          筛选
        </Button>
      </ListSearch>
      <Space style={{ marginBottom: 16 }}>
        <Can menu="goodsList" op="edit">
          <DebouncedButton disabled={selected.length === 0} onClick={() => setBulkOpen(true)}>
            批量改库存
          </DebouncedButton>
          <Typography.Text type="secondary">
            {selected.length ? `已选 ${selected.length} 个规格` : '勾选规格后可批量设置库存'}
          </Typography.Text>
        </Can>
      </Space>
      <ListTable<SkuRowData>
        list={list}
        result={q}
        rowKey="skuId"
        columns={columns}
        rowSelection={{ selectedRowKeys: selected, preserveSelectedRowKeys: true, onChange: (keys) => setSelected(keys.map(String)) }}
        locale={{ emptyText: q.isLoading ? '加载中…' : '没有符合条件的商品规格' }}
      />
      <BulkStockDialog
        open={bulkOpen}
        skuIds={selected}
        onClose={() => setBulkOpen(false)}
        onSaved={() => {
          setBulkOpen(false);
          setSelected([]);
        }}
      />
    </Card>
  );
}
