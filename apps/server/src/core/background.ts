import type { Ctx } from './context';

/**
 * Background work of this process (started after the commit that queued it, resumed at start by startJobs): runs per
 * key one after the other, stops taking new work at shutdown, and lets tests wait until everything is done. Shared by
 * the image transfers (files) and the goods import.
 */
export function keyedRunner() {
  const chains = new Map<string, Promise<void>>();
  let stopping = false;
  return {
    /** True from stop() until the next start(): loops stop taking new steps. */
    get stopping() {
      return stopping;
    },
    /** Runs fn after the work already queued for key; a failure goes to onError, never to the caller. */
    run(key: string, fn: () => Promise<void>, onError: (err: unknown) => void): Promise<void> {
      const prev = chains.get(key) ?? Promise.resolve();
      const mine = prev
        .then(() => (stopping ? undefined : fn()))
        .catch(onError)
        .finally(() => {
          if (chains.get(key) === mine) chains.delete(key);
        });
      chains.set(key, mine);
      return mine;
    },
    start() {
      stopping = false;
    },
    /** At shutdown: nothing new starts; the work under way finishes. */
    async stop() {
      stopping = true;
      await Promise.allSettled([...chains.values()]);
    },
    /** Tests: waits for every piece of work this process is running. */
    async idle() {
      while (chains.size > 0) await Promise.allSettled([...chains.values()]);
    },
  };
}

/** Sends the latest value at most every everyMs (the first at once); flush sends the pending one now. */
export function throttled<T>(send: (value: T) => void, everyMs: number) {
  let last = 0;
  let pending: T | null = null;
  let timer: NodeJS.Timeout | null = null;
  const fire = () => {
    timer = null;
    if (pending === null) return;
    last = Date.now();
    const v = pending;
    pending = null;
    send(v);
  };
  return {
    push(value: T) {
      pending = value;
      if (timer) return;
      const wait = everyMs - (Date.now() - last);
      if (wait <= 0) fire();
      else timer = setTimeout(fire, wait);
    },
    flush(value?: T) {
      if (value !== undefined) pending = value;
      if (timer) clearTimeout(timer);
      fire();
    },
  };
}

/**
 * The context of background work done for a user: it has no request, so it carries a session of that user in the
 * enterprise (no shop, no grants).
 */
export function backgroundCtx(base: Ctx, o: { renterId: string; userId: string; reqId: string; userAgent: string }): Ctx {
  return {
    db: base.db,
    reqId: o.reqId,
    ip: '',
    userAgent: o.userAgent,
    log: base.log,
    services: base.services,
    session: {
      sessionId: '',
      userId: o.userId,
      renterId: o.renterId,
      shopId: null,
      staffId: null,
      roleId: null,
      isOwner: false,
      grants: new Set(),
    },
  };
}
