import { Input, Modal, Space, Table, TreeSelect, Typography } from 'antd';
import { type Key, useEffect, useState } from 'react';
import { Pager } from '@/shared';
import { useCategoryOptions } from '../cate-list/categories.queries';
import { useAvailableGoods } from '../goods.queries';
import { goodsPickerColumns, type PickedGoods } from './goods-picker-columns';

export type { PickedGoods };

export interface GoodsPickerProps {
  open: boolean;
  /** Goods already chosen elsewhere: not offered again. */
  excludeIds?: string[];
  /** Most goods that can be chosen; 1 makes it a single choice. */
  max?: number;
  title?: string;
  onCancel: () => void;
  onOk: (goods: PickedGoods[]) => void;
}

const PAGE_SIZE = 10;

/**
 * 选择商品: goods that can be sold now (GetAvailableGoods) — search, category, server paging, checkboxes kept across
 * pages. Answers the chosen goods with their SKUs. For marketing, decoration and other modules.
 */
export function GoodsPicker({ open, excludeIds = [], max = 50, title = '选择商品', onCancel, onOk }: GoodsPickerProps) {
  const [keyword, setKeyword] = useState('');
  const [draft, setDraft] = useState('');
  const [categoryId, setCategoryId] = useState<string | undefined>();
  const [page, setPage] = useState({ index: 1, size: PAGE_SIZE });
  const [picked, setPicked] = useState<Map<string, PickedGoods>>(new Map());
  const categories = useCategoryOptions();
  const q = useAvailableGoods({ keyword, categoryId, excludeIds, page_index: page.index, page_size: page.size }, open);
  const single = max === 1;

  useEffect(() => {
    if (!open) return;
    setPicked(new Map());
    setKeyword('');
    setDraft('');
    setCategoryId(undefined);
    setPage({ index: 1, size: PAGE_SIZE });
  }, [open]);

  const rows = q.data?.rows ?? [];
  const select = (keys: Key[]) => {
    const next = new Map(picked);
    const onPage = new Set(rows.map((r) => r.id));
    for (const id of [...next.keys()]) if (onPage.has(id) && !keys.includes(id)) next.delete(id);
    for (const r of rows) if (keys.includes(r.id)) next.set(r.id, r);
    setPicked(single ? new Map([...next].slice(-1)) : next);
  };

  const over = picked.size > max;
  return (
    <Modal
      title={title}
      open={open}
      width={760}
      onCancel={onCancel}
      okText={picked.size ? `确定（${picked.size}）` : '确定'}
      cancelText="取消"
      okButtonProps={{ disabled: picked.size === 0 || over }}
      onOk={() => onOk([...picked.values()])}
      destroyOnHidden
    >
      <Space style={{ marginBottom: 12 }} wrap>
        <Input.Search
          aria-label="搜索商品"
          placeholder="商品名称 / 编号 / 条形码"
          allowClear
          style={{ width: 260 }}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onSearch={(v) => {
            setKeyword(v.trim());
            setPage((p) => ({ ...p, index: 1 }));
          }}
        />
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
            setPage((p) => ({ ...p, index: 1 }));
          }}
        />
        <Typography.Text type={over ? 'danger' : 'secondary'}>
          已选 {picked.size} 个{max > 1 ? `，最多 ${max} 个` : ''}
        </Typography.Text>
      </Space>
      <Table<PickedGoods>
        size="small"
        rowKey="id"
        loading={q.isFetching}
        columns={goodsPickerColumns}
        dataSource={rows}
        pagination={false}
        rowSelection={{ type: single ? 'radio' : 'checkbox', selectedRowKeys: [...picked.keys()], onChange: select }}
        locale={{ emptyText: q.isLoading ? '加载中…' : '没有可选的商品（只列出在售且有库存的商品）' }}
      />
      <Pager
        total={q.data?.total_count ?? 0}
        pageIndex={page.index}
        pageSize={page.size}
        onChange={(index, size) => setPage({ index, size })}
      />
    </Modal>
  );
}
