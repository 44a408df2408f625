import { and, asc, eq, gt, inArray, isNull, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { PAY_STATUS, type PayOrderRow, type PayRefundRow, type PayStatus, payOrders, payRefunds, REFUND_STATUS } from './payment.tables';
import type { Tenant } from '@/core/tenant';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The order by id, within the renter when one is given (another renter's id behaves as a missing one). */
function byIdWhere(id: string, renterId?: string): SQL | undefined {
  return renterId ? and(eq(payOrders.id, id), eq(payOrders.renterId, renterId)) : eq(payOrders.id, id);
}

/** A write's row: always within its renter, also for system work that found the order by its number. */
const orderOf = (renterId: string, id: string) => and(eq(payOrders.renterId, renterId), eq(payOrders.id, id));

export const payOrderRepo = {
  async insert(db: Db, v: typeof payOrders.$inferInsert): Promise<PayOrderRow> {
    const [row] = await db.insert(payOrders).values(v).returning();
    return row;
  },

  async byId(db: Db, id: string, renterId?: string): Promise<PayOrderRow | undefined> {
    if (!UUID.test(id)) return undefined;
    const [row] = await db.select().from(payOrders).where(byIdWhere(id, renterId)).limit(1);
    return row;
  },

  /** The record's open (unpaid) pay order, if it has one: at most one (pay_orders_open_biz_uq). */
  async openOf(tenant: Tenant, bizType: string, bizId: string): Promise<PayOrderRow | undefined> {
    const { db, renterId } = tenant;
    const [row] = await db
      .select()
      .from(payOrders)
      .where(
        and(
          eq(payOrders.renterId, renterId),
          eq(payOrders.bizType, bizType),
          eq(payOrders.bizId, bizId),
          eq(payOrders.status, PAY_STATUS.unpaid),
        ),
      )
      .limit(1);
    return row;
  },

  /** Inserts a new open pay order unless the record has one already (then undefined: read that one). */
  async insertOpen(db: Db, v: typeof payOrders.$inferInsert): Promise<PayOrderRow | undefined> {
    const [row] = await db
      .insert(payOrders)
      .values(v)
      .onConflictDoNothing({
        target: [payOrders.renterId, payOrders.bizType, payOrders.bizId],
        where: sql`${payOrders.status} = ${sql.raw(String(PAY_STATUS.unpaid))}`,
      })
      .returning();
    return row;
  },

  /** The pay order, locked for the rest of the transaction (refund requests of one order queue here). */
  async lock(tenant: Tenant, id: string): Promise<PayOrderRow | undefined> {
    if (!UUID.test(id)) return undefined;
    const { db, renterId } = tenant;
    const [row] = await db.select().from(payOrders).where(orderOf(renterId, id)).limit(1).for('update');
    return row;
  },

  async byOutTradeNo(db: Db, outTradeNo: string): Promise<PayOrderRow | undefined> {
    const [row] = await db.select().from(payOrders).where(eq(payOrders.outTradeNo, outTradeNo)).limit(1);
    return row;
  },

  /** Stores the provider's link of an order still unpaid (a paid one keeps its transaction id as providerRef). */
  async setProviderOrder(tenant: Tenant, id: string, v: { qrCode: string; providerRef: string }): Promise<void> {
    const { db, renterId } = tenant;
    await db
      .update(payOrders)
      .set(v)
      .where(and(orderOf(renterId, id), eq(payOrders.status, PAY_STATUS.unpaid)));
  },

  /**
   * Marks the order paid only while it is unpaid, at this provider, for exactly this amount. Row locks make concurrent
   * notifies wait for each other, and the loser finds the status changed: undefined means nothing changed.
   */
  async markPaid(
    db: Db,
    n: { outTradeNo: string; provider: string; amountFen: number; providerRef: string; paidAt: Date },
    from: PayStatus = PAY_STATUS.unpaid,
  ): Promise<PayOrderRow | undefined> {
    const [row] = await db
      .update(payOrders)
      .set({ status: PAY_STATUS.paid, providerRef: n.providerRef, paidAt: n.paidAt })
      .where(
        and(
          eq(payOrders.outTradeNo, n.outTradeNo),
          eq(payOrders.status, from),
          eq(payOrders.provider, n.provider),
          eq(payOrders.amountFen, n.amountFen),
        ),
      )
      .returning();
    return row;
  },

  /** Closes the order only while it is unpaid; undefined when nothing changed. */
  async markClosed(tenant: Tenant, id: string): Promise<PayOrderRow | undefined> {
    const { db, renterId } = tenant;
    const [row] = await db
      .update(payOrders)
      .set({ status: PAY_STATUS.closed, closedAt: new Date() })
      .where(and(orderOf(renterId, id), eq(payOrders.status, PAY_STATUS.unpaid)))
      .returning();
    return row;
  },

  /**
   * Adds the amount to refunded_fen only if the order is paid and the total stays within what was paid; a full refund
   * turns the status to refunded. One statement, so concurrent refunds can never together exceed the payment.
   */
  async reserveRefund(tenant: Tenant, id: string, amountFen: number): Promise<PayOrderRow | undefined> {
    const { db, renterId } = tenant;
    const after = sql`${payOrders.refundedFen} + ${amountFen}::bigint`;
    const [row] = await db
      .update(payOrders)
      .set({
        refundedFen: after,
        status: sql`case when ${after} = ${payOrders.amountFen} then ${PAY_STATUS.refunded}::int else ${PAY_STATUS.paid}::int end`,
      })
      .where(and(orderOf(renterId, id), eq(payOrders.status, PAY_STATUS.paid), sql`${after} <= ${payOrders.amountFen}`))
      .returning();
    return row;
  },

  /** Orders still unpaid, created between `from` and `to` (oldest first): the reconciliation job asks about them. */
  /**
   * Unpaid orders made between `from` and `to`, not asked about since `checkedBefore`, the least recently asked first
   * (never asked before all), each marked asked at `now`: a backlog larger than one batch is worked through in turn.
   */
  async unpaidToCheck(db: Db, o: { from: Date; to: Date; checkedBefore: Date; now: Date; limit: number }): Promise<PayOrderRow[]> {
    const due = db
      .select({ id: payOrders.id })
      .from(payOrders)
      .where(
        and(
          eq(payOrders.status, PAY_STATUS.unpaid),
          gt(payOrders.createdAt, o.from),
          lt(payOrders.createdAt, o.to),
          or(isNull(payOrders.checkedAt), lt(payOrders.checkedAt, o.checkedBefore)),
        ),
      )
      .orderBy(sql`${payOrders.checkedAt} asc nulls first`, asc(payOrders.createdAt))
      .limit(o.limit)
      .for('update', { skipLocked: true });
    return db.update(payOrders).set({ checkedAt: o.now }).where(inArray(payOrders.id, due)).returning();
  },

  /** Gives back a reservation whose refund the provider refused. */
  async releaseRefund(tenant: Tenant, id: string, amountFen: number): Promise<void> {
    const { db, renterId } = tenant;
    await db
      .update(payOrders)
      .set({ refundedFen: sql`${payOrders.refundedFen} - ${amountFen}::bigint`, status: PAY_STATUS.paid })
      .where(orderOf(renterId, id));
  },
};

export const payRefundRepo = {
  async insert(db: Db, v: typeof payRefunds.$inferInsert): Promise<PayRefundRow> {
    const [row] = await db.insert(payRefunds).values(v).returning();
    return row;
  },

  async byId(tenant: Tenant, id: string): Promise<PayRefundRow | undefined> {
    const { db, renterId } = tenant;
    const [row] = await db
      .select()
      .from(payRefunds)
      .where(and(eq(payRefunds.renterId, renterId), eq(payRefunds.id, id)))
      .limit(1);
    return row;
  },

  /** The live refund (pending or done) of this intent on the order; a refused one does not count. */
  async byIntent(tenant: Tenant, payOrderId: string, intentKey: string): Promise<PayRefundRow | undefined> {
    const { db, renterId } = tenant;
    const [row] = await db
      .select()
      .from(payRefunds)
      .where(
        and(
          eq(payRefunds.renterId, renterId),
          eq(payRefunds.payOrderId, payOrderId),
          eq(payRefunds.intentKey, intentKey),
          ne(payRefunds.status, REFUND_STATUS.failed),
        ),
      )
      .limit(1);
    return row;
  },

  /**
   * Ends a refund only while it is pending (status 1 to 2 or 3): of a retry, the reconciliation job and a late first
   * attempt settling the same refund, exactly one gets the row back; undefined means someone else settled it.
   */
  async finishPending(tenant: Tenant, id: string, v: { status: number; providerRef?: string }): Promise<PayRefundRow | undefined> {
    const { db, renterId } = tenant;
    const [row] = await db
      .update(payRefunds)
      .set(v)
      .where(and(eq(payRefunds.renterId, renterId), eq(payRefunds.id, id), eq(payRefunds.status, REFUND_STATUS.pending)))
      .returning();
    return row;
  },

  /** Refunds pending since before `before` (oldest first): the reconciliation job asks the provider about them. */
  /** Refunds pending since before `to`, as unpaidToCheck: least recently asked first, each marked asked at `now`. */
  async pendingToCheck(db: Db, o: { to: Date; checkedBefore: Date; now: Date; limit: number }): Promise<PayRefundRow[]> {
    const due = db
      .select({ id: payRefunds.id })
      .from(payRefunds)
      .where(
        and(
          eq(payRefunds.status, REFUND_STATUS.pending),
          lt(payRefunds.createdAt, o.to),
          or(isNull(payRefunds.checkedAt), lt(payRefunds.checkedAt, o.checkedBefore)),
        ),
      )
      .orderBy(sql`${payRefunds.checkedAt} asc nulls first`, asc(payRefunds.createdAt))
      .limit(o.limit)
      .for('update', { skipLocked: true });
    return db.update(payRefunds).set({ checkedAt: o.now }).where(inArray(payRefunds.id, due)).returning();
  },
};
