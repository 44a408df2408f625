import { Button, Space, TreeSelect } from 'antd';
import { useState } from 'react';
import { AmountInput, DigitsInput, ListSearch } from '@/shared';
import { useCategoryOptions } from '../cate-list/categories.queries';
import type { GoodsFilters } from './goods-filters';

type Range = { minPrice: string; maxPrice: string; minStock: string; maxStock: string };

const text = (v: number | undefined) => (v === undefined ? '' : String(v));
const num = (v: string) => (v === '' ? undefined : Number(v));

interface Props {
  keyword: string;
  filters: GoodsFilters;
  onSearch: (keyword: string, filters: Partial<GoodsFilters>) => void;
  onReset: () => void;
}

/** The search row of /Goodlist: keyword, category, price and stock ranges (applied by 筛选 or a search). */
export function GoodsSearch({ keyword, filters, onSearch, onReset }: Props) {
  const categories = useCategoryOptions();
  const [categoryId, setCategoryId] = useState<string | undefined>(filters.categoryId);
  const [range, setRange] = useState<Range>(() => ({
    minPrice: text(filters.minPrice),
    maxPrice: text(filters.maxPrice),
    minStock: text(filters.minStock),
    maxStock: text(filters.maxStock),
  }));

  const search = (kw: string, cat = categoryId) =>
    onSearch(kw, {
      categoryId: cat,
      minPrice: num(range.minPrice),
      maxPrice: num(range.maxPrice),
      minStock: num(range.minStock),
      maxStock: num(range.maxStock),
    });

  const rangeInput = (key: keyof Range, placeholder: string, money: boolean) => {
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
    <ListSearch
      placeholder="商品名称 / 编号 / 条形码"
      initial={{ keyword }}
      onSearch={(v) => search(v.keyword)}
      onReset={() => {
        setCategoryId(undefined);
        setRange({ minPrice: '', maxPrice: '', minStock: '', maxStock: '' });
        onReset();
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
          search(keyword, v);
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
      <Button type="primary" onClick={() => search(keyword)}>
        筛选
      </Button>
    </ListSearch>
  );
}
