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
  /** Ends the live connections of a user (in one enterprise, or all). */
  disconnectUser(userId: string, renterId?: string): void;
  close(): Promise<void>;
}

export const room = {
  renter: (id: string) => `renter:${id}`,
  shop: (id: string) => `shop:${id}`,
  user: (id: string) => `user:${id}`,
  userInRenter: (userId: string, renterId: string) => `user:${userId}:renter:${renterId}`,
};

/** A hub that pushes nowhere, for tests that build the app without a listening server. */
export class NullHub implements Hub {
  readonly pushed: { to: string; event: string; payload: NoticePush }[] = [];
  toRenter(renterId: string, event: string, payload: NoticePush) {
    this.pushed.push({ to: room.renter(renterId), event, payload });
  }
  toUser(userId: string, event: string, payload: NoticePush) {
    this.pushed.push({ to: room.user(userId), event, payload });
  }
  disconnectUser() {}
  async close() {}
}

/** The socket.io hub at /hub; with REDIS_URL, instances share pushes through the Redis adapter. */
export async function createHub(server: HttpServer, deps: { db: Db; log: FastifyBaseLogger; redisUrl: string }): Promise<Hub> {
  const io = new Server(server, { path: HUB_PATH, serveClient: false, cors: { origin: true, credentials: true } });
  const closers: (() => Promise<unknown>)[] = [];
  if (deps.redisUrl) {
    const pub = createClient({ url: deps.redisUrl });
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
    disconnectUser(userId, renterId) {
      const r = renterId ? room.userInRenter(userId, renterId) : room.user(userId);
      io.to(r).emit('logout', { title: '下线通知', message: '您的登录已失效，请重新登录' });
      io.in(r).disconnectSockets(true);
    },
    async close() {
      // Not io.close(): that would also close the HTTP server, which Fastify owns.
      io.local.disconnectSockets(true);
      io.engine.close();
      await Promise.allSettled(closers.map((c) => c()));
    },
  };
}
