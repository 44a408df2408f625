import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { PAY_STATUS, type PayOrderRow, type PayRefundRow, payOrders, payRefunds } from './payment.tables';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The order by id, within the renter when one is given (another renter's id behaves as a missing one). */
function byIdWhere(id: string, renterId?: string): SQL | undefined {
  return renterId ? and(eq(payOrders.id, id), eq(payOrders.renterId, renterId)) : eq(payOrders.id, id);
}

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

  async byOutTradeNo(db: Db, outTradeNo: string): Promise<PayOrderRow | undefined> {
    const [row] = await db.select().from(payOrders).where(eq(payOrders.outTradeNo, outTradeNo)).limit(1);
    return row;
  },

  async setProviderOrder(db: Db, id: string, v: { qrCode: string; providerRef: string }): Promise<void> {
    await db.update(payOrders).set(v).where(eq(payOrders.id, id));
  },

  /**
   * Marks the order paid only while it is unpaid, at this provider, for exactly this amount. Row locks make concurrent
   * notifies wait for each other, and the loser finds the status changed: undefined means nothing changed.
   */
  async markPaid(
    db: Db,
    n: { outTradeNo: string; provider: string; amountFen: number; providerRef: string; paidAt: Date },
  ): Promise<PayOrderRow | undefined> {
    const [row] = await db
      .update(payOrders)
      .set({ status: PAY_STATUS.paid, providerRef: n.providerRef, paidAt: n.paidAt })
      .where(
        and(
          eq(payOrders.outTradeNo, n.outTradeNo),
          eq(payOrders.status, PAY_STATUS.unpaid),
          eq(payOrders.provider, n.provider),
          eq(payOrders.amountFen, n.amountFen),
        ),
      )
      .returning();
    return row;
  },

  /** Closes the order only while it is unpaid; undefined when nothing changed. */
  async markClosed(db: Db, id: string, renterId?: string): Promise<PayOrderRow | undefined> {
    const [row] = await db
      .update(payOrders)
      .set({ status: PAY_STATUS.closed, closedAt: new Date() })
      .where(and(byIdWhere(id, renterId), eq(payOrders.status, PAY_STATUS.unpaid)))
      .returning();
    return row;
  },

  /**
   * Adds the amount to refunded_fen only if the order is paid and the total stays within what was paid; a full refund
   * turns the status to refunded. One statement, so concurrent refunds can never together exceed the payment.
   */
  async reserveRefund(db: Db, id: string, amountFen: number, renterId?: string): Promise<PayOrderRow | undefined> {
    const after = sql`${payOrders.refundedFen} + ${amountFen}::int`;
    const [row] = await db
      .update(payOrders)
      .set({
        refundedFen: after,
        status: sql`case when ${after} = ${payOrders.amountFen} then ${PAY_STATUS.refunded}::int else ${PAY_STATUS.paid}::int end`,
      })
      .where(and(byIdWhere(id, renterId), eq(payOrders.status, PAY_STATUS.paid), sql`${after} <= ${payOrders.amountFen}`))
      .returning();
    return row;
  },

  /** Gives back a reservation whose refund the provider refused. */
  async releaseRefund(db: Db, id: string, amountFen: number): Promise<void> {
    await db
      .update(payOrders)
      .set({ refundedFen: sql`${payOrders.refundedFen} - ${amountFen}::int`, status: PAY_STATUS.paid })
      .where(eq(payOrders.id, id));
  },
};

export const payRefundRepo = {
  async insert(db: Db, v: typeof payRefunds.$inferInsert): Promise<PayRefundRow> {
    const [row] = await db.insert(payRefunds).values(v).returning();
    return row;
  },

  async finish(db: Db, id: string, v: { status: number; providerRef?: string }): Promise<PayRefundRow> {
    const [row] = await db.update(payRefunds).set(v).where(eq(payRefunds.id, id)).returning();
    return row;
  },
};
