import {
  type contract,
  DELIVERY_METHOD_TEXT,
  GOODS_ORDER_TAB_COUNT_BOUND,
  GOODS_ORDER_TABS,
  GOODS_PAY_METHOD_TEXT,
  type InputOf,
} from '@contract/index';

export type GoodsOrderListBody = InputOf<typeof contract.goodsOrder.orderList>;
export type GoodsOrderFilterBody = Omit<GoodsOrderListBody, 'page_index' | 'page_size' | 'sorter'>;

/**
 * The list's state as the address holds it (useUrlListState): the tab and the filters. The keyword (order no, phone
 * or goods title: the server tells them apart) is the list state's own keyword.
 */
export interface GoodsOrderUrlFilters {
  tab: number;
  /** create 下单时间 | pay 付款时间. */
  timeType: string;
  stime: string;
  endtime: string;
  /** The preset's label as shown (今天, 近7天, 自定义…), '' for 全部. */
  timename: string;
  deliveryMethod: number;
  payMethod: string;
}

export const INITIAL_FILTERS: GoodsOrderUrlFilters = {
  tab: -1,
  timeType: 'create',
  stime: '',
  endtime: '',
  timename: '',
  deliveryMethod: 0,
  payMethod: '',
};

const TABS = new Set<number>(GOODS_ORDER_TABS.map((t) => t.tab));

/**
 * The request's filters for the address's state: only what narrows the list is sent (a bare 全部 list sends
 * nothing but the tab), a time range only with both ends, a tab or method the server would refuse dropped.
 */
export function goodsOrderRequest(keyword: string, f: GoodsOrderUrlFilters): GoodsOrderFilterBody {
  const out: GoodsOrderFilterBody = { tab: TABS.has(f.tab) ? f.tab : -1 };
  const k = keyword.trim();
  if (k) out.keyword = k;
  if (f.stime && f.endtime) {
    out.timeType = f.timeType === 'pay' ? 'pay' : 'create';
    out.stime = f.stime;
    out.endtime = f.endtime;
  }
  if (DELIVERY_METHOD_TEXT[f.deliveryMethod]) out.deliveryMethod = f.deliveryMethod;
  if (f.payMethod && GOODS_PAY_METHOD_TEXT[f.payMethod]) out.payMethod = f.payMethod;
  return out;
}

export type GoodsOrderExportBody = InputOf<typeof contract.goodsOrder.ExportOrders>;

/**
 * The export's body for the list's request. The export takes no keyword: it is sent as the field the server reads it
 * as in the list (G + digits an order number, 11 digits from 1 a phone, else part of a goods title).
 */
export function exportRequest(body: GoodsOrderFilterBody): GoodsOrderExportBody {
  const { keyword, ...rest } = body;
  const out: GoodsOrderExportBody = { ...rest };
  const k = keyword?.trim() ?? '';
  if (/^G\d+$/i.test(k)) out.orderNo = k.toUpperCase();
  else if (/^1\d{10}$/.test(k)) out.memberPhone = k;
  else if (k) out.goodsTitle = k;
  return out;
}

/** A tab's count as its label shows it: exact up to the bound, '9999+' past it. */
export function tabCountText(count: number, capped: boolean): string {
  return capped || count > GOODS_ORDER_TAB_COUNT_BOUND ? `${GOODS_ORDER_TAB_COUNT_BOUND}+` : String(count);
}

/** The tab's label: '待发货 (12)'; before the counts arrive just the name. */
export function tabLabel(text: string, c?: { count: number; capped: boolean }): string {
  return c ? `${text} (${tabCountText(c.count, c.capped)})` : text;
}
