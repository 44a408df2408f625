import { Select } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useGoodsOptions } from './points-goods.queries';

interface Props {
  value?: string | null;
  onChange?: (id: string | null) => void;
  /** The title of the goods already linked (from the detail), shown before any search. */
  initialTitle?: string;
}

/** Picks a catalogue goods to link, searching /Goods/Goods/list by title, number or barcode as one types. */
export function GoodsLinkSelect({ value, onChange, initialTitle }: Props) {
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(typed.trim()), 300);
    return () => clearTimeout(timer);
  }, [typed]);
  const q = useGoodsOptions(keyword, open);
  const options = useMemo(() => {
    const rows = (q.data?.rows ?? []).map((g) => ({ value: g.id, label: `${g.title}（${g.goodsNo}）` }));
    if (value && initialTitle && !rows.some((o) => o.value === value)) rows.unshift({ value, label: initialTitle });
    return rows;
  }, [q.data, value, initialTitle]);
  return (
    <Select
      aria-label="关联商品"
      showSearch
      allowClear
      filterOption={false}
      placeholder="搜索商品名称 / 编号，不关联可不选"
      value={value ?? undefined}
      options={options}
      loading={q.isFetching}
      notFoundContent={q.error ? '没有商品管理权限，无法选择商品' : q.isFetching ? '加载中…' : '没有匹配的商品'}
      onSearch={setTyped}
      onDropdownVisibleChange={setOpen}
      onChange={(v?: string) => onChange?.(v ?? null)}
    />
  );
}
