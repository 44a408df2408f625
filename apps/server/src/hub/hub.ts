import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyBaseLogger } from 'fastify';
import { createClient } from 'redis';
import { Server, type Socket } from 'socket.io';
import type { Db } from '../db/client';
import { resolveSession } from '../core/auth';

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

/** The socket.io hub at /hub; with REDIS_URL, instances share pushes through the Redis adapter. */
export async function createHub(server: HttpServer, deps: { db: Db; log: FastifyBaseLogger; redisUrl: string }): Promise<Hub> {
  const io = new Server(server, { path: HUB_PATH, serveClient: false, cors: { origin: true, credentials: true } });
  const closers: (() => Promise<unknown>)[] = [];
  if (deps.redisUrl) {
    // Give up after a few tries instead of hanging the start forever when Redis is unreachable.
    const pub = createClient({
      url: deps.redisUrl,
      socket: { connectTimeout: 5000, reconnectStrategy: (retries) => (retries > 5 ? new Error('Redis 无法连接') : 500) },
    });
    const sub = pub.duplicate();
    pub.on('error', (err) => deps.log.error({ err }, 'redis pub error'));
    sub.on('error', (err) => deps.log.error({ err }, 'redis sub error'));
    await Promise.all([pub.connect(), sub.connect()]);
    io.adapter(createAdapter(pub, sub));
    closers.push(
      () => pub.quit(),
      () => sub.quit(),
    );
  }

  io.use(async (socket, next) => {
    const token = String(socket.handshake.auth?.token ?? socket.handshake.query?.token ?? '');
    const session = token ? await resolveSession(deps.db, token).catch(() => null) : null;
    if (!session) return next(new Error('unauthorized'));
    socket.data.session = session;
    next();
  });

  io.on('connection', (socket: Socket) => {
    const s = socket.data.session as Awaited<ReturnType<typeof resolveSession>> & object;
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
