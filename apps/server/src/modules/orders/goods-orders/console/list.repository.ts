import { GOODS_ORDER_AFTER_SALE_TAB, GOODS_ORDER_TAB_COUNT_BOUND, type GoodsOrderFilter } from '@shop/contract';
import { and, asc, desc, eq, gt, gte, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import { containsMatch } from '@/core/like';
import { boundedCount, boundedCountSql, noRow, recentEstimate, totalOf } from '@/core/paging';
import type { Tenant } from '@/core/tenant';
import { goodsOrderLines, goodsOrders, goodsOrderTakes, goodsOrderTitles } from '@/modules/orders/goods-orders.tables';

/** The list's filters as SQL; `from` / `before` are the time range already parsed (before = first instant after it). */
export async function orderWhere(
  t: Tenant,
  f: GoodsOrderFilter & { keyword?: string },
  from: Date | null,
  before: Date | null,
): Promise<SQL> {
  const o = goodsOrders;
  const parts: (SQL | undefined)[] = [eq(o.renterId, t.renterId)];
  if (f.tab === GOODS_ORDER_AFTER_SALE_TAB) parts.push(eq(o.afterSaleOpen, true));
  else if (f.tab >= 0) parts.push(eq(o.status, f.tab));
  if (f.orderNo) parts.push(eq(o.orderNo, f.orderNo));
  if (f.memberPhone) parts.push(eq(o.memberPhone, f.memberPhone));
  if (f.goodsTitle) parts.push(await titleHas(t, f.goodsTitle));
  if (f.deliveryMethod) parts.push(eq(o.deliveryMethod, f.deliveryMethod));
  if (f.payMethod) parts.push(eq(o.payMethod, f.payMethod));
  const k = f.keyword ?? '';
  if (k) parts.push(/^G\d+$/i.test(k) ? eq(o.orderNo, k.toUpperCase()) : /^1\d{10}$/.test(k) ? eq(o.memberPhone, k) : await titleHas(t, k));
  const at = f.timeType === 'pay' ? o.paidAt : o.createdAt;
  if (from) parts.push(gte(at, from));
  if (before) parts.push(lt(at, before));
  return and(...parts) as SQL;
}

/** At most this many bought titles are named in the title filter; a keyword in more is tested on the lines' text. */
export const TITLE_FILTER_TITLES = 500;

/**
 * Some line of the order has the text in its title (README "Title filter"): the renter's bought titles holding it are
 * read from goods_order_titles first (trigram-indexed, a few thousand rows), then the lines of exactly those titles
 * (`renter_title` index, or the order's own lines when the planner walks the orders: it sees the titles' frequencies).
 * No title: no order (`noRow`), without reading one. More than TITLE_FILTER_TITLES titles (a word in many titles, so in many
 * orders): the text on the lines, as the newest orders are walked.
 */
async function titleHas(t: Tenant, text: string): Promise<SQL> {
  const l = goodsOrderLines;
  const found = await t.db
    .select({ title: goodsOrderTitles.title })
    .from(goodsOrderTitles)
    .where(and(eq(goodsOrderTitles.renterId, t.renterId), containsMatch(goodsOrderTitles.title, text)))
    .limit(TITLE_FILTER_TITLES + 1);
  if (!found.length) return noRow(goodsOrders.id);
  const onLine =
    found.length > TITLE_FILTER_TITLES
      ? containsMatch(sql`l.title`, text)
      : sql`l.title = any(${sql.param(found.map((r) => r.title))}::text[])`;
  return sql`exists (select 1 from ${l} l where l.renter_id = ${goodsOrders.renterId} and l.order_id = ${goodsOrders.id} and ${onLine})`;
}

/**
 * Sorts, each with its tie-breaker and NULLS placement exactly as its index is read, forwards or backwards (README
 * "List indexes"): the time indexes are `(renter, [status,] created_at desc nulls last, id)` and
 * `(renter, paid_at desc nulls last, id)` (drizzle's `.desc()` writes NULLS LAST), so newest first is
 * `desc nulls last, id asc` and oldest first `asc nulls first, id desc`; a plain `desc` (NULLS FIRST) matches no index
 * and sorted every matching row (bench/goods-orders: ~250 ms at 1,000,000 orders). 付款时间 newest first puts unpaid
 * orders last, oldest first puts them first. 金额: `pay_fen, id` both ways (renter_pay_fen).
 */
function orderBy(sorter: { field: string; order: string }[]): SQL[] {
  const s = sorter.find((x) => ['createTime', 'payTime', 'payAmount'].includes(x.field));
  const up = s?.order.startsWith('asc') ?? false;
  const o = goodsOrders;
  if (s?.field === 'payAmount') return up ? [asc(o.payFen), asc(o.id)] : [desc(o.payFen), desc(o.id)];
  const at = s?.field === 'payTime' ? o.paidAt : o.createdAt;
  return up ? [sql`${at} asc nulls first`, desc(o.id)] : [sql`${at} desc nulls last`, asc(o.id)];
}

/**
 * Tabs found past the count bound, per renter, with when: for CAPPED_TAB_MS they answer bound + 1 without counting
 * ('9999+' does not change when one order moves). Kept for at most CAPPED_RENTERS_KEPT renters (oldest dropped).
 */
const cappedTabs = new Map<string, Map<number, number>>();
const CAPPED_TAB_MS = 60_000;
const CAPPED_RENTERS_KEPT = 1000;

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
   * renter_created, each counting at most bound + 1 rows (the console shows '9999+' past it). A tab found past the
   * bound is not counted again for a minute (README "Tab counts"): at 1,000,000 orders counting 10,001 entries of
   * each of the seven tabs cost ~30 ms of PostgreSQL on every call of the list (bench/goods-orders).
   */
  async tabCounts(t: Tenant): Promise<Map<number, number>> {
    const cap = GOODS_ORDER_TAB_COUNT_BOUND + 1;
    const r = t.renterId;
    const now = Date.now();
    const capped = cappedTabs.get(r);
    const known = new Map<number, number>();
    for (const [tab, at] of capped ?? []) if (now - at < CAPPED_TAB_MS) known.set(tab, cap);
    const bounded = (cond: SQL) =>
      sql`(select count(*) from (select 1 from ${goodsOrders} where ${goodsOrders.renterId} = ${r} and ${cond} limit ${cap}) b)::int`;
    const statuses = [0, 1, 2, 3, 4].filter((s) => !known.has(s));
    const parts = [
      ...(statuses.length
        ? [
            sql`select s.tab, ${bounded(sql`${goodsOrders.status} = s.tab`)} as n from unnest(${sql.raw(`array[${statuses.join(', ')}]`)}::int[]) as s(tab)`,
          ]
        : []),
      ...(known.has(GOODS_ORDER_AFTER_SALE_TAB)
        ? []
        : [sql`select ${GOODS_ORDER_AFTER_SALE_TAB}, ${bounded(sql`${goodsOrders.afterSaleOpen}`)}`]),
      ...(known.has(-1) ? [] : [sql`select -1, ${bounded(sql`true`)}`]),
    ];
    if (!parts.length) return known;
    const res = (await t.db.execute(sql.join(parts, sql` union all `))) as unknown as { rows: { tab: number; n: number }[] };
    const counted = new Map(res.rows.map((x) => [Number(x.tab), Number(x.n)]));
    const keep = new Map([...(capped ?? [])].filter(([tab]) => known.has(tab)));
    for (const [tab, n] of counted) if (n >= cap) keep.set(tab, now);
    if (keep.size) {
      if (!cappedTabs.has(r) && cappedTabs.size >= CAPPED_RENTERS_KEPT) cappedTabs.delete(cappedTabs.keys().next().value as string);
      cappedTabs.set(r, keep);
    } else cappedTabs.delete(r);
    return new Map([...known, ...counted]);
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

  /**
   * Orders in creation order after a (createdAt, id) cursor: the export's keyset pages. Oldest first is renter_created
   * read backwards (`created_at asc nulls first, id desc`, as orderBy), so a batch reads its rows off the index
   * instead of sorting every matching order.
   */
  async batchAfter(t: Tenant, where: SQL, after: { at: Date; id: string } | null, limit: number) {
    const o = goodsOrders;
    const cursor = after ? or(gt(o.createdAt, after.at), and(eq(o.createdAt, after.at), lt(o.id, after.id))) : undefined;
    return t.db.select().from(o).where(and(where, cursor)).orderBy(sql`${o.createdAt} asc nulls first`, desc(o.id)).limit(limit);
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
