import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { openTestDatabase } from './db';
import { makeApp, type Person, type TestApp } from './helper';
import { type PrivateRedis, privateRedis, until } from './real-parts';

// Redis is not there when the two instances start: its port is chosen now, its server started later in the test.
let redis: PrivateRedis;
let database: Database;
let a: TestApp;
let b: TestApp;
let owner: Person;
const sockets: Socket[] = [];

beforeAll(async () => {
  redis = await privateRedis({ started: false });
  database = await openTestDatabase();
  a = await makeApp({ database, realtime: true, config: { redisUrl: redis.url } });
  b = await makeApp({ database, realtime: true, config: { redisUrl: redis.url } });
  await a.app.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await a?.close();
  await b?.close();
  await database?.close();
  await redis?.kill();
});

/** A console connected to instance A, with every receiveNotice it gets. */
async function consoleOnA(token: string): Promise<{ socket: Socket; notices: { title: string }[] }> {
  const url = `http://127.0.0.1:${(a.app.server.address() as AddressInfo).port}`;
  const socket = connect(url, { path: '/hub', auth: { token }, transports: ['websocket'], reconnection: false });
  sockets.push(socket);
  const notices: { title: string }[] = [];
  socket.on('receiveNotice', (n) => notices.push(n));
  await new Promise<void>((resolve, reject) => {
    socket.once('welcome', () => resolve());
    socket.once('connect_error', reject);
  });
  return { socket, notices };
}

describe('the hub while Redis is away', () => {
  it('starts without Redis, serves the API, pushes to its own consoles, and shares pushes once Redis comes', async () => {
    // Both instances started although nothing listens on REDIS_URL; the API answers.
    owner = await b.registerOwner('无缓存店');
    expect((await a.call('/Sys/Staff/GetUserInfo', {}, owner.token)).body.code).toBe(0);

    // A push on A reaches A's console (local broadcast); one on B stays on B for now, without failing.
    const { notices } = await consoleOnA(owner.token);
    a.services.hub.toRenter(owner.renterId, 'receiveNotice', { title: '本机通知', message: '只在本实例' });
    b.services.hub.toRenter(owner.renterId, 'receiveNotice', { title: '暂不共享', message: 'Redis 未连接' });
    await until(() => notices.length > 0, 5000, 'the local push');
    expect(notices.map((n) => n.title)).toEqual(['本机通知']);

    // Redis starts on that port: both instances reach it by themselves, and a push through B reaches A's console.
    await redis.start();
    await until(
      () => {
        b.services.hub.toRenter(owner.renterId, 'receiveNotice', { title: '跨实例通知', message: '经 Redis 转发' });
        return notices.some((n) => n.title === '跨实例通知');
      },
      20_000,
      'a push through B reaching the console on A',
      500,
    );
  });
});
