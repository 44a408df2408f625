import { AFTER_SALE_OPEN_STATUSES, AFTER_SALE_TABS } from '@shop/contract';
import { and, asc, desc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import { sumFen } from '@/core/money';
import { boundedCount, boundedCountSql, totalOf } from '@/core/paging';
import type { Tenant } from '@/core/tenant';
import { goodsOrderLines, goodsOrders } from '@/modules/orders/goods-orders.tables';
import { type AfterSaleInsert, type AfterSaleRow, afterSaleLogs, afterSaleSettings, afterSales } from './after-sales.tables';

const a = afterSales;
const of = (t: Tenant, id: string) => and(eq(a.renterId, t.renterId), eq(a.id, id));
const OPEN = [...AFTER_SALE_OPEN_STATUSES] as number[];

/** A tab's statuses (AFTER_SALE_TABS): 0 every open state, 11 撤销 and 关闭, else the state itself; -1 none. */
export function tabStatuses(tab: number): number[] | null {
  if (tab < 0) return null;
  if (tab === 0) return OPEN;
  if (tab === 11) return [9, 10];
  return [tab];
}

export const afterSaleRepo = {
  async insert(t: Tenant, v: Omit<AfterSaleInsert, 'renterId'>): Promise<AfterSaleRow> {
    const [r] = await t.db
      .insert(a)
      .values({ ...v, renterId: t.renterId })
      .returning();
    return r;
  },
  async byId(t: Tenant, id: string): Promise<AfterSaleRow | undefined> {
    const [r] = await t.db.select().from(a).where(of(t, id));
    return r;
  },
  async lock(t: Tenant, id: string): Promise<AfterSaleRow | undefined> {
    const [r] = await t.db.select().from(a).where(of(t, id)).for('update');
    return r;
  },
  /** A member's own request (another member's id answers as a missing one). */
  async mine(t: Tenant, memberId: string, id: string): Promise<AfterSaleRow | undefined> {
    const [r] = await t.db
      .select()
      .from(a)
      .where(and(of(t, id), eq(a.memberId, memberId)));
    return r;
  },
  /** The order's requests, newest first (an order has few). */
  async ofOrder(t: Tenant, orderId: string): Promise<AfterSaleRow[]> {
    return t.db
      .select()
      .from(a)
      .where(and(eq(a.renterId, t.renterId), eq(a.orderId, orderId)))
      .orderBy(desc(a.createdAt));
  },
  /** Conditional move: `… where status in (from)`; the row after, or undefined when it was not in one of them. */
  async move(t: Tenant, id: string, from: readonly number[], to: number, patch: Partial<AfterSaleInsert>) {
    const [r] = await t.db
      .update(a)
      .set({ ...patch, status: to, updatedAt: new Date() })
      .where(and(of(t, id), inArray(a.status, [...from])))
      .returning();
    return r;
  },
  async log(
    t: Tenant,
    id: string,
    e: { by: { kind: string; id: string; name: string }; action: string; note?: string; images?: string[]; amountFen?: number | null },
  ) {
    await t.db.insert(afterSaleLogs).values({
      renterId: t.renterId,
      afterSaleId: id,
      actorKind: e.by.kind,
      actorId: e.by.id,
      actorName: e.by.name,
      action: e.action,
      note: (e.note ?? '').slice(0, 200),
      images: e.images ?? [],
      amountFen: e.amountFen ?? null,
      createdAt: sql`clock_timestamp()` as unknown as Date,
    });
  },
  async logs(t: Tenant, id: string) {
    return t.db
      .select()
      .from(afterSaleLogs)
      .where(and(eq(afterSaleLogs.renterId, t.renterId), eq(afterSaleLogs.afterSaleId, id)))
      .orderBy(asc(afterSaleLogs.createdAt));
  },
  /** The lines with an open request of the order (other than `except`): one open request per line. */
  async openLineIds(t: Tenant, orderId: string, except?: string): Promise<Set<string>> {
    const rows = await t.db
      .select({ items: a.items })
      .from(a)
      .where(and(eq(a.renterId, t.renterId), eq(a.orderId, orderId), inArray(a.status, OPEN), except ? ne(a.id, except) : undefined));
    return new Set(rows.flatMap((r) => r.items.map((i) => i.lineId)));
  },
  /** What after-sales of the order have claimed for refunds (退款中 and 已完成), other than `except`. */
  async claimedFen(t: Tenant, orderId: string, except?: string): Promise<number> {
    const [r] = await t.db
      .select({ n: sumFen(a.refundFen) })
      .from(a)
      .where(and(eq(a.renterId, t.renterId), eq(a.orderId, orderId), inArray(a.status, [5, 7]), except ? ne(a.id, except) : undefined));
    return r?.n ?? 0;
  },
  /** The order's 售后中 flag follows its open requests (the caller holds the order's row lock). */
  async syncOrderFlag(t: Tenant, orderId: string) {
    await t.db
      .update(goodsOrders)
      .set({
        afterSaleOpen: sql`exists (select 1 from ${a} where ${a.renterId} = ${t.renterId} and ${a.orderId} = ${orderId} and ${a.status} in (${sql.join(
          OPEN.map((s) => sql`${s}`),
          sql`, `,
        )}))`,
      })
      .where(and(eq(goodsOrders.renterId, t.renterId), eq(goodsOrders.id, orderId)));
  },
  /** Adds refunded units to a line: unshipped units must still be unshipped (shipped + refunded + n ≤ qty). */
  async refundUnits(t: Tenant, lineId: string, n: number, unshipped: boolean): Promise<boolean> {
    const l = goodsOrderLines;
    const cap = unshipped ? sql`${l.shippedQty} + ${l.refundedQty} + ${n} <= ${l.qty}` : sql`${l.refundedQty} + ${n} <= ${l.qty}`;
    const [r] = await t.db
      .update(l)
      .set({ refundedQty: sql`${l.refundedQty} + ${n}` })
      .where(and(eq(l.renterId, t.renterId), eq(l.id, lineId), cap))
      .returning({ id: l.id });
    return !!r;
  },
  async settings(t: Tenant) {
    const [r] = await t.db.select().from(afterSaleSettings).where(eq(afterSaleSettings.renterId, t.renterId));
    return r;
  },
  async saveSettings(t: Tenant, v: { autoAgreeUnshipped: boolean; replyDays: number; returnDays: number; applyDays: number }) {
    await t.db
      .insert(afterSaleSettings)
      .values({ renterId: t.renterId, ...v })
      .onConflictDoUpdate({ target: afterSaleSettings.renterId, set: { ...v, updatedAt: new Date() } });
  },

  /** One page of the console's list: ids on an index with the bounded count, then the rows. */
  async page(t: Tenant, where: SQL, sorter: { field: string; order: string }[], offset: number, limit: number) {
    const s = sorter.find((x) => x.field === 'createTime' || x.field === 'amount');
    const up = s?.order.startsWith('asc') ?? false;
    const order =
      s?.field === 'amount'
        ? up
          ? [asc(a.amountFen), asc(a.id)]
          : [desc(a.amountFen), desc(a.id)]
        : up
          ? [asc(a.createdAt), desc(a.id)]
          : [desc(a.createdAt), asc(a.id)];
    const rows = await t.db
      .select({ row: a, counted: boundedCountSql(t.db, a, where) })
      .from(a)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset);
    const counted = rows.length ? await totalOf(t.db, a, where, Number(rows[0].counted)) : await boundedCount(t.db, a, where);
    return { rows: rows.map((r) => r.row), ...counted };
  },
  /** Every tab's count (the renter's whole list): each state counted on the status index, at most 10,000 rows each. */
  async tabCounts(t: Tenant): Promise<Map<number, number>> {
    const cap = 10_000;
    const res = (await t.db.execute(sql`
      select s.st as status, (select count(*) from (select 1 from ${a} where ${a.renterId} = ${t.renterId} and ${a.status} = s.st limit ${cap}) b)::int as n
      from unnest(array[1, 2, 3, 4, 5, 6, 7, 8, 9, 10]) as s(st)`)) as unknown as { rows: { status: number; n: number }[] };
    const by = new Map(res.rows.map((r) => [Number(r.status), Number(r.n)]));
    const out = new Map<number, number>();
    for (const { tab } of AFTER_SALE_TABS) {
      const st = tabStatuses(tab) ?? [...by.keys()];
      out.set(
        tab,
        st.reduce((n, x) => n + (by.get(x) ?? 0), 0),
      );
    }
    return out;
  },
  /** A member's requests, newest first. */
  async minePage(t: Tenant, memberId: string, offset: number, limit: number) {
    const where = and(eq(a.renterId, t.renterId), eq(a.memberId, memberId));
    const rows = await t.db.select().from(a).where(where).orderBy(desc(a.createdAt), desc(a.id)).limit(limit).offset(offset);
    const [c] = await t.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(a)
      .where(where);
    return { rows, total: c?.n ?? 0 };
  },
};
