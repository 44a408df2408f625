import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { Tenant } from '@/core/tenant';
import { type GoodsOrderRow, goodsOrderLines, goodsOrders } from '@/modules/orders/goods-orders.tables';

const ofMember = (t: Tenant, memberId: string, statuses: number[] | null) =>
  and(
    eq(goodsOrders.renterId, t.renterId),
    eq(goodsOrders.memberId, memberId),
    statuses ? inArray(goodsOrders.status, statuses) : undefined,
  );

/** A member's own orders (index goods_orders_member_idx: renter, member, status, created desc, id). */
export const myOrdersRepo = {
  async page(t: Tenant, memberId: string, statuses: number[] | null, offset: number, limit: number) {
    const where = ofMember(t, memberId, statuses);
    const [rows, [n]] = await Promise.all([
      t.db.select().from(goodsOrders).where(where).orderBy(desc(goodsOrders.createdAt), desc(goodsOrders.id)).offset(offset).limit(limit),
      t.db.select({ n: count() }).from(goodsOrders).where(where),
    ]);
    return { rows, total: Number(n?.n ?? 0) };
  },
  /** The member's order of this id; another member's (or renter's) is not there. */
  async mine(t: Tenant, memberId: string, id: string): Promise<GoodsOrderRow | undefined> {
    const [r] = await t.db
      .select()
      .from(goodsOrders)
      .where(and(ofMember(t, memberId, null), eq(goodsOrders.id, id)));
    return r;
  },
  /** The lines of a page of orders, in one read. */
  async linesOf(t: Tenant, orderIds: string[]) {
    if (orderIds.length === 0) return [];
    return t.db
      .select()
      .from(goodsOrderLines)
      .where(and(eq(goodsOrderLines.renterId, t.renterId), inArray(goodsOrderLines.orderId, orderIds)))
      .orderBy(asc(goodsOrderLines.orderId), asc(goodsOrderLines.sort));
  },
};
