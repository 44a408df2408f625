import { setTimeout as sleep } from 'node:timers/promises';
import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyBaseLogger } from 'fastify';
import { createClient } from 'redis';
import { Server, type Socket } from 'socket.io';

export const HUB_PATH = '/hub';

/** A pushed notice (spec 000 §4): title and message. */
export interface NoticePush {
  title: string;
  message: string;
  link?: string;
}

export interface Hub {
  toRenter(renterId: string, event: 'receiveNotice' | 'receiveTTSNotice', payload: NoticePush): void;
  toUser(userId: string, event: 'receiveNotice' | 'receiveTTSNotice' | 'logout', payload: NoticePush): void;
  /** A data event for screens that watch background work (no notice is shown), e.g. transferProgress. */
  dataToRenter(renterId: string, event: string, payload: object): void;
  /**
   * Ends live connections whose session has ended, telling each console why when a reason is given (a console that
   * ended its own session itself, by logout or switching enterprise, needs no word): every connection of the user
   * (optionally but one session), or those of one session.
   */
  endSessions(target: { userId: string; exceptSessionId?: string } | { sessionId: string }, reason?: string): void;
  close(): Promise<void>;
}

export const room = {
  renter: (id: string) => `renter:${id}`,
  shop: (id: string) => `shop:${id}`,
  user: (id: string) => `user:${id}`,
  userInRenter: (userId: string, renterId: string) => `user:${userId}:renter:${renterId}`,
  session: (id: string) => `session:${id}`,
};

/** A hub that pushes nowhere, for tests that build the app without a listening server. */
export class NullHub implements Hub {
  readonly pushed: { to: string; event: string; payload: NoticePush }[] = [];
  readonly ended: { target: object; reason: string }[] = [];
  toRenter(renterId: string, event: string, payload: NoticePush) {
    this.pushed.push({ to: room.renter(renterId), event, payload });
  }
  toUser(userId: string, event: string, payload: NoticePush) {
    this.pushed.push({ to: room.user(userId), event, payload });
  }
  readonly data: { to: string; event: string; payload: object }[] = [];
  dataToRenter(renterId: string, event: string, payload: object) {
    this.data.push({ to: room.renter(renterId), event, payload });
  }
  endSessions(target: object, reason = '') {
    this.ended.push({ target, reason });
  }
  async close() {}
}

/** Longest wait between two tries to reach Redis again; it is tried again forever. */
export const REDIS_RETRY_MAX_MS = 5000;
/** How long closing waits for Redis to answer QUIT before it drops the connection. */
const QUIT_WAIT_MS = 2000;

const SUBSCRIBE = new Set(['subscribe', 'SUBSCRIBE', 'pSubscribe', 'PSUBSCRIBE', 'sSubscribe', 'SSUBSCRIBE']);

/**
 * The client as the adapter sees it. A failed command never goes unhandled: the adapter publishes without waiting for
 * the answer, so a push while Redis is away would otherwise be an unhandled rejection (a caller that awaits still gets
 * the failure). A subscription asked for before the first connection waits for it: node-redis would otherwise send it
 * twice on connecting (queued, and again as a resubscription) and lose track of the replies. After that, node-redis
 * renews the subscriptions itself on every reconnection. Methods run on the real client (it keeps private fields).
 */
function forAdapter<T extends { isReady: boolean; once(event: 'ready', fn: () => void): unknown }>(
  client: T,
  waiting: Promise<unknown>[],
): T {
  return new Proxy(client, {
    get(target, prop) {
      const v = Reflect.get(target, prop, target);
      if (typeof v !== 'function') return v;
      return (...args: unknown[]) => {
        if (SUBSCRIBE.has(String(prop)) && !target.isReady) {
          const later = new Promise((resolve) => target.once('ready', () => resolve(v.apply(target, args))));
          later.catch(() => {});
          waiting.push(later);
          return later;
        }
        const r = v.apply(target, args);
        if (r instanceof Promise) r.catch(() => {});
        return r;
      };
    },
  });
}

/**
 * The Redis adapter, attached at once whether Redis answers or not. While Redis is away every push still reaches the
 * consoles of this instance (the adapter delivers locally before publishing) and the publish fails at once (no
 * queue of stale pushes); both clients try again forever, at most REDIS_RETRY_MAX_MS apart, and the subscriber
 * renews its subscriptions on reconnecting, so the instances share pushes again without a restart.
 */
async function attachRedis(io: Server, url: string, log: FastifyBaseLogger): Promise<() => Promise<void>> {
  const socket = {
    connectTimeout: 5000,
    reconnectStrategy: (retries: number) => Math.min(200 * 2 ** retries, REDIS_RETRY_MAX_MS),
  };
  const pub = createClient({ url, socket, disableOfflineQueue: true });
  const sub = createClient({ url, socket });
  for (const [name, c] of [
    ['pub', pub],
    ['sub', sub],
  ] as const) {
    let down = false;
    c.on('error', (err) => {
      // One warning when Redis goes away (or is not there at start), not one per try.
      if (!down) log.warn({ err, client: name }, 'Redis unreachable: pushes reach this instance only; trying again');
      down = true;
    });
    c.on('ready', () => {
      if (down) log.info({ client: name }, 'Redis reachable again: pushes are shared between instances');
      down = false;
    });
  }
  const subscriptions: Promise<unknown>[] = [];
  io.adapter(createAdapter(forAdapter(pub, []), forAdapter(sub, subscriptions)));
  // At start, wait for Redis's first answer (connected and subscribed, or refused / timed out), then go on either way.
  const firstAnswer = Promise.all(
    [pub, sub].map((c) => new Promise<void>((resolve) => c.once('ready', resolve).once('error', () => resolve()))),
  );
  for (const c of [pub, sub]) c.connect().catch((err) => log.warn({ err }, 'Redis client stopped'));
  await firstAnswer;
  if (sub.isReady) await Promise.allSettled(subscriptions);
  // Closing never waits on Redis for long: a QUIT that has no answer within QUIT_WAIT_MS is followed by a disconnect.
  const close = async (c: typeof pub) => {
    if (c.isReady) {
      const answered = await Promise.race([
        c.quit().then(
          () => true,
          () => false,
        ),
        sleep(QUIT_WAIT_MS).then(() => false),
      ]);
      if (answered) return;
    }
    if (c.isOpen) await c.disconnect().catch(() => {});
  };
  return async () => {
    await Promise.allSettled([close(pub), close(sub)]);
  };
}

/** The socket.io hub at /hub; with REDIS_URL, instances share pushes through the Redis adapter. */
/** Who a console connection is: what the hub needs of a session to put the socket in its rooms. */
export interface HubSession {
  sessionId: string;
  userId: string;
  renterId: string | null;
  shopId: string | null;
}

export interface HubDeps {
  /** The session of a console's token, or null (core/auth's resolveSession, given by app.ts). */
  authenticate: (token: string) => Promise<HubSession | null>;
  log: FastifyBaseLogger;
  redisUrl: string;
}

export async function createHub(server: HttpServer, deps: HubDeps): Promise<Hub> {
  const io = new Server(server, { path: HUB_PATH, serveClient: false, cors: { origin: true, credentials: true } });
  const closers: (() => Promise<unknown>)[] = [];
  if (deps.redisUrl) closers.push(await attachRedis(io, deps.redisUrl, deps.log));

  io.use(async (socket, next) => {
    const token = String(socket.handshake.auth?.token ?? socket.handshake.query?.token ?? '');
    const session = token
      ? await deps.authenticate(token).catch((err) => {
          deps.log.warn({ err }, 'hub: session not resolved');
          return null;
        })
      : null;
    if (!session) return next(new Error('unauthorized'));
    socket.data.session = session;
    next();
  });

  io.on('connection', (socket: Socket) => {
    const s = socket.data.session as HubSession;
    socket.join(room.user(s.userId));
    socket.join(room.session(s.sessionId));
    if (s.renterId) {
      socket.join(room.renter(s.renterId));
      socket.join(room.userInRenter(s.userId, s.renterId));
    }
    if (s.shopId) socket.join(room.shop(s.shopId));
    socket.emit('welcome', { title: '欢迎', message: '实时通知已连接' });
    const ack = (channel: string) => (payload: unknown, cb?: (r: unknown) => void) => {
      deps.log.debug({ channel, payload, user: s.userId }, 'hub callback');
      if (typeof cb === 'function') cb({ code: 0, channel, time: Date.now() });
    };
    socket.on('connectedcallback', ack('connectedcallback'));
    socket.on('heartbeatcallback', ack('heartbeatcallback'));
  });

  return {
    toRenter(renterId, event, payload) {
      io.to(room.renter(renterId)).emit(event, payload);
    },
    toUser(userId, event, payload) {
      io.to(room.user(userId)).emit(event, payload);
    },
    dataToRenter(renterId, event, payload) {
      io.to(room.renter(renterId)).emit(event, payload);
    },
    endSessions(target, reason) {
      const payload = { title: '下线通知', message: reason ?? '' };
      if ('sessionId' in target) {
        if (reason) io.to(room.session(target.sessionId)).emit('logout', payload);
        io.in(room.session(target.sessionId)).disconnectSockets(true);
        return;
      }
      const others = target.exceptSessionId
        ? io.to(room.user(target.userId)).except(room.session(target.exceptSessionId))
        : io.to(room.user(target.userId));
      if (reason) others.emit('logout', payload);
      const sockets = target.exceptSessionId
        ? io.in(room.user(target.userId)).except(room.session(target.exceptSessionId))
        : io.in(room.user(target.userId));
      sockets.disconnectSockets(true);
    },
    async close() {
      // Not io.close(): that would also close the HTTP server, which Fastify owns.
      io.local.disconnectSockets(true);
      io.engine.close();
      await Promise.allSettled(closers.map((c) => c()));
    },
  };
}
