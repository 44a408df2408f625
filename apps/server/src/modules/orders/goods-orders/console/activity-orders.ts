import { type contract, fenToYuan, GOODS_ORDER_STATUS as S, GOODS_ORDER_STATUS_TEXT } from '@shop/contract';
import { and, asc, count, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Ctx } from '@/core/context';
import { BizError, CODE } from '@/core/errors';
import { containsMatch } from '@/core/like';
import { paged, pageWindow } from '@/core/paging';
import { type Tenant, tenantOf } from '@/core/tenant';
import { fmtTime } from '@/core/time';
import { activityOf } from '@/modules/goods';
import { goodsOrderLines as l, goodsOrders as o } from '@/modules/orders/goods-orders.tables';

type Body = z.output<typeof contract.goodsActivity.OrderList.body>;

/** The order holds a line of the activity (the lines' activity index). */
const holds = (t: Tenant, activityId: string) =>
  sql`exists (select 1 from ${l} where ${l.renterId} = ${t.renterId}::uuid and ${l.activityId} = ${activityId}::uuid and ${l.orderId} = ${o.id})`;

const PAID = [S.toShip, S.shipped, S.done];

/**
 * GoodsActivity/OrderList (goods README "Activities at checkout"): the orders holding a line of the activity, newest
 * first (or by createTime / payAmount), filtered by status and a keyword (order number or the buyer's phone, any
 * part), each with only the activity's lines; and the sums over the activity's paid orders. Another enterprise's
 * activity answers 活动不存在 like a missing one.
 */
export async function activityOrders(ctx: Ctx, q: Body) {
  const t = tenantOf(ctx);
  if (!(await activityOf(ctx, t.renterId, q.id))) throw new BizError('活动不存在', CODE.notFound);
  const parts: (SQL | undefined)[] = [eq(o.renterId, t.renterId), holds(t, q.id)];
  if (q.status >= 0) parts.push(eq(o.status, q.status));
  if (q.keyword) parts.push(or(containsMatch(o.orderNo, q.keyword), containsMatch(o.memberPhone, q.keyword)));
  const where = and(...parts);
  const s = q.sorter.find((x) => x.field === 'createTime' || x.field === 'payAmount');
  const up = s?.order.startsWith('asc') ?? false;
  const col = s?.field === 'payAmount' ? o.payFen : o.createdAt;
  const { offset, limit } = pageWindow(q);
  const page = await paged(
    t.db
      .select()
      .from(o)
      .where(where)
      .orderBy(up ? asc(col) : desc(col), asc(o.id))
      .limit(limit)
      .offset(offset),
    t.db.select({ n: count() }).from(o).where(where),
  );
  const ids = page.rows.map((r) => r.id);
  const lines = ids.length
    ? await t.db
        .select()
        .from(l)
        .where(and(eq(l.renterId, t.renterId), eq(l.activityId, q.id), inArray(l.orderId, ids)))
        .orderBy(asc(l.orderId), asc(l.sort))
    : [];
  const [sum] = await t.db
    .select({
      orders: sql<number>`count(distinct ${l.orderId})::int`,
      units: sql<number>`coalesce(sum(${l.qty}), 0)::int`,
      amountFen: sql<number>`coalesce(sum(${l.lineFen} - ${l.discountFen}), 0)::bigint`,
    })
    .from(l)
    .innerJoin(o, and(eq(o.renterId, l.renterId), eq(o.id, l.orderId)))
    .where(and(eq(l.renterId, t.renterId), eq(l.activityId, q.id), inArray(o.status, PAID)));
  return {
    rows: page.rows.map((r) => {
      const mine = lines.filter((x) => x.orderId === r.id);
      return {
        id: r.id,
        orderNo: r.orderNo,
        memberId: r.memberId,
        memberPhone: r.memberPhone,
        consignee: r.address?.name ?? '',
        status: r.status,
        statusText: GOODS_ORDER_STATUS_TEXT[r.status] ?? '',
        lines: mine.map((x) => ({
          title: x.title,
          skuText: x.skuText,
          image: x.image,
          price: fenToYuan(x.unitFen),
          activityPrice: fenToYuan(x.activityPriceFen ?? x.unitFen),
          qty: x.qty,
          amount: fenToYuan(x.lineFen - x.discountFen),
        })),
        units: mine.reduce((n, x) => n + x.qty, 0),
        amount: fenToYuan(mine.reduce((n, x) => n + x.lineFen - x.discountFen, 0)),
        payAmount: fenToYuan(r.payFen),
        createTime: fmtTime(r.createdAt),
      };
    }),
    total_count: page.total,
    sums: { orders: Number(sum?.orders ?? 0), units: Number(sum?.units ?? 0), amount: fenToYuan(Number(sum?.amountFen ?? 0)) },
  };
}
