import type { GOODS_LIST_STATUS } from '@contract/index';

export type GoodsListStatus = (typeof GOODS_LIST_STATUS)[number];

export const STATUS_TAB_LABELS: Record<GoodsListStatus, string> = {
  all: '全部',
  on_sale: '出售中',
  sold_out: '已售罄',
  off_shelf: '已下架',
  scheduled: '定时开售',
};

/** The filters of /Goodlist besides the keyword. */
export interface GoodsFilters {
  status: GoodsListStatus;
  categoryId?: string;
  minPrice?: number;
  maxPrice?: number;
  minStock?: number;
  maxStock?: number;
}

/** The filters, each named (the optional ones undefined) so the address can hold them. */
export const INITIAL_FILTERS: GoodsFilters = {
  status: 'all',
  categoryId: undefined,
  minPrice: undefined,
  maxPrice: undefined,
  minStock: undefined,
  maxStock: undefined,
};
