// The order pages' rules, apart from the screens (tested in order-rules.test.ts): their addresses, what the checkout
// buys, the cart's sums, what an order offers, the pay deadline's countdown.
import { fenText, roundToFen } from '@contract/core/money';

import { GOODS_ORDER_STATUS, MY_ORDER_TAB_TEXT, MY_ORDER_TABS } from '@contract/orders/goods-order-states';
import type { CartLine, MyOrderTab } from './orders-api';

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const ORDER_RE = new RegExp(
  `^/h5/shop/(${UUID})/(cart|checkout|addresses|orders|aftersales|aftersale/apply|order/(${UUID})|aftersale/(${UUID}))/?$`,
  'i',
);

export type OrderPage = 'cart' | 'checkout' | 'addresses' | 'orders' | 'order' | 'aftersales' | 'aftersaleApply' | 'aftersale';
export type OrderRoute = { page: OrderPage; shopId: string; orderId?: string; afterSaleId?: string; goodsId?: undefined };

/**
 * The order pages of the shop: /h5/shop/<shopId>/(cart | checkout | addresses | orders | order/<orderId> | aftersales
 * | aftersale/apply | aftersale/<afterSaleId>); null else.
 */
export function orderRouteOf(pathname: string): OrderRoute | null {
  const m = ORDER_RE.exec(pathname);
  if (!m) return null;
  const [, shopId, part, orderId, afterSaleId] = m;
  if (orderId) return { page: 'order', shopId, orderId };
  if (afterSaleId) return { page: 'aftersale', shopId, afterSaleId };
  if (part.toLowerCase() === 'aftersale/apply') return { page: 'aftersaleApply', shopId };
  return { page: part as OrderPage, shopId };
}

export const afterSalesPath = (shopId: string) => `/h5/shop/${shopId}/aftersales`;
export const afterSalePath = (shopId: string, id: string) => `/h5/shop/${shopId}/aftersale/${id}`;
export const afterSaleApplyPath = (shopId: string, orderId: string) => `/h5/shop/${shopId}/aftersale/apply?order=${orderId}`;

export const TABS = MY_ORDER_TABS.map((key) => ({ key, label: MY_ORDER_TAB_TEXT[key] }));
/** The tab of ?tab= (全部 when absent or unknown). */
export const tabOf = (q: string | null): MyOrderTab => ((MY_ORDER_TABS as readonly string[]).includes(q ?? '') ? (q as MyOrderTab) : 'all');

export const ordersPath = (shopId: string, tab: MyOrderTab = 'all') => `/h5/shop/${shopId}/orders${tab === 'all' ? '' : `?tab=${tab}`}`;
export const orderPath = (shopId: string, orderId: string) => `/h5/shop/${shopId}/order/${orderId}`;

/** What the checkout buys: cart lines, or one SKU (立即购买). */
export type Buying = { cartIds: string[] } | { skuId: string; qty: number };

/** The checkout's address for what it buys: ?cart=<id>,<id> or ?sku=<id>&qty=<n>. */
export function checkoutPath(shopId: string, b: Buying): string {
  const q = 'cartIds' in b ? `cart=${b.cartIds.join(',')}` : `sku=${b.skuId}&qty=${b.qty}`;
  return `/h5/shop/${shopId}/checkout?${q}`;
}

const UUID_ONLY = new RegExp(`^${UUID}$`, 'i');

/** What the checkout's query names; null when it names nothing buyable (the page says so). */
export function buyingOf(q: URLSearchParams): Buying | null {
  const sku = q.get('sku');
  if (sku) {
    const qty = Number(q.get('qty') ?? '1');
    return UUID_ONLY.test(sku) && Number.isInteger(qty) && qty >= 1 ? { skuId: sku, qty } : null;
  }
  const ids = (q.get('cart') ?? '').split(',').filter(Boolean);
  return ids.length > 0 && ids.every((id) => UUID_ONLY.test(id)) ? { cartIds: ids } : null;
}

/** One key per visit of the checkout: the same key answers the same order, so a double tap places one. */
export function newRequestKey(): string {
  const rnd = globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  return `h5-${rnd}`;
}

/** The cart's selection: buyable lines chosen; the sum (yuan, summed in fen) and the units. */
export function cartSums(lines: CartLine[], chosen: ReadonlySet<string>): { ids: string[]; units: number; totalText: string } {
  let fen = 0;
  let units = 0;
  const ids: string[] = [];
  for (const l of lines) {
    if (l.invalid || !chosen.has(l.id)) continue;
    ids.push(l.id);
    units += l.qty;
    fen += roundToFen(l.price) * l.qty;
  }
  return { ids, units, totalText: fenText(fen) };
}

/** Most units a cart line may hold: its stock, its limit per person, 999. */
export const lineCap = (l: Pick<CartLine, 'stock' | 'purchaseLimit'>) =>
  Math.max(1, Math.min(999, l.stock, l.purchaseLimit > 0 ? l.purchaseLimit : 999));

/** What a buyer may do with an order in its state. */
export function actionsOf(o: { status: number; afterSale?: boolean; canApplyAfterSale?: unknown }) {
  return {
    cancel: o.status === GOODS_ORDER_STATUS.unpaid,
    pay: o.status === GOODS_ORDER_STATUS.unpaid,
    confirm: o.status === GOODS_ORDER_STATUS.shipped,
    // The after-sales pages are another part's (their detail field decides; absent: no link).
    afterSale: Boolean(o.canApplyAfterSale),
  };
}

/**
 * The time left to pay as 'mm:ss' (or 'h:mm:ss'); '' once it is past. `end` is on the phone's clock: when the answer
 * came plus the answer's `payLeftSeconds` (payEndOf), so the phone's zone and a phone clock that is off do not matter.
 */
export function countdownText(end: number, now: number): string {
  if (!Number.isFinite(end)) return '';
  const left = Math.floor((end - now) / 1000);
  if (left <= 0) return '';
  const h = Math.floor(left / 3600);
  const m = Math.floor((left % 3600) / 60);
  const s = left % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${two(m)}:${two(s)}`;
}

/** The pay deadline on the phone's clock: `answeredAt` (the phone's Date.now() when the answer came) plus what was left. */
export const payEndOf = (payLeftSeconds: number, answeredAt: number) => (payLeftSeconds > 0 ? answeredAt + payLeftSeconds * 1000 : 0);

/** The pick-up code in groups of four for reading aloud: '1234 5678'. */
export const codeGroups = (code: string) => code.replace(/(\d{4})(?=\d)/g, '$1 ');

/** 1 Monday … 7 Sunday → '周一至周五' for a run, else '周一、周三'. */
export function daysText(days: number[]): string {
  const names = ['', '一', '二', '三', '四', '五', '六', '日'];
  const d = [...new Set(days)].filter((n) => n >= 1 && n <= 7).sort((a, b) => a - b);
  if (d.length === 7) return '每天';
  if (d.length >= 3 && d[d.length - 1] - d[0] === d.length - 1) return `周${names[d[0]]}至周${names[d[d.length - 1]]}`;
  return d.map((n) => `周${names[n]}`).join('、');
}

/** An address being edited: the area as the selects hold it. */
export interface AddressDraft {
  id?: string;
  name: string;
  phone: string;
  codes: string[];
  names: string[];
  complete: boolean;
  address: string;
  isDefault: boolean;
}
export type AddressErrors = Partial<Record<'name' | 'phone' | 'area' | 'address', string>>;

/** The apply page's own checks before sending (the server checks again): a type, some goods, a reason, an amount in yuan. */
export function afterSaleApplyChecks(f: {
  type: number;
  items: { lineId: string; qty: number }[];
  reason: string;
  amount: string;
  description: string;
}): Record<string, string> {
  const e: Record<string, string> = {};
  if (!f.type) e.type = '请选择售后类型';
  if (f.items.length === 0) e.items = '请选择售后商品';
  if (!f.reason) e.reason = '请选择申请原因';
  const a = f.amount.trim();
  if (f.type !== 3 && a && (!/^\d+(\.\d{1,2})?$/.test(a) || Number(a) <= 0)) e.amount = '退款金额须为大于0的数字，最多两位小数';
  if (f.description.trim().length > 200) e.description = '问题描述不能超过200个字';
  return e;
}
