import type { DeliveredEvent, EventType } from './event-types';

/** One subscriber: its stable name (the delivery key), the event type it takes and its handler. */
export interface Subscriber<C> {
  name: string;
  type: EventType;
  handle(tx: C, e: DeliveredEvent<EventType>): Promise<void>;
}

/**
 * The subscribers of one app (`services.events`), filled by the app's start list (src/wiring.ts) before anything is
 * dispatched. Per app, not per process: two apps built in one process (tests build several) each keep their own.
 */
export class EventSubscribers<C> {
  private readonly byName = new Map<string, Subscriber<C>>();

  /**
   * Subscribes to an event type under a stable name (its deliveries are recorded by that name, so it must not change).
   * The handler runs in a transaction that also records the delivery: a redelivered event is not applied twice, and a
   * failed handler leaves nothing behind and is retried with the dispatch job. A name is subscribed once.
   */
  subscribe<T extends EventType>(name: string, type: T, handle: (tx: C, e: DeliveredEvent<T>) => Promise<void>): void {
    if (this.byName.has(name)) throw new Error(`subscriber ${name} is subscribed twice`);
    this.byName.set(name, { name, type, handle: handle as Subscriber<C>['handle'] });
  }

  /** The subscribers of one event type, in the order they subscribed. */
  of(type: EventType): Subscriber<C>[] {
    return [...this.byName.values()].filter((s) => s.type === type);
  }
}
