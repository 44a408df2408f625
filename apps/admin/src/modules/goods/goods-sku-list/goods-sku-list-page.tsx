import type { contract, DataOf, GOODS_LIST_STATUS, InputOf } from '@contract/index';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { App, Badge, Button, Card, Form, Modal, Select, Space, Tag, TreeSelect, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { api } from '@/api/client';
import { useCan } from '@/hooks/use-can';
import { Can, DebouncedButton, DigitsInput, ListSearch, ListTable, useListState } from '@/shared';
import { goodsItemKeys, useCategoryOptions, useInvalidateGoods } from '../goods.queries';
import { GoodsThumb } from '../goods-thumb';
import { yuan } from '@/shared/money';

type ListStatus = (typeof GOODS_LIST_STATUS)[number];
export type SkuRowData = DataOf<typeof contract.goodsViews.SkuPagelist>['rows'][number];

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

function goodsStatus(r: SkuRowData) {
  if (r.goodsStatus === 1)
    return r.goodsTotalStock > 0 ? <Badge status="success" text="出售中" /> : <Badge status="warning" text="已售罄" />;
  if (r.goodsStatus === 2) return <Badge status="processing" text="定时开售" />;
  return <Badge status="default" text="已下架" />;
}

const useSkuList = (q: InputOf<typeof contract.goodsViews.SkuPagelist>) =>
  useQuery({
    queryKey: [...goodsItemKeys.all, 'skus', q],
    queryFn: () => api.goodsViews.SkuPagelist(q, { quiet: true }),
    placeholderData: keepPreviousData,
  });

/** The stock cell: edit in place, saved (BatchEditGoodsStock) on Enter or when it loses focus. */
function StockCell({ row, lowStock, onSaved }: { row: SkuRowData; lowStock?: number; onSaved: () => void }) {
  const { message } = App.useApp();
  const [value, setValue] = useState(String(row.stock));
  const [saving, setSaving] = useState(false);
  // The value last sent: Enter saves, then the input (disabled while saving) loses focus, which must not save again.
  const sent = useRef<string | null>(null);
  useEffect(() => {
    setValue(String(row.stock));
    sent.current = null;
  }, [row.stock]);
  const commit = async () => {
    if (value === '' || Number(value) === row.stock) return setValue(String(row.stock));
    if (sent.current === value) return;
    sent.current = value;
    setSaving(true);
    try {
      await api.goods.BatchEditGoodsStock({ items: [{ skuId: row.skuId, stock: Number(value) }] });
      message.success('库存修改成功');
      onSaved();
    } catch {
      sent.current = null;
      setValue(String(row.stock));
    } finally {
      setSaving(false);
    }
  };
  const warn = lowStock !== undefined ? row.stock <= lowStock : row.stock === 0;
  return (
    <DigitsInput
      size="small"
      aria-label={`${row.title}${row.specText ? ` ${row.specText}` : ''} 库存`}
      style={{ width: 100 }}
      status={warn ? 'warning' : undefined}
      disabled={saving}
      value={value}
      onChange={setValue}
      onBlur={commit}
      onPressEnter={commit}
    />
  );
}

/** 商品列表: every SKU as a row (price, stock, codes), sorted and filtered on the server; stock edited in place or in bulk. */
export default function GoodsSkuListPage() {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const initial = useMemo<Filters>(() => ({ status: 'all' }), []);
  const list = useListState<Filters>(initial, 20);
  const q = useSkuList(list.query);
  const categories = useCategoryOptions();
  const refresh = useInvalidateGoods();
  const [selected, setSelected] = useState<string[]>([]);
  const [lowStock, setLowStock] = useState('');
  const [bulkOpen, setBulkOpen] = useState(false);
  const [bulkStock, setBulkStock] = useState('');
  const [bulkSaving, setBulkSaving] = useState(false);
  const filters = list.state.filters;

  const saveBulk = async () => {
    if (bulkStock === '') return message.error('请输入库存');
    setBulkSaving(true);
    try {
      await api.goods.BatchEditGoodsStock({ items: selected.map((skuId) => ({ skuId, stock: Number(bulkStock) })) });
      message.success('库存修改成功');
      setBulkOpen(false);
      setSelected([]);
      await refresh();
    } catch {
      // the reason is shown
    } finally {
      setBulkSaving(false);
    }
  };

  const sortable = (key: string) => ({ key, sorter: true, sortOrder: list.sortOrderOf(key) });
  const canEdit = useCan()('goodsList', 'edit');
  const columns: ColumnsType<SkuRowData> = [
    {
      title: '商品',
      key: 'goods',
      render: (_, r) => (
        <Space align="start">
          <GoodsThumb src={r.mainImage} size={48} />
          <Space direction="vertical" size={0}>
            <Typography.Link ellipsis style={{ maxWidth: 260 }} onClick={() => navigate(`/editfrom?id=${r.goodsId}`)}>
              {r.title}
            </Typography.Link>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {r.goodsNo}
            </Typography.Text>
          </Space>
        </Space>
      ),
    },
    {
      title: '规格',
      key: 'spec',
      width: 160,
      render: (_, r) => (r.specText ? <Tag>{r.specText}</Tag> : <Typography.Text type="secondary">单规格</Typography.Text>),
    },
    { title: '规格编码', dataIndex: 'code', width: 120, render: (v: string) => v || '—' },
    { title: '条形码', dataIndex: 'barcode', width: 140, render: (v: string) => v || '—' },
    { title: '价格', dataIndex: 'price', width: 110, ...sortable('price'), render: (v: number) => yuan(v) },
    {
      title: '库存',
      dataIndex: 'stock',
      width: 130,
      ...sortable('stock'),
      render: (_, r) => (canEdit ? <StockCell row={r} lowStock={filters.lowStock} onSaved={() => void refresh()} /> : r.stock),
    },
    { title: '商品状态', key: 'status', width: 110, render: (_, r) => goodsStatus(r) },
  ];

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
      <Modal
        title="批量改库存"
        open={bulkOpen}
        onCancel={() => setBulkOpen(false)}
        onOk={saveBulk}
        okText="保存"
        cancelText="取消"
        confirmLoading={bulkSaving}
        destroyOnHidden
      >
        <Form layout="vertical">
          <Form.Item label={`将选中的 ${selected.length} 个规格的库存设置为`} required>
            <DigitsInput aria-label="批量库存" placeholder="请输入库存" value={bulkStock} onChange={setBulkStock} />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
