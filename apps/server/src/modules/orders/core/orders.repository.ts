import { and, count, eq, gte, inArray, or, type SQL, sql } from 'drizzle-orm';
import { sumFen } from '@/core/money';
import type { Tenant } from '@/core/tenant';
import { orders } from './orders.tables';

/** Whose orders: the member, and the customer's visitor id and phone (any may be missing). */
export interface OrderOwner {
  memberId?: string | null;
  visitorId: string | null;
  phone: string | null;
}

/** The kinds a customer's spending counts (会员详情's 消费): what they bought, not the membership they paid for. */
const SPENDING_KINDS = ['goods', 'form'];
/** Paid and not closed: 进行中 or 已完成. */
const PAID_STAGES = [1, 2];

/** A customer's paid orders of the spending kinds: as the member, by the visitor who ordered, or the phone typed. */
function ownerWhere(tenant: Tenant, who: OrderOwner): SQL | undefined {
  const by: SQL[] = [];
  if (who.memberId) by.push(eq(orders.memberId, who.memberId));
  if (who.visitorId) by.push(eq(orders.visitor, who.visitorId));
  if (who.phone) by.push(eq(orders.buyerPhone, who.phone));
  if (by.length === 0) return undefined;
  return and(eq(orders.renterId, tenant.renterId), inArray(orders.kind, SPENDING_KINDS), inArray(orders.stage, PAID_STAGES), or(...by));
}

const spent = sumFen(sql`${orders.paidFen} - ${orders.refundedFen}`);

/** The cross-kind reads of the order header (every kind's orders in one table). */
export const orderHeaderRepo = {
  /** Count, fen kept (paid less refunded) and the last payment of a customer's paid orders. */
  async figures(tenant: Tenant, who: OrderOwner) {
    const where = ownerWhere(tenant, who);
    if (!where) return { count: 0, spendFen: 0, lastAt: null };
    const [r] = await tenant.db
      .select({ n: count(), fen: spent, last: sql<Date | string | null>`max(${orders.paidAt})` })
      .from(orders)
      .where(where);
    return { count: Number(r.n), spendFen: r.fen, lastAt: r.last ? new Date(r.last) : null };
  },
  /** The same by month of payment ('YYYY-MM' in the zone) since `since`. */
  async byMonth(tenant: Tenant, who: OrderOwner, since: Date, timeZone: string) {
    const where = ownerWhere(tenant, who);
    if (!where) return [];
    const month = sql<string>`to_char(${orders.paidAt} at time zone ${timeZone}, 'YYYY-MM')`;
    const rows = await tenant.db
      .select({ month, n: count(), fen: spent })
      .from(orders)
      .where(and(where, gte(orders.paidAt, since)))
      // By position: the zone is a bound parameter, so the expression in GROUP BY would not be the select's.
      .groupBy(sql`1`)
      .orderBy(sql`1`);
    return rows.map((r) => ({ month: r.month, count: Number(r.n), spendFen: r.fen }));
  },
};
