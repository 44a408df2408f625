import { and, eq, inArray, isNull, lt } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { type Ctx, inTx } from '@/core/context';
import { outboxDeliveries, outboxEvents } from './outbox.tables';
import { defineJob, sendJob } from './queue';

/**
 * The catalogue of domain events (DESIGN §10): what a business write tells the rest of the product. A payload
 * carries what subscribers need so that they do not read the writer's tables.
 */
export interface DomainEvents {
  /** Goods were created (新增 or 复制): one event per goods. */
  'goods.created': { goodsId: string; goodsNo: string; title: string };
  /**
   * A customer submitted a form; `paid` forms tell their order's payment later, not now. `visitor` is the visitor id
   * of the page and `phone` the form's phone answer ('' without one): who the customer is (members).
   */
  'form.submitted': {
    formId: string;
    formName: string;
    submissionId: string;
    subNo: string;
    paid: boolean;
    visitor: string;
    phone: string;
  };
  /** A form order's payment arrived (its order is 待核销 or 已完成 now); `visitor` and `phone` as in form.submitted. */
  'form-order.paid': {
    orderId: string;
    orderNo: string;
    formId: string;
    formName: string;
    amountFen: number;
    paidAt: string;
    visitor: string;
    phone: string;
  };
  /** A goods order's payment arrived (待发货 now): members' figures, the console's notice and sound. */
  'goods-order.paid': { orderId: string; orderNo: string; memberId: string; title: string; payFen: number; paidAt: string };
  /** A goods order completed (确认收货 or 自提核销). */
  'goods-order.completed': { orderId: string; orderNo: string; memberId: string; completedAt: string };
  /** A goods order closed; `paidFen` > 0 when it had been paid (its money goes back: members' figures undo it). */
  'goods-order.closed': { orderId: string; orderNo: string; memberId: string; paidFen: number; reason: string };
  /** An after-sale refund went through; `orderClosed` when it closed the order (every unit refunded before shipping). */
  'after-sale.refunded': { afterSaleId: string; orderId: string; memberId: string; refundFen: number; orderClosed: boolean };
}
export type EventType = keyof DomainEvents;

/** An event as subscribers get it. */
export interface DeliveredEvent<T extends EventType> {
  id: string;
  type: T;
  renterId: string | null;
  payload: DomainEvents[T];
}

interface Subscriber {
  name: string;
  type: EventType;
  handle(tx: Ctx, e: DeliveredEvent<EventType>): Promise<void>;
}

const subscribers = new Map<string, Subscriber>();

/**
 * Subscribes to an event type under a stable name (its deliveries are recorded by that name). The handler runs in
 * a transaction that also records the delivery: a redelivered event is not applied twice, and a failed handler leaves
 * nothing behind and is retried with the dispatch job.
 */
export function subscribe<T extends EventType>(name: string, type: T, handle: (tx: Ctx, e: DeliveredEvent<T>) => Promise<void>): void {
  subscribers.set(name, { name, type, handle: handle as Subscriber['handle'] });
}

/**
 * Writes an event in the caller's transaction (ctx from inTx) and the job that dispatches it after commit: a write
 * that rolls back emits nothing.
 */
export async function emit<T extends EventType>(tx: Ctx, type: T, renterId: string | null, payload: DomainEvents[T]): Promise<string> {
  const [row] = await tx.db.insert(outboxEvents).values({ type, renterId, payload }).returning({ id: outboxEvents.id });
  await sendJob(tx, OUTBOX_DISPATCH, { eventId: row.id, ...(renterId ? { renterId } : {}) });
  return row.id;
}

export const OUTBOX_DISPATCH = 'outbox.dispatch';

/**
 * Hands one event to every subscriber of its type that has not had it yet, each in its own transaction with its
 * delivery record. A failure is retried by the job (backoff, then the dead-letter queue); delivered ones are skipped.
 */
export async function dispatchEvent(ctx: Ctx, eventId: string): Promise<void> {
  const [e] = await ctx.db.select().from(outboxEvents).where(eq(outboxEvents.id, eventId));
  if (!e || e.dispatchedAt) return;
  const event: DeliveredEvent<EventType> = { id: e.id, type: e.type as EventType, renterId: e.renterId, payload: e.payload as never };
  const failures: unknown[] = [];
  for (const s of subscribers.values()) {
    if (s.type !== event.type) continue;
    try {
      await inTx(ctx, async (tx) => {
        const mine = await tx.db
          .insert(outboxDeliveries)
          .values({ eventId: e.id, subscriber: s.name })
          .onConflictDoNothing()
          .returning({ eventId: outboxDeliveries.eventId });
        if (mine.length === 0) return; // delivered before (a redelivery, or another worker)
        await s.handle(tx, event);
      });
    } catch (err) {
      ctx.log.error({ err, event: e.type, eventId: e.id, subscriber: s.name }, 'event subscriber failed');
      failures.push(err);
    }
  }
  if (failures.length) throw failures[0];
  await ctx.db
    .update(outboxEvents)
    .set({ dispatchedAt: new Date() })
    .where(and(eq(outboxEvents.id, e.id), isNull(outboxEvents.dispatchedAt)));
}

/** The job that dispatches one event (sent by emit). */
export const outboxDispatchJob = defineJob<{ eventId: string; renterId?: string }>({
  name: OUTBOX_DISPATCH,
  retryLimit: 8,
  retryDelaySeconds: 5,
  handler: (ctx, data) => dispatchEvent(ctx, data.eventId),
});

/** Dispatched events are kept this long (for support: what happened, who had it), then purged. */
export const OUTBOX_KEEP_DAYS = 7;
const PURGE_BATCH = 5000;

/**
 * Deletes events every subscriber had more than OUTBOX_KEEP_DAYS ago (their deliveries go with them), at most
 * PURGE_BATCH per call so a backlog never makes one long transaction; undispatched events stay whatever their age.
 */
export async function purgeOutbox(db: Db, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - OUTBOX_KEEP_DAYS * 86_400_000);
  const old = db.select({ id: outboxEvents.id }).from(outboxEvents).where(lt(outboxEvents.dispatchedAt, before)).limit(PURGE_BATCH);
  const gone = await db.delete(outboxEvents).where(inArray(outboxEvents.id, old)).returning({ id: outboxEvents.id });
  return gone.length;
}
