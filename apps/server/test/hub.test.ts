import type { AddressInfo } from 'node:net';
import { createClient } from 'redis';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { openTestDatabase } from './db';
import { makeApp, type Person, PWD, STRONG_PWD, type TestApp } from './helper';

const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

let database: Database;
let a: TestApp;
let b: TestApp;
let urlOfA: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  // Fail at once, with the reason, when Redis is not there: the adapter would otherwise retry forever.
  const probe = createClient({ url: REDIS_URL, socket: { reconnectStrategy: false, connectTimeout: 3000 } });
  probe.on('error', () => {});
  await probe.connect().catch((e: Error) => {
    throw new Error(`Redis at ${REDIS_URL} is needed for the realtime test: ${e.message}`);
  });
  await probe.quit();

  database = await openTestDatabase();
  a = await makeApp({ database, realtime: true, config: { redisUrl: REDIS_URL } });
  b = await makeApp({ database, realtime: true, config: { redisUrl: REDIS_URL } });
  await a.app.listen({ port: 0, host: '127.0.0.1' });
  await b.app.listen({ port: 0, host: '127.0.0.1' });
  urlOfA = `http://127.0.0.1:${(a.app.server.address() as AddressInfo).port}`;
});

afterEach(() => {
  for (const s of sockets.splice(0)) s.disconnect();
});

afterAll(async () => {
  await a?.close();
  await b?.close();
  await database?.close();
});

/** A console's realtime connection to instance A; listeners can be added before it connects. */
function client(token: string): Socket {
  const s = connect(urlOfA, { path: '/hub', auth: { token }, transports: ['websocket'], reconnection: false, autoConnect: false });
  sockets.push(s);
  return s;
}

function next<T = unknown>(s: Socket, event: string, ms = 5000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${ms} ms`)), ms);
    s.once(event, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}

/** Resolves true if the event arrives within ms, false otherwise. */
function arrives(s: Socket, event: string, ms: number): Promise<boolean> {
  return next(s, event, ms).then(
    () => true,
    () => false,
  );
}

async function connected(token: string): Promise<Socket> {
  const s = client(token);
  const welcome = next(s, 'welcome');
  s.connect();
  await welcome;
  return s;
}

describe('the realtime hub across two instances', () => {
  let owner: Person;
  beforeAll(async () => {
    owner = await b.registerOwner('实时通知店');
  });

  it('welcomes a console that connects with a live token', async () => {
    const s = client(owner.token);
    const welcome = next(s, 'welcome');
    s.connect();
    expect(await welcome).toEqual({ title: '欢迎', message: '实时通知已连接' });
  });

  it('refuses a connection with an invalid token, or none', async () => {
    for (const token of ['forged-token', '']) {
      const s = client(token);
      const refused = next<Error>(s, 'connect_error');
      s.connect();
      expect((await refused).message).toBe('unauthorized');
      expect(s.connected).toBe(false);
    }
  });

  it('refuses a token that has logged out', async () => {
    const token = await b.login(owner.phone, PWD);
    await b.ok('/api/Login/Logout', {}, token);
    const s = client(token);
    const refused = next<Error>(s, 'connect_error');
    s.connect();
    expect((await refused).message).toBe('unauthorized');
  });

  it('acknowledges connectedcallback and heartbeatcallback', async () => {
    const s = await connected(owner.token);
    const ids = { renterID: owner.renterId, shopID: '', partnerID: '', id: owner.userId, channel: 'console' };
    const ack = await s.timeout(5000).emitWithAck('connectedcallback', ids);
    expect(ack).toMatchObject({ code: 0, channel: 'connectedcallback' });
    expect(typeof ack.time).toBe('number');
    expect(await s.timeout(5000).emitWithAck('heartbeatcallback', ids)).toMatchObject({ code: 0, channel: 'heartbeatcallback' });
  });

  it('delivers to a console on instance A a notice pushed through instance B', async () => {
    const s = await connected(owner.token);
    const notice = next(s, 'receiveNotice');
    b.services.hub.toRenter(owner.renterId, 'receiveNotice', { title: '新订单', message: '您有一笔新订单待处理' });
    expect(await notice).toEqual({ title: '新订单', message: '您有一笔新订单待处理' });
  });

  it('delivers the security notice of a password change made on instance B', async () => {
    const p = await b.registerOwner('改密推送店');
    const s = await connected(p.token);
    const notice = next<{ title: string; message: string }>(s, 'receiveNotice');
    await b.ok('/Config/Renter/UpdatePwd', { oldpwd: PWD, newpwd: STRONG_PWD }, p.token);
    const got = await notice;
    expect(got.title).toBe('安全提醒');
    expect(got.message).toContain('其他设备上的登录已失效');
  });

  it("does not deliver one renter's notice to another renter's console", async () => {
    const other = await b.registerOwner('旁观店');
    const mine = await connected(owner.token);
    const theirs = await connected(other.token);
    const toMine = next(mine, 'receiveNotice');
    const leaked = arrives(theirs, 'receiveNotice', 1000);
    b.services.hub.toRenter(owner.renterId, 'receiveNotice', { title: '仅本店', message: '只发给实时通知店' });
    await toMine;
    expect(await leaked).toBe(false);
  });

  it('ends, with the reason, the open consoles of other devices when the password changes, and keeps the changer', async () => {
    const p = await b.registerOwner('多设备店');
    const otherDevice = await b.login(p.phone, PWD);
    const mine = await connected(p.token);
    const theirs = await connected(otherDevice);
    const told = next<{ message: string }>(theirs, 'logout');
    const dropped = next(theirs, 'disconnect');
    const mineDropped = arrives(mine, 'logout', 1500);
    await b.ok('/Config/Renter/UpdatePwd', { oldpwd: PWD, newpwd: STRONG_PWD }, p.token);
    expect((await told).message).toBe('密码已修改，请使用新密码重新登录');
    await dropped;
    expect(await mineDropped).toBe(false);
    expect(mine.connected).toBe(true);
  });

  it('drops the open console of a session that logs out, without a logout push', async () => {
    const token = await b.login(owner.phone, PWD);
    const s = await connected(token);
    const told = arrives(s, 'logout', 1500);
    const dropped = next(s, 'disconnect');
    await b.ok('/api/Login/Logout', {}, token);
    await dropped;
    expect(await told).toBe(false);
  });
});
