import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileTooLargeMsg, IMAGE_TYPE_MSG, NO_FILE_MSG } from '@shop/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files, operLogs } from '@/db/schema';
import { makePng, multipart, type Part } from '@/modules/files/files.fixtures';
import { makeApp, type Person, type TestApp } from './helper';

let t: TestApp;
let dataDir: string;
let alice: Person;
let bob: Person;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-files-'));
  t = await makeApp({ config: { dataDir } });
  alice = await t.registerOwner('爱丽丝花店');
  bob = await t.registerOwner('鲍勃茶铺');
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function upload(parts: Part[], token?: string) {
  const { payload, headers } = multipart(parts);
  const res = await t.app.inject({ method: 'POST', url: '/UpFile/UpLoad', payload, headers: { ...headers, ...(token ? { token } : {}) } });
  return { status: res.statusCode, body: res.json() };
}

const png = (data = makePng(4, 3), filename = 'photo.png', type = 'image/png'): Part => ({ name: 'file', filename, type, data });

async function uploadPng(p: Person) {
  const r = await upload([png()], p.token);
  expect(r.body.code).toBe(0);
  return r.body.data as { id: string; url: string };
}

const storedCount = async (renterId: string) => (await t.db.select().from(files).where(eq(files.renterId, renterId))).length;

describe('UpLoad', () => {
  it('stores a real PNG under DATA_DIR/files and serves it at /file/ with its type', async () => {
    const data = makePng(4, 3);
    const r = await upload([png(data, 'C:\\Users\\me\\门店照片.png')], alice.token);
    expect(r.status).toBe(200);
    expect(r.body.code).toBe(0);
    expect(r.body.msg).toBe('上传成功');
    const d = r.body.data;
    expect(d).toMatchObject({ name: '门店照片.png', size: data.length, mime: 'image/png', width: 4, height: 3 });
    expect(d.url).toMatch(new RegExp(`^/file/${alice.renterId}/\\d{4}/\\d{2}/[0-9a-f-]{36}\\.png$`));
    expect(fs.readFileSync(path.join(dataDir, 'files', d.url.slice('/file/'.length)))).toEqual(data);

    const served = await t.app.inject({ method: 'GET', url: d.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toMatch(/max-age=31536000.*immutable/);
    expect(served.rawPayload).toEqual(data);
  });

  it('names the type by the content, not by the name or the declared type', async () => {
    const r = await upload([png(makePng(), 'picture.gif', 'image/gif')], alice.token);
    expect(r.body.data.mime).toBe('image/png');
    expect(r.body.data.url).toMatch(/\.png$/);
  });

  it('writes the upload to the operation log', async () => {
    const { id } = await uploadPng(alice);
    const logs = await t.db
      .select()
      .from(operLogs)
      .where(and(eq(operLogs.renterId, alice.renterId), eq(operLogs.recordId, id)));
    expect(logs.map((l) => [l.module, l.action, l.userId])).toEqual([['files', '上传图片', alice.userId]]);
  });

  it('refuses a text file renamed .png and stores nothing', async () => {
    const before = await storedCount(alice.renterId);
    const r = await upload([png(Buffer.from('这不是图片，只是改了扩展名'), 'fake.png', 'image/png')], alice.token);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ code: 1, msg: IMAGE_TYPE_MSG });
    expect(await storedCount(alice.renterId)).toBe(before);
  });

  it('refuses an SVG, even one declared as a PNG', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="1" height="1"/></svg>');
    for (const part of [png(svg, 'logo.svg', 'image/svg+xml'), png(svg, 'logo.png', 'image/png')]) {
      const r = await upload([part], alice.token);
      expect(r.body).toMatchObject({ code: 1, msg: IMAGE_TYPE_MSG });
    }
  });

  it('refuses a file over the limit with the size message, as an envelope', async () => {
    const big = Buffer.concat([makePng(), Buffer.alloc(5 * 1024 * 1024)]);
    const before = await storedCount(alice.renterId);
    const r = await upload([png(big)], alice.token);
    expect(r.status).toBe(200);
    expect(r.body.code).not.toBe(0);
    expect(r.body.msg).toBe('文件大小不能超过5MB');
    expect(fileTooLargeMsg(t.config.uploadMaxMb)).toBe('文件大小不能超过5MB');
    expect(await storedCount(alice.renterId)).toBe(before);
  });

  it('asks for a file when none is sent, an empty file input or a JSON body', async () => {
    expect((await upload([{ name: 'note', value: 'x' }], alice.token)).body).toMatchObject({ code: 1001, msg: NO_FILE_MSG });
    expect((await upload([png(Buffer.alloc(0), '', 'application/octet-stream')], alice.token)).body.msg).toBe(NO_FILE_MSG);
    const json = await t.call('/UpFile/UpLoad', {}, alice.token);
    expect(json.body).toMatchObject({ code: 1001, msg: NO_FILE_MSG });
  });

  it('takes one file per call', async () => {
    const r = await upload([png(), { ...png(), name: 'file2' }], alice.token);
    expect(r.body).toMatchObject({ code: 1001, msg: '一次只能上传一个文件' });
  });

  it('answers 401 without a token and stores nothing', async () => {
    const before = await t.db.select().from(files);
    const r = await upload([png()]);
    expect(r.status).toBe(401);
    expect(r.body.msg).toBe('登录信息已过期请重新登录。');
    expect(await t.db.select().from(files)).toHaveLength(before.length);
  });

  it('leaves other endpoints on JSON: a multipart body there is a malformed body', async () => {
    const { payload, headers } = multipart([{ name: 'ids', value: 'x' }]);
    const res = await t.app.inject({ method: 'POST', url: '/UpFile/GetFileName', payload, headers: { ...headers, token: alice.token } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 1001, msg: '请求数据格式不正确' });
  });
});

describe('/file/', () => {
  it('answers 404 for a file that is not there, 403 for a folder, and stays inside DATA_DIR/files', async () => {
    expect((await t.app.inject({ method: 'GET', url: `/file/${alice.renterId}/2000/01/nothing.png` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/file/${alice.renterId}/` })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/file/../../package.json' })).statusCode).toBe(404);
  });
});

describe('DelFile', () => {
  it('deletes an own file: the row, then the bytes', async () => {
    const f = await uploadPng(alice);
    const r = await t.call('/UpFile/DelFile', { id: f.id }, alice.token);
    expect(r.body).toMatchObject({ code: 0, msg: '删除成功!' });
    expect(await t.db.select().from(files).where(eq(files.id, f.id))).toEqual([]);
    await expect.poll(async () => (await t.app.inject({ method: 'GET', url: f.url })).statusCode).toBe(404);
  });

  it("treats another renter's file as missing and leaves it alone", async () => {
    const f = await uploadPng(bob);
    const r = await t.call('/UpFile/DelFile', { id: f.id }, alice.token);
    expect(r.body).toMatchObject({ code: 1004, msg: '文件不存在或已删除' });
    expect((await t.app.inject({ method: 'GET', url: f.url })).statusCode).toBe(200);
    expect(await t.db.select().from(files).where(eq(files.id, f.id))).toHaveLength(1);
  });

  it('names the field of a bad id, and answers 401 without a token', async () => {
    expect((await t.call('/UpFile/DelFile', { id: 'abc' }, alice.token)).body).toMatchObject({ code: 1001, msg: '文件格式不正确' });
    expect((await t.call('/UpFile/DelFile', {}, alice.token)).body).toMatchObject({ code: 1001, msg: '缺少文件' });
    expect((await t.call('/UpFile/DelFile', { id: '00000000-0000-4000-8000-000000000000' })).status).toBe(401);
  });
});

describe('GetFileName', () => {
  it("answers names and addresses of the enterprise's files in the order asked, leaving out others", async () => {
    const a1 = await upload([png(makePng(), '一.png')], alice.token);
    const a2 = await upload([png(makePng(), '二.png')], alice.token);
    const b1 = await uploadPng(bob);
    const ids = [a2.body.data.id, b1.id, a1.body.data.id];
    expect(await t.ok('/UpFile/GetFileName', { ids }, alice.token)).toEqual([
      { id: a2.body.data.id, name: '二.png', url: a2.body.data.url },
      { id: a1.body.data.id, name: '一.png', url: a1.body.data.url },
    ]);
  });

  it('asks for at least one id', async () => {
    expect((await t.call('/UpFile/GetFileName', { ids: [] }, alice.token)).body).toMatchObject({ code: 1001, msg: '请选择文件' });
    expect((await t.call('/UpFile/GetFileName', { ids: [] })).status).toBe(401);
  });
});
