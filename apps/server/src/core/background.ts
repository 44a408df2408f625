import { renterDb } from '@/db/rls';
import type { Ctx } from './context';

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
    // Bound to the renter it works for (row-level security), whatever handle the runner claimed the work with.
    db: renterDb(base.db, o.renterId),
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
