import { AFTER_SALE_TABS, AFTER_SALE_TYPE_TEXT, type contract, type InputOf } from '@contract/index';

export type AfterSaleListBody = InputOf<typeof contract.afterSale.serverlist>;
export type AfterSaleFilterBody = Omit<AfterSaleListBody, 'page_index' | 'page_size' | 'sorter'>;

/** The list's state as the address holds it (useUrlListState): tab, type, time range; the keyword is the state's own. */
export interface AfterSaleUrlFilters {
  tab: number;
  type: number;
  stime: string;
  endtime: string;
  /** The preset's label (今天, 近7天, 自定义…), '' for 全部. */
  timename: string;
}

export const INITIAL_FILTERS: AfterSaleUrlFilters = { tab: -1, type: 0, stime: '', endtime: '', timename: '' };

const TABS = new Set<number>(AFTER_SALE_TABS.map((t) => t.tab));

/** A keyword the server reads: a 售后单号 (S…), an order number (G…) or a buyer's phone (11 digits from 1). */
export const keywordKind = (k: string): '售后单号' | '订单编号' | '手机号' | null =>
  /^S\d+$/i.test(k) ? '售后单号' : /^G\d+$/i.test(k) ? '订单编号' : /^1\d{10}$/.test(k) ? '手机号' : null;

/** The request for the address's state: only what narrows is sent; a tab or type a hand-edited address made up is dropped. */
export function afterSaleRequest(keyword: string, f: AfterSaleUrlFilters): AfterSaleFilterBody {
  const out: AfterSaleFilterBody = { tab: TABS.has(f.tab) ? f.tab : -1 };
  const k = keyword.trim();
  if (k && keywordKind(k)) out.keyword = k;
  if (AFTER_SALE_TYPE_TEXT[f.type]) out.type = f.type;
  if (f.stime && f.endtime) {
    out.stime = f.stime;
    out.endtime = f.endtime;
  }
  return out;
}

/** Status tag colours: waiting on the merchant orange, on the buyer blue, money moving cyan, done green, ended grey. */
export const AFTER_SALE_COLOR: Record<number, string> = {
  1: 'orange',
  2: 'blue',
  3: 'orange',
  4: 'orange',
  5: 'cyan',
  6: 'orange',
  7: 'green',
  8: 'red',
  9: 'default',
  10: 'default',
};
