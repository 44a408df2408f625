import { contract, type InputOf } from '@contract/index';
import { ExportButton } from '@/modules/forms/form-data/export-button';

type ListQuery = InputOf<typeof contract.goods.list>;

interface Props {
  /** The list's current request: its filters and sorter are exported, paging is not. */
  query: ListQuery;
  /** The list's total for these filters (0 disables the button). */
  total: number;
}

/** 导出: the goods of the current filters as 商品列表_YYYYMMDDHHmm.xlsx (one row per SKU, the import's columns). */
export function GoodsExportButton({ query, total }: Props) {
  const { page_index: _p, page_size: _s, ...filters } = query;
  return <ExportButton path={contract.goodsTransfer.ExportGoods.path} body={filters} expected={total} label="导出" />;
}
