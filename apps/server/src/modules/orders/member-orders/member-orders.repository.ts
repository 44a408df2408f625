import { type AnyColumn, and, count, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import { paged } from '@/core/paging';
import { logOrder, type MoveBy } from '@/modules/orders/core/moves';
import type { Tenant } from '@/core/tenant';
import { memberOrders } from './member-orders.tables';

export type MemberOrderRow = typeof memberOrders.$inferSelect;
export type MemberOrderInsert = Omit<typeof memberOrders.$inferInsert, 'renterId'>;
export type MemberOrderSet = Partial<Omit<typeof memberOrders.$inferInsert, 'renterId' | 'id'>>;

const SORTS: Record<string, AnyColumn> = {
  createTime: memberOrders.createdAt,
  payTime: memberOrders.paidAt,
  amount: memberOrders.amountFen,
};

/** The sorter's terms; unpaid orders (no payment time) last either way. */
const sortTerms = (sorter: { field: string; order: string }[]): SQL[] =>
  sorter
    .filter((s) => Object.hasOwn(SORTS, s.field))
    .map((s) => sql`${SORTS[s.field]} ${sql.raw(s.order.startsWith('asc') ? 'asc' : 'desc')} nulls last`);

export interface MemberOrderQuery {
  kind: number;
  status: number;
  orderNo: string;
  phone: string;
  itemId: string;
  from: Date | null;
  /** Exclusive end. */
  before: Date | null;
  offset: number;
  limit: number;
  sorter: { field: string; order: string }[];
}

const ofOrder = (tenant: Tenant, id: string) => and(eq(memberOrders.renterId, tenant.renterId), eq(memberOrders.id, id));

/** The filters but the status tab: the tabs' counts share them. Order number and phone match whole (their indexes). */
function filters(tenant: Tenant, q: Omit<MemberOrderQuery, 'status' | 'offset' | 'limit' | 'sorter'>): SQL[] {
  const conds: SQL[] = [eq(memberOrders.renterId, tenant.renterId), eq(memberOrders.kind, q.kind)];
  if (q.orderNo) conds.push(eq(memberOrders.orderNo, q.orderNo));
  if (q.phone) conds.push(eq(memberOrders.memberPhone, q.phone));
  if (q.itemId) conds.push(eq(memberOrders.itemId, q.itemId));
  if (q.from) conds.push(gte(memberOrders.createdAt, q.from));
  if (q.before) conds.push(lt(memberOrders.createdAt, q.before));
  return conds;
}

export const memberOrderRepo = {
  async page(tenant: Tenant, q: MemberOrderQuery) {
    const conds = filters(tenant, q);
    if (q.status >= 0) conds.push(eq(memberOrders.status, q.status));
    const where = and(...conds);
    return paged(
      tenant.db
        .select()
        .from(memberOrders)
        .where(where)
        .orderBy(...sortTerms(q.sorter), desc(memberOrders.createdAt), desc(memberOrders.id))
        .limit(q.limit)
        .offset(q.offset),
      tenant.db.select({ n: count() }).from(memberOrders).where(where),
    );
  },
  /** Orders per status under the same filters (the tabs). */
  async counts(tenant: Tenant, q: Omit<MemberOrderQuery, 'status' | 'offset' | 'limit' | 'sorter'>) {
    const rows = await tenant.db
      .select({ status: memberOrders.status, n: count() })
      .from(memberOrders)
      .where(and(...filters(tenant, q)))
      .groupBy(memberOrders.status);
    return new Map(rows.map((r) => [r.status, Number(r.n)]));
  },
  /** A member's orders of a kind, newest first. */
  async mine(tenant: Tenant, memberId: string, kind: number, offset: number, limit: number) {
    const where = and(eq(memberOrders.renterId, tenant.renterId), eq(memberOrders.memberId, memberId), eq(memberOrders.kind, kind));
    return paged(
      tenant.db
        .select()
        .from(memberOrders)
        .where(where)
        .orderBy(desc(memberOrders.createdAt), desc(memberOrders.id))
        .limit(limit)
        .offset(offset),
      tenant.db.select({ n: count() }).from(memberOrders).where(where),
    );
  },
  async byId(tenant: Tenant, id: string, lock = false): Promise<MemberOrderRow | undefined> {
    const q = tenant.db.select().from(memberOrders).where(ofOrder(tenant, id));
    const [r] = lock ? await q.for('update') : await q.limit(1);
    return r;
  },
  /** A new order with its first timeline line. */
  async insert(tenant: Tenant, v: MemberOrderInsert, text: string, by: MoveBy): Promise<MemberOrderRow> {
    const [r] = await tenant.db
      .insert(memberOrders)
      .values({ ...v, renterId: tenant.renterId })
      .returning();
    await logOrder(tenant, r.id, { toStatus: r.status, action: text, by });
    return r;
  },
  /**
   * A refund that went through: refunded_fen raised (never past the amount), 已退款 when it reaches it, and its
   * timeline line; answers the row after, or undefined.
   */
  async addRefunded(tenant: Tenant, id: string, fenBack: number, text: string, by: MoveBy): Promise<MemberOrderRow | undefined> {
    const [r] = await tenant.db
      .update(memberOrders)
      .set({
        refundedFen: sql`${memberOrders.refundedFen} + ${fenBack}`,
        status: sql`case when ${memberOrders.refundedFen} + ${fenBack} = ${memberOrders.amountFen} then 3 else ${memberOrders.status} end`,
        refundedAt: sql`now()`,
      })
      .where(and(ofOrder(tenant, id), sql`${memberOrders.refundedFen} + ${fenBack} <= ${memberOrders.amountFen}`))
      .returning();
    if (r) await logOrder(tenant, id, { toStatus: r.status === 3 ? 3 : null, action: text, by });
    return r;
  },
};
