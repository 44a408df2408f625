import { and, asc, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type { Tenant } from '@/core/tenant';
import { orderTimeline } from '@/modules/orders/core/moves';
import {
  type GoodsOrderInsert,
  type GoodsOrderRow,
  goodsOrderLines,
  goodsOrderTitles,
  goodsOrderParcels,
  goodsOrders,
  memberAddresses,
} from '@/modules/orders/goods-orders.tables';
import { GOODS_ORDER_STATUS as S } from '@shop/contract';

const of = (t: Tenant, id: string) => and(eq(goodsOrders.renterId, t.renterId), eq(goodsOrders.id, id));

export const goodsOrderRepo = {
  /** Inserts an order; null when its number is taken (the caller draws another). */
  async insert(t: Tenant, v: Omit<GoodsOrderInsert, 'renterId'>): Promise<GoodsOrderRow | null> {
    const [r] = await t.db
      .insert(goodsOrders)
      .values({ ...v, renterId: t.renterId })
      .onConflictDoNothing({ target: [goodsOrders.renterId, goodsOrders.orderNo] })
      .returning();
    return r ?? null;
  },
  /** The lines, and their titles into the renter's bought titles (goods_order_titles: the 商品名称 filter's index). */
  async insertLines(t: Tenant, rows: Omit<typeof goodsOrderLines.$inferInsert, 'renterId'>[]) {
    await t.db.insert(goodsOrderLines).values(rows.map((r) => ({ ...r, renterId: t.renterId })));
    const titles = [...new Set(rows.map((r) => r.title))].sort();
    await t.db
      .insert(goodsOrderTitles)
      .values(titles.map((title) => ({ renterId: t.renterId, title })))
      .onConflictDoNothing();
  },
  async byId(t: Tenant, id: string): Promise<GoodsOrderRow | undefined> {
    const [r] = await t.db.select().from(goodsOrders).where(of(t, id));
    return r;
  },
  async lock(t: Tenant, id: string): Promise<GoodsOrderRow | undefined> {
    const [r] = await t.db.select().from(goodsOrders).where(of(t, id)).for('update');
    return r;
  },
  async byRequestKey(t: Tenant, memberId: string, key: string): Promise<GoodsOrderRow | undefined> {
    const [r] = await t.db
      .select()
      .from(goodsOrders)
      .where(and(eq(goodsOrders.renterId, t.renterId), eq(goodsOrders.memberId, memberId), eq(goodsOrders.requestKey, key)));
    return r;
  },
  async byPickupCode(t: Tenant, code: string): Promise<GoodsOrderRow | undefined> {
    const [r] = await t.db
      .select()
      .from(goodsOrders)
      .where(and(eq(goodsOrders.renterId, t.renterId), eq(goodsOrders.pickupCode, code)));
    return r;
  },
  async set(t: Tenant, id: string, v: Partial<GoodsOrderInsert>, onlyStatus?: number[]) {
    const [r] = await t.db
      .update(goodsOrders)
      .set({ ...v, updatedAt: new Date() })
      .where(and(of(t, id), onlyStatus ? inArray(goodsOrders.status, onlyStatus) : undefined))
      .returning();
    return r;
  },
  /** The refunded total as the payment's books say (never above what was paid: a CHECK holds it). */
  /** Adds a refund that went through; never past what was paid (the CHECK backs it). */
  async addRefunded(t: Tenant, id: string, amountFen: number) {
    await t.db
      .update(goodsOrders)
      .set({ refundedFen: sql`least(${goodsOrders.refundedFen} + ${amountFen}::bigint, ${goodsOrders.paidFen})`, updatedAt: new Date() })
      .where(of(t, id));
  },
  async lines(t: Tenant, orderId: string) {
    return t.db
      .select()
      .from(goodsOrderLines)
      .where(and(eq(goodsOrderLines.renterId, t.renterId), eq(goodsOrderLines.orderId, orderId)))
      .orderBy(asc(goodsOrderLines.sort));
  },
  async logs(t: Tenant, orderId: string) {
    return orderTimeline(t, orderId);
  },
  async parcels(t: Tenant, orderId: string) {
    return t.db
      .select()
      .from(goodsOrderParcels)
      .where(and(eq(goodsOrderParcels.renterId, t.renterId), eq(goodsOrderParcels.orderId, orderId)))
      .orderBy(asc(goodsOrderParcels.shippedAt));
  },
  /**
   * Units the member holds in orders not closed, read under the member's lock: per goods (the purchase limit), or with
   * `activityIds` per `activityId:goodsId` of the lines bought under those activities (an activity's per-member limit).
   */
  async unclosedQty(t: Tenant, memberId: string, of: { goodsIds: string[] } | { activityIds: string[] }): Promise<Map<string, number>> {
    const l = goodsOrderLines;
    const byActivity = 'activityIds' in of;
    const ids = byActivity ? of.activityIds : of.goodsIds;
    if (ids.length === 0) return new Map();
    const key = byActivity ? sql<string>`${l.activityId}::text || ':' || ${l.goodsId}::text` : sql<string>`${l.goodsId}::text`;
    const rows = await t.db
      .select({ key, qty: sql<number>`sum(${l.qty} - ${l.refundedQty})::int` })
      .from(l)
      .innerJoin(goodsOrders, and(eq(goodsOrders.renterId, l.renterId), eq(goodsOrders.id, l.orderId)))
      .where(
        and(
          eq(l.renterId, t.renterId),
          eq(l.memberId, memberId),
          inArray(byActivity ? l.activityId : l.goodsId, ids),
          ne(goodsOrders.status, S.closed),
        ),
      )
      .groupBy(key);
    return new Map(rows.map((r) => [r.key, Number(r.qty)]));
  },
  /**
   * Marks the order's activity lines as given back and answers those that were not yet (one conditional UPDATE:
   * a second close answers nothing, so the activity stock goes back exactly once).
   */
  async takeActivityLinesBack(t: Tenant, orderId: string) {
    return t.db
      .update(goodsOrderLines)
      .set({ activityReturned: true })
      .where(
        and(
          eq(goodsOrderLines.renterId, t.renterId),
          eq(goodsOrderLines.orderId, orderId),
          isNotNull(goodsOrderLines.activityId),
          eq(goodsOrderLines.activityReturned, false),
        ),
      )
      .returning({ activityId: goodsOrderLines.activityId, skuId: goodsOrderLines.skuId, qty: goodsOrderLines.qty });
  },
  /** Serialises one member's checkouts (two tabs at once): the purchase limit is read and written under it. */
  async lockMember(t: Tenant, memberId: string) {
    await t.db.execute(sql`select pg_advisory_xact_lock(hashtext(${`goods-order:${t.renterId}:${memberId}`}))`);
  },
  async address(t: Tenant, memberId: string, id: string) {
    const [r] = await t.db
      .select()
      .from(memberAddresses)
      .where(and(eq(memberAddresses.renterId, t.renterId), eq(memberAddresses.memberId, memberId), eq(memberAddresses.id, id)));
    return r;
  },
};
