import { ended, startWorker, urlOf } from './processes';
import type { ChildProcess } from 'node:child_process';
import { GOODS_SHEET_HEADERS, GOODS_SHEET_KEYS } from '@shop/contract';
import { and, count, countDistinct, eq, like, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { goods, goodsImports } from '@/db/schema';
import { multipart } from '@/modules/files/files.fixtures';
import { type AnyData, makeApp, type Person, type TestApp } from './helper';

/**
 * Done-when test of issue 13: a worker killed (SIGKILL) in the middle of a goods import, after at least one chunk
 * committed; another worker process finishes it with every goods exactly once. PostgreSQL only (vitest.config.ts): a
 * PGlite data dir opens in one process.
 */
let t: TestApp;
let owner: Person;
const children: ChildProcess[] = [];
const GOODS = 2000;
const CHUNK = 100;

beforeAll(async () => {
  t = await makeApp();
  owner = await t.registerOwner('崩溃导入店');
});
afterAll(async () => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  await t.close();
});

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function batchOf(id: string) {
  const [b] = await t.db.select().from(goodsImports).where(eq(goodsImports.id, id));
  return b;
}

async function checkFile(n: number): Promise<AnyData> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('商品');
  ws.addRow(GOODS_SHEET_KEYS.map((k) => GOODS_SHEET_HEADERS[k]));
  const cells: Partial<Record<string, string | number>> = {};
  for (let i = 0; i < n; i++) {
    Object.assign(cells, { title: `断电商品${i}`, price: 1, stock: 1 });
    ws.addRow(GOODS_SHEET_KEYS.map((k) => cells[k] ?? null));
  }
  const data = Buffer.from(await wb.xlsx.writeBuffer());
  const type = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
  const { payload, headers } = multipart([{ name: 'file', filename: 'goods.xlsx', type, data }]);
  const res = await t.app.inject({ method: 'POST', url: '/Goods/Goods/ImportCheck', payload, headers: { ...headers, token: owner.token } });
  const body = res.json() as { code: number; data: AnyData };
  expect(body.code).toBe(0);
  return body.data;
}

it('a worker killed mid import: another worker finishes it from the last committed chunk, every goods once', {
  timeout: 240_000,
}, async () => {
  const url = urlOf(t.db);
  const preview = await checkFile(GOODS);
  expect(preview.validGoods).toBe(GOODS);
  const first = await startWorker('import-worker.ts', { DATABASE_URL: url, IMPORT_CHUNK: String(CHUNK) }, children);
  expect((await t.call('/Goods/Goods/ImportConfirm', { id: preview.id }, owner.token)).body).toMatchObject({ code: 0 });

  // At least one chunk committed: kill -9.
  const running = async () => {
    const b = await batchOf(preview.id);
    return b.status === 4 && b.importedCount < CHUNK;
  };
  for (let i = 0; i < 6000 && (await running()); i++) await pause(20);
  expect(first.kill('SIGKILL')).toBe(true);
  await ended(first);
  expect(first.signalCode).toBe('SIGKILL');
  const killed = await batchOf(preview.id);
  expect(killed.status).toBe(4);
  expect(killed.importedCount).toBeGreaterThanOrEqual(CHUNK);
  expect(killed.importedCount).toBeLessThan(GOODS);

  // Time passes: the dead worker's run outlives its expireInSeconds (pg-boss's maintenance then puts it back for a
  // retry). Moving its start back by that much stands for the wait.
  await t.db.execute(
    sql`update pgboss.job set started_on = started_on - expire_in - interval '1 second' where name = 'goods.import' and state = 'active'`,
  );
  const second = await startWorker('import-worker.ts', { DATABASE_URL: url, IMPORT_CHUNK: String(CHUNK) }, children);
  // Until the batch is done and the dead worker's run came back and ran (a no-op if its chunk had committed).
  const left = async () => {
    const { rows } = (await t.db.execute(
      sql`select count(*)::int as n from pgboss.job where name = 'goods.import' and state <> 'completed'`,
    )) as unknown as { rows: { n: number }[] };
    return rows[0].n;
  };
  for (let i = 0; i < 2400 && ((await batchOf(preview.id)).status === 4 || (await left()) > 0); i++) await pause(50);
  expect(await left()).toBe(0);
  second.kill('SIGTERM');
  await ended(second);

  const done = await batchOf(preview.id);
  expect(done).toMatchObject({ status: 2, importedCount: GOODS });
  const [n] = await t.db
    .select({ all: count(), titles: countDistinct(goods.title), nos: countDistinct(goods.goodsNo) })
    .from(goods)
    .where(and(eq(goods.renterId, owner.renterId), like(goods.title, '断电商品%')));
  expect(n).toEqual({ all: GOODS, titles: GOODS, nos: GOODS });
  expect((await t.ok('/Goods/Goods/ImportDetail', { id: preview.id }, owner.token)).result).toEqual({
    created: GOODS,
    updated: 0,
    unchanged: 0,
    skipped: 0,
  });
});
