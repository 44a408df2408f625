import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { IMAGE_TYPE_MSG, TRANSFER_PROGRESS_EVENT } from '@shop/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTx } from '@/core/context';
import { files, imageTransferItems, imageTransferTasks, operLogs } from '@/db/schema';
import { TRANSFER_JOB } from '@/modules/files';
import { makePng } from '@/modules/files/files.fixtures';
import { sendTransfer } from '@/modules/files/transfer.job';
import { makeApp, type Person, systemCtx, type TestApp } from './helper';

const U = (name: string) => `/UpFile/${name}`;

let t: TestApp; // FETCH_ALLOW_PRIVATE for the local test server
let strict: TestApp; // the default: private and loopback refused
let quick: TestApp; // a short per-address time limit
let dataDir: string;
let server: http.Server;
let base: string;
let alice: Person;
let bob: Person;
let dir: string;
const hits: string[] = [];
const held: http.ServerResponse[] = [];
let missingServes = false;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    hits.push(req.url ?? '');
    if (req.url === '/a.png' || req.url === '/a-again.png') return res.writeHead(200).end(makePng(64, 32));
    if (req.url === '/b.png') return res.writeHead(200).end(makePng(40, 40));
    if (req.url === '/page.html') return res.writeHead(200, { 'content-type': 'image/png' }).end('<html>not an image</html>');
    if (req.url === '/hold.png') return held.push(res); // answered when the test says so
    if (req.url === '/never.png') return; // never answers
    if (req.url === '/missing.png' && missingServes) return res.writeHead(200).end(makePng(10, 10));
    return res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-transfer-'));
  t = await makeApp({ config: { dataDir, fetchAllowPrivate: true, fetchTimeoutMs: 10_000 } });
  strict = await makeApp({ database: t.database, config: { dataDir } });
  quick = await makeApp({ database: t.database, config: { dataDir, fetchAllowPrivate: true, fetchTimeoutMs: 300 } });
  alice = await t.registerOwner('爱丽丝花店');
  bob = await t.registerOwner('鲍勃茶铺');
  dir = (await t.ok('/UpFile/Material/AddDir', { parentId: '0', name: '转存' }, alice.token)).id;
});
afterAll(async () => {
  for (const res of held) res.destroy();
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
  await quick.close();
  await strict.close();
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Waits until the condition holds on the task's detail (the console polls the same call). */
async function detailUntil(
  app: TestApp,
  id: string,
  token: string,
  cond: (d: { status: number; doneCount: number; total: number }) => boolean,
) {
  for (let i = 0; i < 400; i++) {
    const d = await app.ok(U('TransferDetail'), { id }, token);
    if (cond(d)) return d;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('the task never reached the expected state');
}

/**
 * Runs the transfer jobs that may start now in the app's process until none is left (the workers are not started in
 * tests); answers how many runs there were. Not awaited while an address is held.
 */
const runJobs = (app: TestApp) => app.services.jobs.runDue([TRANSFER_JOB]);

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;
/** The transfer jobs of a task in the queue (any state). */
async function jobsOf(taskId: string) {
  return rowsOf<{ state: string; start_after: Date }>(
    await t.db.execute(sql`select state, start_after from pgboss.job where name = ${TRANSFER_JOB} and data->>'taskId' = ${taskId}`),
  );
}

async function items(app: TestApp, id: string, token: string, status = -1) {
  return (await app.ok(U('TransferItems'), { id, status, page_index: 1, page_size: 50 }, token)).rows;
}

describe('TransferCreate and the background run', () => {
  it('fetches each distinct address once into the directory, records a result per line, and pushes progress', async () => {
    const urls = [
      `${base}/a.png`,
      '',
      `  ${base}/page.html  `,
      `${base}/missing.png`,
      `${base}/a.png`,
      `${base}/hold.png`,
      `${base}/b.png`,
    ];
    const before = hits.filter((h) => h === '/a.png').length;
    const r = await t.call(U('TransferCreate'), { urls, dirId: dir }, alice.token);
    expect(r.body).toMatchObject({ code: 0, msg: '已开始转存，共5张（重复的1条只转存一次）', data: { total: 5, duplicates: 1 } });
    const id = r.body.data.id;
    expect((await jobsOf(id)).map((j) => j.state)).toEqual(['created']);

    // Everything but the held address finishes; the task is still running and says so.
    const running = runJobs(t);
    const midway = await detailUntil(t, id, alice.token, (d) => d.doneCount === 4);
    expect(midway).toMatchObject({ status: 1, total: 5, doneCount: 4, okCount: 2, failCount: 2, finishTime: '', dirName: '转存' });
    expect((await items(t, id, alice.token, 0)).map((x: { url: string }) => x.url)).toEqual([`${base}/hold.png`]);

    held.shift()?.writeHead(200).end(makePng(20, 10));
    await running;
    const done = await detailUntil(t, id, alice.token, (d) => d.status === 2);
    expect(done).toMatchObject({ status: 2, total: 5, doneCount: 5, okCount: 3, failCount: 2, dirId: dir });
    expect(done.finishTime).not.toBe('');

    const rows = await items(t, id, alice.token);
    expect(rows.map((x: { seq: number; url: string; status: number; error: string }) => [x.seq, x.url, x.status, x.error])).toEqual([
      [1, `${base}/a.png`, 1, ''],
      [2, `${base}/page.html`, 2, IMAGE_TYPE_MSG],
      [3, `${base}/missing.png`, 2, '图片地址无法访问（HTTP 404）'],
      [4, `${base}/hold.png`, 1, ''],
      [5, `${base}/b.png`, 1, ''],
    ]);
    expect(hits.filter((h) => h === '/a.png').length - before).toBe(1);
    const saved = rows.filter((x: { status: number }) => x.status === 1);
    for (const x of saved) {
      expect(x.fileUrl).toMatch(new RegExp(`^/file/${alice.renterId}/`));
      expect(x.thumbUrl).toMatch(/\.thumb\.webp$/);
      expect((await t.app.inject({ method: 'GET', url: x.thumbUrl })).statusCode).toBe(200);
    }
    expect((await items(t, id, alice.token, 2)).map((x: { seq: number }) => x.seq)).toEqual([2, 3]);

    // The images are in the library's directory, fetched from the web, each with its log row.
    const page = await t.ok('/UpFile/Material/GetFilePage', { dirId: dir, page_index: 1, page_size: 50 }, alice.token);
    const inDir = page.rows.filter((f: { id: string }) => saved.some((x: { fileId: string }) => x.fileId === f.id));
    expect(inDir.map((f: { name: string; source: string }) => [f.name, f.source]).sort()).toEqual([
      ['a.png', 'url'],
      ['b.png', 'url'],
      ['hold.png', 'url'],
    ]);
    const logs = await t.db
      .select({ action: operLogs.action, userId: operLogs.userId })
      .from(operLogs)
      .where(and(eq(operLogs.renterId, alice.renterId)));
    expect(logs.filter((l) => l.action === '批量图片转存')).toHaveLength(1);
    const fetched = logs.filter((l) => l.action === '提取网络图片');
    expect(fetched.length).toBeGreaterThanOrEqual(3);
    expect(fetched.every((l) => l.userId === alice.userId)).toBe(true);

    // Progress went to the enterprise's room as it moved; the last push is the finished task.
    const pushes = t.hub.data.filter((p) => p.event === TRANSFER_PROGRESS_EVENT && (p.payload as { id: string }).id === id);
    expect(pushes.every((p) => p.to === `renter:${alice.renterId}`)).toBe(true);
    expect(pushes.length).toBeGreaterThanOrEqual(2);
    expect(pushes.at(-1)?.payload).toEqual({ id, status: 2, total: 5, doneCount: 5, okCount: 3, failCount: 2 });
  });

  it('gives up on an address that does not answer within the time limit', async () => {
    const { id } = await quick.ok(U('TransferCreate'), { urls: [`${base}/never.png`, `${base}/b.png`], dirId: '0' }, alice.token);
    await runJobs(quick);
    await detailUntil(quick, id, alice.token, (d) => d.status === 2);
    const rows = await items(quick, id, alice.token);
    expect(rows.map((x: { status: number; error: string }) => [x.status, x.error])).toEqual([
      [2, '图片下载超时'],
      [1, ''],
    ]);
    expect((await quick.ok(U('TransferDetail'), { id }, alice.token)).dirName).toBe('未分组');
  });

  it('refuses loopback, private and link-local addresses by default, without connecting', async () => {
    const port = (server.address() as AddressInfo).port;
    const urls = [
      `${base}/a.png`,
      `http://localhost:${port}/a-again.png`,
      `http://[::1]:${port}/a-again.png`,
      'http://169.254.169.254/latest/meta-data',
      'http://10.0.0.1/a.png',
    ];
    const before = hits.length;
    const { id } = await strict.ok(U('TransferCreate'), { urls, dirId: dir }, alice.token);
    await runJobs(strict);
    const done = await detailUntil(strict, id, alice.token, (d) => d.status === 2);
    expect(done).toMatchObject({ okCount: 0, failCount: 5 });
    expect((await items(strict, id, alice.token)).map((x: { error: string }) => x.error)).toEqual(Array(5).fill('不能提取内网地址的图片'));
    expect(hits.length).toBe(before);
  });

  it('refuses a list with a line that is not an http(s) address, naming the line', async () => {
    const r = await t.call(
      U('TransferCreate'),
      { urls: [`${base}/a.png`, '', 'ftp://example.com/a.png', 'not a url'], dirId: '0' },
      alice.token,
    );
    expect(r.body).toMatchObject({ code: 1001, msg: '第3行：只能转存 http 或 https 地址的图片' });
    expect(r.body.data.errors).toEqual([
      { field: 'urls.2', msg: '第3行：只能转存 http 或 https 地址的图片' },
      { field: 'urls.3', msg: '第4行：图片地址格式不正确' },
    ]);
    const long = `http://example.com/${'a'.repeat(2100)}.png`;
    expect((await t.call(U('TransferCreate'), { urls: [long] }, alice.token)).body.msg).toBe('第1行：图片地址不能超过2048个字符');
    expect((await t.call(U('TransferCreate'), { urls: ['http://u:p@example.com/a.png'] }, alice.token)).body.msg).toBe(
      '第1行：图片地址不能包含账号密码',
    );
    expect((await t.call(U('TransferCreate'), { urls: ['', '  '] }, alice.token)).body.msg).toBe('请输入图片地址');
    const many = Array.from({ length: 501 }, (_, i) => `http://example.com/${i}.png`);
    expect((await t.call(U('TransferCreate'), { urls: many }, alice.token)).body.msg).toBe('一次最多转存500张图片');
    // 500 distinct plus repeats is fine as far as the count goes (checked here without running: another enterprise's directory).
    expect((await t.call(U('TransferCreate'), { urls: [...many.slice(0, 500), many[0]], dirId: dir }, bob.token)).body).toMatchObject({
      code: 1004,
      msg: '目录不存在或已删除',
    });
    const tasks = await t.db.select().from(imageTransferTasks).where(eq(imageTransferTasks.renterId, bob.renterId));
    expect(tasks).toHaveLength(0);
  });
});

describe('TransferRetry, TransferList and access', () => {
  it('retries only the failed addresses of a finished task', async () => {
    missingServes = false;
    const { id } = await t.ok(U('TransferCreate'), { urls: [`${base}/b.png`, `${base}/missing.png`], dirId: dir }, alice.token);
    await runJobs(t);
    await detailUntil(t, id, alice.token, (d) => d.status === 2);
    const firstOk = (await items(t, id, alice.token, 1))[0];

    missingServes = true;
    const r = await t.call(U('TransferRetry'), { id }, alice.token);
    expect(r.body).toMatchObject({ code: 0, msg: '已重新转存失败的1张', data: { id, total: 1 } });
    expect(await runJobs(t)).toBe(1);
    const done = await detailUntil(t, id, alice.token, (d) => d.status === 2);
    expect(done).toMatchObject({ total: 2, doneCount: 2, okCount: 2, failCount: 0 });
    const rows = await items(t, id, alice.token);
    expect(rows.map((x: { status: number }) => x.status)).toEqual([1, 1]);
    expect(rows[0].fileId).toBe(firstOk.fileId); // the one that had worked was not fetched again

    expect((await t.call(U('TransferRetry'), { id }, alice.token)).body).toMatchObject({ code: 1, msg: '没有失败的图片需要重试' });
  });

  it('does not retry a task still running', async () => {
    const { id } = await t.ok(U('TransferCreate'), { urls: [`${base}/hold.png`], dirId: '0' }, alice.token);
    const running = runJobs(t);
    await detailUntil(t, id, alice.token, (d) => d.status === 1 && held.length > 0);
    expect((await t.call(U('TransferRetry'), { id }, alice.token)).body.msg).toBe('任务正在转存中，请等待完成后再重试');
    held.shift()?.writeHead(404).end();
    await running;
    await detailUntil(t, id, alice.token, (d) => d.status === 2);
  });

  it('lists the enterprise’s tasks, newest first, paged', async () => {
    const all = await t.ok(U('TransferList'), { page_index: 1, page_size: 50 }, alice.token);
    expect(all.total_count).toBeGreaterThanOrEqual(5);
    const times = all.rows.map((x: { createTime: string }) => x.createTime);
    expect([...times].sort().reverse()).toEqual(times);
    const firstPage = await t.ok(U('TransferList'), { page_index: 1, page_size: 2 }, alice.token);
    expect(firstPage.rows.map((x: { id: string }) => x.id)).toEqual(all.rows.slice(0, 2).map((x: { id: string }) => x.id));
    expect((await t.ok(U('TransferList'), { page_index: 1, page_size: 10 }, bob.token)).total_count).toBe(0);
  });

  it('needs the BatchTransferTool grant, and another enterprise’s task answers like an unknown one', async () => {
    const [task] = await t.db.select().from(imageTransferTasks).where(eq(imageTransferTasks.renterId, alice.renterId)).limit(1);
    const designer = await t.addMember(alice.renterId, ['material']);
    const tool = await t.addMember(alice.renterId, ['BatchTransferTool']);
    expect((await t.call(U('TransferCreate'), { urls: [`${base}/b.png`] }, designer.token)).body).toMatchObject({ code: 1003 });
    expect((await t.call(U('TransferDetail'), { id: task.id }, designer.token)).body).toMatchObject({ code: 1003 });
    expect((await t.ok(U('TransferDetail'), { id: task.id }, tool.token)).id).toBe(task.id);
    for (const name of ['TransferDetail', 'TransferItems', 'TransferRetry']) {
      expect((await t.call(U(name), { id: task.id }, bob.token)).body, name).toMatchObject({ code: 1004, msg: '转存任务不存在' });
    }
  });
});

describe('the files.transfer job', () => {
  it('a create that rolls back sends no job', async () => {
    // The create's log row fails, after the task, its items and its job were written in the same transaction.
    await t.db.execute(sql`create function refuse_transfer_log() returns trigger language plpgsql as $$
      begin if new.action = '批量图片转存' then raise exception '日志写入失败'; end if; return new; end $$`);
    await t.db.execute(
      sql`create trigger refuse_transfer_log before insert on oper_logs for each row execute function refuse_transfer_log()`,
    );
    const count = async (q: ReturnType<typeof sql>) => rowsOf<{ n: number }>(await t.db.execute(q))[0].n;
    const jobs = sql`select count(*)::int as n from pgboss.job where name = ${TRANSFER_JOB}`;
    const tasks = sql`select count(*)::int as n from image_transfer_tasks where renter_id = ${alice.renterId}`;
    const [jobsBefore, tasksBefore, hitsBefore] = [await count(jobs), await count(tasks), hits.length];
    try {
      const r = await t.call(U('TransferCreate'), { urls: [`${base}/b.png`], dirId: dir }, alice.token);
      expect(r.body.code).not.toBe(0);
    } finally {
      await t.db.execute(sql`drop trigger refuse_transfer_log on oper_logs`);
      await t.db.execute(sql`drop function refuse_transfer_log()`);
    }
    expect(await count(jobs)).toBe(jobsBefore);
    expect(await count(tasks)).toBe(tasksBefore);
    expect(await runJobs(t)).toBe(0);
    expect(hits.length).toBe(hitsBefore);
  });

  it('a job run again (a retry after a crash, a duplicate) fetches only the waiting addresses, and nothing once the task is done', async () => {
    const [file] = await t.db.select().from(files).where(eq(files.renterId, alice.renterId)).limit(1);
    const [task] = await t.db
      .insert(imageTransferTasks)
      .values({ renterId: alice.renterId, dirId: dir, status: 1, total: 3, doneCount: 1, okCount: 1, createdBy: alice.userId })
      .returning();
    await t.db.insert(imageTransferItems).values([
      { renterId: alice.renterId, taskId: task.id, seq: 1, url: `${base}/a.png`, status: 1, fileId: file.id, fileUrl: file.url },
      { renterId: alice.renterId, taskId: task.id, seq: 2, url: `${base}/b.png` },
      { renterId: alice.renterId, taskId: task.id, seq: 3, url: `${base}/page.html` },
    ]);
    const count = (u: string) => hits.filter((h) => h === u).length;
    const [a, b, page] = [count('/a.png'), count('/b.png'), count('/page.html')];
    // Two jobs of the task, as after a worker died (its job retried) while its next one was already queued.
    await inTx(systemCtx(t), async (tx) => {
      await sendTransfer(tx, alice.renterId, task.id);
      await sendTransfer(tx, alice.renterId, task.id);
    });
    expect(await runJobs(t)).toBe(2);
    const done = await detailUntil(t, task.id, alice.token, (d) => d.status === 2);
    expect(done).toMatchObject({ total: 3, doneCount: 3, okCount: 2, failCount: 1 });
    expect([count('/a.png') - a, count('/b.png') - b, count('/page.html') - page]).toEqual([0, 1, 1]);
    expect((await items(t, task.id, alice.token)).map((x: { status: number }) => x.status)).toEqual([1, 1, 2]);

    // Once more on the finished task: nothing is fetched, nothing counted.
    await inTx(systemCtx(t), (tx) => sendTransfer(tx, alice.renterId, task.id));
    expect(await runJobs(t)).toBe(1);
    expect([count('/a.png') - a, count('/b.png') - b, count('/page.html') - page]).toEqual([0, 1, 1]);
    expect(await t.ok(U('TransferDetail'), { id: task.id }, alice.token)).toMatchObject({ doneCount: 3, okCount: 2, failCount: 1 });
  });

  it('an address a dead job had claimed is fetched by a later run once its claim ran out, not before', async () => {
    const [task] = await t.db
      .insert(imageTransferTasks)
      .values({ renterId: alice.renterId, dirId: dir, status: 1, total: 2, createdBy: alice.userId })
      .returning();
    await t.db.insert(imageTransferItems).values([
      // Claimed by a job whose worker was killed mid-fetch: its claim still runs.
      { renterId: alice.renterId, taskId: task.id, seq: 1, url: `${base}/a.png`, claimedUntil: sql`now() + interval '2 minutes'` as never },
      { renterId: alice.renterId, taskId: task.id, seq: 2, url: `${base}/b.png` },
    ]);
    const aHits = hits.filter((h) => h === '/a.png').length;
    await inTx(systemCtx(t), (tx) => sendTransfer(tx, alice.renterId, task.id));
    expect(await runJobs(t)).toBe(1);
    // The free address is done; the claimed one waits, and the task's next run is queued for when the claim ends.
    expect(await t.ok(U('TransferDetail'), { id: task.id }, alice.token)).toMatchObject({ status: 1, doneCount: 1, okCount: 1 });
    expect(hits.filter((h) => h === '/a.png').length).toBe(aHits);
    const next = (await jobsOf(task.id)).filter((j) => j.state === 'created');
    expect(next).toHaveLength(1);
    expect(new Date(next[0].start_after).getTime()).toBeGreaterThan(Date.now() + 60_000);
    expect(await runJobs(t)).toBe(0);

    // Two minutes later (moved back here): the claim ran out and the queued run takes the address.
    await t.db.execute(sql`update image_transfer_items set claimed_until = now() - interval '1 second' where task_id = ${task.id}`);
    await t.db.execute(
      sql`update pgboss.job set start_after = now() - interval '1 second' where name = ${TRANSFER_JOB} and data->>'taskId' = ${task.id} and state = 'created'`,
    );
    expect(await runJobs(t)).toBe(1);
    expect(await t.ok(U('TransferDetail'), { id: task.id }, alice.token)).toMatchObject({ status: 2, doneCount: 2, okCount: 2 });
    expect(hits.filter((h) => h === '/a.png').length).toBe(aHits + 1);
  });
});
