import { ended, startWorker, urlOf } from './processes';
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { inTx } from '@/core/context';
import { files, imageTransferItems, operLogs } from '@/db/schema';
import { makePng } from '@/modules/files/files.fixtures';
import { sendTransfer } from '@/modules/files/transfer.job';
import { makeApp, type Person, systemCtx, type TestApp } from './helper';
import { raceIt } from './race';

/**
 * 批量图片转存 with two worker processes on one PostgreSQL (each its own queue, two transfer jobs at once): every
 * address is fetched once and stored once, even with several jobs of the task running at the same time. PostgreSQL
 * only (vitest.config.ts): a PGlite data dir opens in one process.
 */
let t: TestApp;
let owner: Person;
let server: http.Server;
let base: string;
let dataDir: string;
const hits = new Map<string, number>();
const children: ChildProcess[] = [];

beforeAll(async () => {
  // Each image answers after a short wait, so the jobs of both processes are fetching at the same time.
  server = http.createServer((req, res) => {
    hits.set(req.url ?? '', (hits.get(req.url ?? '') ?? 0) + 1);
    setTimeout(() => res.writeHead(200).end(makePng(16, 16)), 30);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-transfers-'));
  t = await makeApp({ config: { dataDir, fetchAllowPrivate: true } });
  owner = await t.registerOwner('两个进程的转存店');
});
afterAll(async () => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

raceIt('two worker processes on one PostgreSQL never fetch one address twice', { timeout: 180_000 }, async () => {
  const url = urlOf(t.database.db);
  const env = { DATABASE_URL: url, DATA_DIR: dataDir };
  const urls = Array.from({ length: 80 }, (_, i) => `${base}/p${i}.png`);
  const { id } = await t.ok('/UpFile/TransferCreate', { urls, dirId: '0' }, owner.token);
  // Three more jobs of the task, as a retried job of a dead worker would add: four runs may take its addresses at once.
  await inTx(systemCtx(t), async (tx) => {
    for (let i = 0; i < 3; i++) await sendTransfer(tx, owner.renterId, id);
  });
  const [a, b] = await Promise.all([startWorker('transfer-worker.ts', env, children), startWorker('transfer-worker.ts', env, children)]);

  let detail = await t.ok('/UpFile/TransferDetail', { id }, owner.token);
  for (let i = 0; i < 1200 && detail.status !== 2; i++) {
    await new Promise((r) => setTimeout(r, 100));
    detail = await t.ok('/UpFile/TransferDetail', { id }, owner.token);
  }
  a.kill('SIGTERM');
  b.kill('SIGTERM');
  expect(await ended(a)).toBe(0);
  expect(await ended(b)).toBe(0);

  expect(detail).toMatchObject({ status: 2, total: 80, doneCount: 80, okCount: 80, failCount: 0 });
  expect(urls.map((u) => hits.get(new URL(u).pathname) ?? 0)).toEqual(Array(80).fill(1));
  const items = await t.db.select().from(imageTransferItems).where(eq(imageTransferItems.taskId, id));
  expect(new Set(items.map((x) => x.fileId)).size).toBe(80);
  const stored = await t.db
    .select({ id: files.id })
    .from(files)
    .where(and(eq(files.renterId, owner.renterId), eq(files.source, 'url')));
  expect(stored).toHaveLength(80);
  const logs = await t.db
    .select({ n: sql<number>`count(*)::int` })
    .from(operLogs)
    .where(and(eq(operLogs.renterId, owner.renterId), eq(operLogs.action, '提取网络图片')));
  expect(logs[0].n).toBe(80);
});
