import {
  GOODS_ORDER_SORT_FIELDS,
  GOODS_ORDER_TAB_COUNT_BOUND,
  GOODS_ORDER_TABS,
  type GoodsOrderFilter,
  type ListQuery,
} from '@shop/contract';
import type { SQL } from 'drizzle-orm';
import type { Ctx } from '@/core/context';
import { BizError, CODE } from '@/core/errors';
import { pageWindow } from '@/core/paging';
import { type Tenant, tenantOf } from '@/core/tenant';
import { parseTime } from '@/core/time';
import type { GoodsOrderLineRow, GoodsOrderRow } from '@/modules/orders/goods-orders.tables';
import { goodsOrderRepo } from '@/modules/orders/goods-orders/goods-orders.repository';
import { consoleRepo, orderWhere } from './list.repository';
import { companies, lineFull, logView, orderRow, parcelView } from './view';

/** A time filter's instant, or null when empty; unreadable text is refused naming the field. */
export function timeBound(s: string, label: string): Date | null {
  if (!s) return null;
  const d = parseTime(s);
  if (Number.isNaN(d.getTime())) throw new BizError(`${label}格式不正确`, CODE.validation);
  return d;
}

/** The filter's SQL with its time range read (the end, given to the second, includes that whole second). */
export async function filterWhere(t: Tenant, f: GoodsOrderFilter & { keyword?: string }): Promise<SQL> {
  const from = timeBound(f.stime, '开始时间');
  const end = timeBound(f.endtime, '结束时间');
  return orderWhere(t, f, from, end && new Date(end.getTime() + 1000));
}

/** The lines of each order, by order id. */
export async function linesByOrder(t: Tenant, ids: string[]) {
  const m = new Map<string, GoodsOrderLineRow[]>();
  for (const l of await consoleRepo.linesOf(t, ids)) m.set(l.orderId, [...(m.get(l.orderId) ?? []), l]);
  return m;
}

/**
 * The list's sort: the one asked for, else newest first by the time the range filters on — a 付款时间 range lists by
 * payment (README "List"), read off renter_paid within the range instead of walking every order newest first.
 */
export function listSorter(q: ListQuery & GoodsOrderFilter) {
  const asked = q.sorter.some((s) => (GOODS_ORDER_SORT_FIELDS as readonly string[]).includes(s.field));
  return !asked && q.timeType === 'pay' && (q.stime || q.endtime) ? [{ field: 'payTime', order: 'descend' }] : q.sorter;
}

/** orderList: the page, and every tab's bounded count. */
export async function listGoodsOrders(ctx: Ctx, q: ListQuery & GoodsOrderFilter) {
  const t = tenantOf(ctx);
  const { offset, limit } = pageWindow(q);
  const where = await filterWhere(t, q);
  const [page, counts] = await Promise.all([consoleRepo.page(t, where, listSorter(q), offset, limit), consoleRepo.tabCounts(t)]);
  const lines = await linesByOrder(
    t,
    page.rows.map((o) => o.id),
  );
  return {
    rows: page.rows.map((o) => orderRow(o, lines.get(o.id) ?? [])),
    total_count: page.total,
    total_estimated: page.estimated,
    tabs: GOODS_ORDER_TABS.map(({ tab, text }) => {
      const n = counts.get(tab) ?? 0;
      return { tab, text, count: Math.min(n, GOODS_ORDER_TAB_COUNT_BOUND), capped: n > GOODS_ORDER_TAB_COUNT_BOUND };
    }),
  };
}

/** The renter's order, or 订单不存在 (another renter's id answers the same). */
export async function orderOr404(t: Tenant, id: string): Promise<GoodsOrderRow> {
  const o = await goodsOrderRepo.byId(t, id);
  if (!o) throw new BizError('订单不存在', CODE.notFound);
  return o;
}

export async function goodsOrderDetail(ctx: Ctx, id: string) {
  const t = tenantOf(ctx);
  const o = await orderOr404(t, id);
  const [lines, parcels, logs] = await Promise.all([
    goodsOrderRepo.lines(t, id),
    goodsOrderRepo.parcels(t, id),
    goodsOrderRepo.logs(t, id),
  ]);
  return {
    ...orderRow(o, lines),
    address: o.address ?? null,
    pickupPointId: o.pickupPointId ?? '',
    pickupCode: o.pickupCode ?? '',
    closeReason: o.closeReason,
    detailLines: lines.map(lineFull),
    parcels: parcels.map((p) => parcelView(p, lines)),
    logs: logs.map(logView),
  };
}

/** GetOrderDetail: the 发货 dialog's data. */
export async function goodsOrderShipInfo(ctx: Ctx, id: string) {
  const t = tenantOf(ctx);
  const o = await orderOr404(t, id);
  const [lines, parcels] = await Promise.all([goodsOrderRepo.lines(t, id), goodsOrderRepo.parcels(t, id)]);
  const row = orderRow(o, lines);
  return {
    id: o.id,
    orderNo: o.orderNo,
    status: o.status,
    statusText: row.statusText,
    deliveryMethod: o.deliveryMethod,
    deliveryText: row.deliveryText,
    address: o.address ?? null,
    buyerNote: o.buyerNote,
    lines: lines.map(lineFull),
    parcels: parcels.map((p) => parcelView(p, lines)),
    companies: companies(),
  };
}
