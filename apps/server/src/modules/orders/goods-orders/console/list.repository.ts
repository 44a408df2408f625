import { GOODS_ORDER_AFTER_SALE_TAB, GOODS_ORDER_TAB_COUNT_BOUND, type GoodsOrderFilter } from '@shop/contract';
import { and, asc, desc, eq, gt, gte, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import { containsMatch } from '@/core/like';
import { boundedCount, boundedCountSql, recentEstimate, totalOf } from '@/core/paging';
import type { Tenant } from '@/core/tenant';
import { goodsOrderLines, goodsOrders, goodsOrderTakes } from '@/modules/orders/goods-orders.tables';

/** The list's filters as SQL; `from` / `before` are the time range already parsed (before = first instant after it). */
export function orderWhere(t: Tenant, f: GoodsOrderFilter & { keyword?: string }, from: Date | null, before: Date | null): SQL {
  const o = goodsOrders;
  const parts: (SQL | undefined)[] = [eq(o.renterId, t.renterId)];
  if (f.tab === GOODS_ORDER_AFTER_SALE_TAB) parts.push(eq(o.afterSaleOpen, true));
  else if (f.tab >= 0) parts.push(eq(o.status, f.tab));
  if (f.orderNo) parts.push(eq(o.orderNo, f.orderNo));
  if (f.memberPhone) parts.push(eq(o.memberPhone, f.memberPhone));
  if (f.goodsTitle) parts.push(titleHas(f.goodsTitle));
  if (f.deliveryMethod) parts.push(eq(o.deliveryMethod, f.deliveryMethod));
  if (f.payMethod) parts.push(eq(o.payMethod, f.payMethod));
  const k = f.keyword ?? '';
  if (k) parts.push(/^G\d+$/i.test(k) ? eq(o.orderNo, k.toUpperCase()) : /^1\d{10}$/.test(k) ? eq(o.memberPhone, k) : titleHas(k));
  const at = f.timeType === 'pay' ? o.paidAt : o.createdAt;
  if (from) parts.push(gte(at, from));
  if (before) parts.push(lt(at, before));
  return and(...parts) as SQL;
}

/** Some line of the order has the text in its title (the lines' trigram index). */
const titleHas = (text: string) =>
  sql`exists (select 1 from ${goodsOrderLines} l where l.renter_id = ${goodsOrders.renterId} and l.order_id = ${goodsOrders.id} and ${containsMatch(sql`l.title`, text)})`;

/**
 * Sorts, each with its tie-breaker in the direction its index is read (README "List indexes"): created_at desc, id
 * (renter_created / renter_status_created); paid_at desc, id (renter_paid); pay_fen, id (renter_pay_fen).
 */
function orderBy(sorter: { field: string; order: string }[]): SQL[] {
  const s = sorter.find((x) => ['createTime', 'payTime', 'payAmount'].includes(x.field));
  const up = s?.order.startsWith('asc') ?? false;
  const o = goodsOrders;
  if (s?.field === 'payTime') return up ? [asc(o.paidAt), desc(o.id)] : [desc(o.paidAt), asc(o.id)];
  if (s?.field === 'payAmount') return up ? [asc(o.payFen), asc(o.id)] : [desc(o.payFen), desc(o.id)];
  return up ? [asc(o.createdAt), desc(o.id)] : [desc(o.createdAt), asc(o.id)];
}

export const consoleRepo = {
  /** One page: the ids first (on the index, with the bounded count in the same round trip), then their rows. */
  async page(t: Tenant, where: SQL, sorter: { field: string; order: string }[], offset: number, limit: number) {
    const { db } = t;
    const known = recentEstimate(db, goodsOrders, where);
    const ids = await db
      .select({ id: goodsOrders.id, counted: known ? sql<number>`0` : boundedCountSql(db, goodsOrders, where) })
      .from(goodsOrders)
      .where(where)
      .orderBy(...orderBy(sorter))
      .limit(limit)
      .offset(offset);
    const counted =
      known ?? (ids.length ? await totalOf(db, goodsOrders, where, Number(ids[0].counted)) : await boundedCount(db, goodsOrders, where));
    if (!ids.length) return { rows: [], ...counted };
    const rows = await db
      .select()
      .from(goodsOrders)
      .where(
        and(
          eq(goodsOrders.renterId, t.renterId),
          inArray(
            goodsOrders.id,
            ids.map((r) => r.id),
          ),
        ),
      );
    const byId = new Map(rows.map((r) => [r.id, r]));
    return { rows: ids.flatMap((r) => byId.get(r.id) ?? []), ...counted };
  },

  /**
   * Every tab's count in one query: per status on renter_status_created, 售后中 on its partial index, 全部 on
   * renter_created, each counting at most bound + 1 rows (the console shows '9999+' past it).
   */
  async tabCounts(t: Tenant): Promise<Map<number, number>> {
    const cap = GOODS_ORDER_TAB_COUNT_BOUND + 1;
    const r = t.renterId;
    const bounded = (cond: SQL) =>
      sql`(select count(*) from (select 1 from ${goodsOrders} where ${goodsOrders.renterId} = ${r} and ${cond} limit ${cap}) b)::int`;
    const res = (await t.db.execute(sql`
      select s.tab, ${bounded(sql`${goodsOrders.status} = s.tab`)} as n from unnest(array[0, 1, 2, 3, 4]) as s(tab)
      union all select ${GOODS_ORDER_AFTER_SALE_TAB}, ${bounded(sql`${goodsOrders.afterSaleOpen}`)}
      union all select -1, ${bounded(sql`true`)}`)) as unknown as { rows: { tab: number; n: number }[] };
    return new Map(res.rows.map((x) => [Number(x.tab), Number(x.n)]));
  },

  /** The lines of these orders, in their order (one query for a page). */
  async linesOf(t: Tenant, orderIds: string[]) {
    if (!orderIds.length) return [];
    return t.db
      .select()
      .from(goodsOrderLines)
      .where(and(eq(goodsOrderLines.renterId, t.renterId), inArray(goodsOrderLines.orderId, orderIds)))
      .orderBy(asc(goodsOrderLines.orderId), asc(goodsOrderLines.sort));
  },

  async count(t: Tenant, where: SQL): Promise<number> {
    const [r] = await t.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(goodsOrders)
      .where(where);
    return r?.n ?? 0;
  },

  /** Orders in creation order after a (createdAt, id) cursor: the export's keyset pages. */
  async batchAfter(t: Tenant, where: SQL, after: { at: Date; id: string } | null, limit: number) {
    const cursor = after
      ? or(gt(goodsOrders.createdAt, after.at), and(eq(goodsOrders.createdAt, after.at), gt(goodsOrders.id, after.id)))
      : undefined;
    return t.db.select().from(goodsOrders).where(and(where, cursor)).orderBy(asc(goodsOrders.createdAt), asc(goodsOrders.id)).limit(limit);
  },

  /** A page of pick-up verifications with their orders (keyword: the code or the order number, exactly). */
  async takes(t: Tenant, q: { keyword: string; from: Date | null; before: Date | null; offset: number; limit: number }) {
    const k = goodsOrderTakes;
    const parts: (SQL | undefined)[] = [eq(k.renterId, t.renterId)];
    if (q.keyword)
      parts.push(
        /^\d{8}$/.test(q.keyword)
          ? eq(k.code, q.keyword)
          : sql`${k.orderId} in (select id from ${goodsOrders} where ${goodsOrders.renterId} = ${t.renterId} and ${goodsOrders.orderNo} = ${q.keyword.toUpperCase()})`,
      );
    if (q.from) parts.push(gte(k.createdAt, q.from));
    if (q.before) parts.push(lt(k.createdAt, q.before));
    const where = and(...parts) as SQL;
    const rows = await t.db
      .select({ take: k, orderNo: goodsOrders.orderNo, title: goodsOrders.title, counted: boundedCountSql(t.db, k, where) })
      .from(k)
      .leftJoin(goodsOrders, and(eq(goodsOrders.renterId, k.renterId), eq(goodsOrders.id, k.orderId)))
      .where(where)
      .orderBy(desc(k.createdAt), desc(k.id))
      .limit(q.limit)
      .offset(q.offset);
    const counted = rows.length ? await totalOf(t.db, k, where, Number(rows[0].counted)) : await boundedCount(t.db, k, where);
    return { rows, ...counted };
  },
};
