import { and, eq, inArray, isNull, lt } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { type Ctx, inTx } from '@/core/context';
import { outboxDeliveries, outboxEvents } from './outbox.tables';
import { defineJob, sendJob } from './queue';
import type { DeliveredEvent, DomainEvents, EventType } from './event-types';

export type { DeliveredEvent, DomainEvents, EventType } from './event-types';

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
 * Hands one event to every subscriber of its type (the app's, `services.events`) that has not had it yet, each in its own transaction with its
 * delivery record. A failure is retried by the job (backoff, then the dead-letter queue); delivered ones are skipped.
 */
export async function dispatchEvent(ctx: Ctx, eventId: string): Promise<void> {
  const [e] = await ctx.db.select().from(outboxEvents).where(eq(outboxEvents.id, eventId));
  if (!e || e.dispatchedAt) return;
  const event: DeliveredEvent<EventType> = { id: e.id, type: e.type as EventType, renterId: e.renterId, payload: e.payload as never };
  const failures: unknown[] = [];
  for (const s of ctx.services.events.of(event.type)) {
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
