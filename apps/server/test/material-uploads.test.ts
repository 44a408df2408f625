import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { CERT_TYPE_MSG, IMAGE_TYPE_MSG, MEDIA_TYPE_MSG } from '@shop/contract';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@/config';
import { files, operLogs } from '@/db/schema';
import { readCert } from '@/modules/files';
import { makePng, multipart } from '@/modules/files/files.fixtures';
import { CERT_P12, CERT_PEM, makeMp4 } from '@/modules/files/media.fixtures';
import { isPublicAddress } from '@/modules/files/safe-fetch';
import { makeApp, type Person, systemCtx, type TestApp } from './helper';

let t: TestApp;
let dataDir: string;
let alice: Person;
let bob: Person;
let dir: string;

const M = (name: string) => `/UpFile/Material/${name}`;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-material-up-'));
  // A small video limit, so the test need not send 50 MB.
  t = await makeApp({ config: { dataDir, uploadVideoMaxMb: 1 } });
  alice = await t.registerOwner('爱丽丝花店');
  bob = await t.registerOwner('鲍勃茶铺');
  dir = (await t.ok(M('AddDir'), { parentId: '0', name: '上传' }, alice.token)).id;
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function send(url: string, token: string | undefined, parts: Parameters<typeof multipart>[0]) {
  const { payload, headers } = multipart(parts);
  const res = await t.app.inject({ method: 'POST', url, payload, headers: { ...headers, ...(token ? { token } : {}) } });
  return { status: res.statusCode, body: res.json() };
}
const file = (data: Buffer, filename: string) => ({ name: 'file', filename, type: 'application/octet-stream', data });
const toDir = (data: Buffer, filename: string, dirId = dir, token = alice.token) =>
  send('/UpFile/UpLoadToDir', token, [{ name: 'dirId', value: dirId }, file(data, filename)]);

describe('UpLoadToDir', () => {
  it('stores an image in the directory with its thumbnail, and logs it', async () => {
    const r = await toDir(makePng(300, 150), '横幅.png');
    expect(r.body).toMatchObject({ code: 0, msg: '上传成功' });
    expect(r.body.data).toMatchObject({ name: '横幅.png', kind: 'image', dirId: dir, width: 300, height: 150 });
    const [log] = await t.db
      .select()
      .from(operLogs)
      .where(and(eq(operLogs.renterId, alice.renterId), eq(operLogs.recordId, r.body.data.id)));
    expect(log.action).toBe('上传图片');
  });

  it('recognises an MP4 by its boxes whatever it is called, and serves it as video/mp4', async () => {
    const mp4 = makeMp4(1280, 720);
    const r = await toDir(mp4, 'clip.txt');
    expect(r.body.data).toMatchObject({ kind: 'video', mime: 'video/mp4', width: 1280, height: 720, thumbUrl: '' });
    expect(r.body.data.url).toMatch(/\.mp4$/);
    const served = await t.app.inject({ method: 'GET', url: r.body.data.url });
    expect(served.headers['content-type']).toBe('video/mp4');
    expect(served.rawPayload).toEqual(mp4);
  });

  it('refuses text, HTML and a QuickTime movie named .mp4, storing nothing', async () => {
    const before = (await t.db.select().from(files)).length;
    const mov = makeMp4(10, 10, 16, 'qt  ');
    mov.write('qt  qt  qt  qt  ', 16, 'latin1');
    for (const [data, name] of [
      [Buffer.from('not a video'), 'a.mp4'],
      [Buffer.from('<html><script>alert(1)</script>'), 'b.png'],
      [mov, 'c.mp4'],
    ] as const) {
      expect((await toDir(data, name)).body).toMatchObject({ code: 1, msg: MEDIA_TYPE_MSG });
    }
    expect(await t.db.select().from(files)).toHaveLength(before);
  });

  it('holds videos and images to their own limits', async () => {
    const bigVideo = Buffer.concat([makeMp4(10, 10, 1024 * 1024)]);
    expect((await toDir(bigVideo, 'big.mp4')).body).toMatchObject({ code: 1001, msg: '文件大小不能超过1MB' });
    // Under the image limit (5 MB) but over the video limit: still an image the library takes.
    const padded = await sharp({ create: { width: 900, height: 900, channels: 3, background: '#3a7' } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(padded.length).toBeGreaterThan(1024 * 1024);
    expect((await toDir(padded, 'big.png')).body.code).toBe(0);
    const huge = Buffer.concat([makePng(), Buffer.alloc(5 * 1024 * 1024)]);
    expect((await toDir(huge, 'huge.png')).body).toMatchObject({ code: 1001, msg: '文件大小不能超过5MB' });
  });

  it('puts a file without a directory at the root, and checks the directory', async () => {
    const r = await send('/UpFile/UpLoadToDir', alice.token, [file(makePng(), 'root.png')]);
    expect(r.body.data.dirId).toBe('0');
    expect((await toDir(makePng(), 'x.png', 'not-a-dir')).body).toMatchObject({ code: 1001, msg: '目录格式不正确' });
    expect((await toDir(makePng(), 'x.png', dir, bob.token)).body).toMatchObject({ code: 1004, msg: '目录不存在或已删除' });
    expect((await send('/UpFile/UpLoadToDir', alice.token, [{ name: 'dirId', value: dir }])).body.msg).toBe('请选择要上传的文件');
    expect((await send('/UpFile/UpLoadToDir', undefined, [file(makePng(), 'x.png')])).status).toBe(401);
  });
});

describe('UpLoadBase64', () => {
  const dataUrl = (b: Buffer, type = 'image/png') => `data:${type};base64,${b.toString('base64')}`;

  it('stores a data URL image by its content, with a thumbnail', async () => {
    const r = await t.call(
      '/UpFile/UpLoadBase64',
      { data: dataUrl(makePng(400, 400), 'image/gif'), dirId: dir, name: '裁剪.png' },
      alice.token,
    );
    expect(r.body).toMatchObject({ code: 0, msg: '上传成功' });
    expect(r.body.data).toMatchObject({ mime: 'image/png', source: 'base64', name: '裁剪.png', dirId: dir });
    const thumb = await t.app.inject({ method: 'GET', url: r.body.data.thumbUrl });
    expect((await sharp(thumb.rawPayload).metadata()).width).toBe(200);
  });

  it('refuses what is not an image, a malformed data URL and one over the limit', async () => {
    const call = (data: string) => t.call('/UpFile/UpLoadBase64', { data, dirId: '0' }, alice.token);
    expect((await call(dataUrl(Buffer.from('<svg onload=alert(1)>'), 'image/svg+xml'))).body).toMatchObject({
      code: 1,
      msg: IMAGE_TYPE_MSG,
    });
    expect((await call('data:image/png;base64,@@@')).body).toMatchObject({ code: 1001, msg: '图片数据格式不正确' });
    expect((await call('http://example.com/a.png')).body.msg).toBe('图片数据格式不正确');
    expect((await t.call('/UpFile/UpLoadBase64', {}, alice.token)).body.msg).toBe('请选择要上传的图片');
    const big = Buffer.concat([makePng(), Buffer.alloc(5 * 1024 * 1024 + 10)]);
    expect((await call(dataUrl(big))).body).toMatchObject({ code: 1001, msg: '文件大小不能超过5MB' });
  });
});

describe('UpLoadCert', () => {
  it('keeps a PEM or P12 certificate privately: no url, not under /file/, readable by the server', async () => {
    const pem = await send('/UpFile/UpLoadCert', alice.token, [file(Buffer.from(CERT_PEM), 'apiclient_cert.pem')]);
    expect(pem.body).toMatchObject({ code: 0, data: { name: 'apiclient_cert.pem', format: 'pem', size: CERT_PEM.length } });
    expect(pem.body.data.url).toBeUndefined();
    const p12 = await send('/UpFile/UpLoadCert', alice.token, [file(CERT_P12, 'apiclient_cert.txt')]);
    expect(p12.body.data.format).toBe('p12');

    const [row] = await t.db.select().from(files).where(eq(files.id, p12.body.data.id));
    expect(row).toMatchObject({ kind: 'cert', url: expect.stringMatching(/^private:/) });
    expect(fs.existsSync(path.join(dataDir, 'private', row.path))).toBe(true);
    expect(fs.existsSync(path.join(dataDir, 'files', row.path))).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: `/file/${row.path}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/file/../private/${row.path}` })).statusCode).toBe(404);

    const back = await readCert(systemCtx(t), alice.renterId, row.id);
    expect(back?.data).toEqual(CERT_P12);
    expect(await readCert(systemCtx(t), bob.renterId, row.id)).toBeNull();
    // Certificates never appear in the library.
    const all = await t.ok(M('GetFilePage'), { page_size: 200 }, alice.token);
    expect(all.rows.map((r: { id: string }) => r.id)).not.toContain(row.id);
  });

  it('refuses an image, text named .pem and a file over 64KB', async () => {
    expect((await send('/UpFile/UpLoadCert', alice.token, [file(makePng(), 'cert.pem')])).body).toMatchObject({
      code: 1,
      msg: CERT_TYPE_MSG,
    });
    expect((await send('/UpFile/UpLoadCert', alice.token, [file(Buffer.from('hello'), 'cert.p12')])).body.msg).toBe(CERT_TYPE_MSG);
    const big = Buffer.from(CERT_PEM.repeat(100));
    expect((await send('/UpFile/UpLoadCert', alice.token, [file(big, 'big.pem')])).body).toMatchObject({
      code: 1001,
      msg: '证书文件不能超过64KB',
    });
  });

  it('deletes a certificate through DelFile, bytes included', async () => {
    const r = await send('/UpFile/UpLoadCert', alice.token, [file(Buffer.from(CERT_PEM), 'gone.pem')]);
    const [row] = await t.db.select().from(files).where(eq(files.id, r.body.data.id));
    expect((await t.call('/UpFile/DelFile', { id: row.id }, alice.token)).body.code).toBe(0);
    await expect.poll(() => fs.existsSync(path.join(dataDir, 'private', row.path))).toBe(false);
  });
});

describe('DownQrCode', () => {
  it('answers a PNG of the asked size as a download', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: M('DownQrCode'),
      payload: { text: 'https://shop.example/file/a.png', size: 300 },
      headers: { token: alice.token },
    });
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-disposition']).toContain('qrcode.png');
    expect(await sharp(res.rawPayload).metadata()).toMatchObject({ format: 'png', width: 300 });
    const dflt = await t.app.inject({ method: 'POST', url: M('DownQrCode'), payload: { text: '测试' }, headers: { token: alice.token } });
    expect((await sharp(dflt.rawPayload).metadata()).width).toBe(200);
  });

  it('checks the text and the size', async () => {
    expect((await t.call(M('DownQrCode'), { text: '' }, alice.token)).body.msg).toBe('请输入二维码内容');
    expect((await t.call(M('DownQrCode'), { text: 'a', size: 50 }, alice.token)).body.msg).toBe('二维码尺寸不能小于100');
    expect((await t.call(M('DownQrCode'), { text: '码'.repeat(1000) }, alice.token)).body).toMatchObject({
      code: 1001,
      msg: '二维码内容太长',
    });
  });
});

describe('DownToDir', () => {
  let server: http.Server;
  let base: string;
  let open: TestApp;
  let owner: Person;
  const hits: string[] = [];

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      hits.push(req.url ?? '');
      if (req.url === '/a.png') return res.writeHead(200, { 'content-type': 'image/png' }).end(makePng(640, 320));
      if (req.url === '/moved') return res.writeHead(302, { location: '/a.png' }).end();
      if (req.url === '/page.html') return res.writeHead(200, { 'content-type': 'image/png' }).end('<html>not an image</html>');
      if (req.url === '/big.png') return res.writeHead(200).end(Buffer.concat([makePng(), Buffer.alloc(6 * 1024 * 1024)]));
      return res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    // The only way to reach a local test server: the explicit flag, off by default.
    open = await makeApp({ database: t.database, config: { dataDir, fetchAllowPrivate: true } });
    owner = alice;
  });
  afterAll(async () => {
    await open.close();
    await new Promise((r) => server.close(r));
  });

  it('is off by default: loopback, private, link-local and non-http URLs are refused before any connection', async () => {
    expect(loadConfig({}).fetchAllowPrivate).toBe(false);
    const port = (server.address() as AddressInfo).port;
    const urls = [
      `${base}/a.png`,
      `http://localhost:${port}/a.png`,
      `http://[::1]:${port}/a.png`,
      `http://[::ffff:127.0.0.1]:${port}/a.png`,
      'http://169.254.169.254/latest/meta-data',
      'http://10.0.0.1/a.png',
      'http://192.168.1.1/a.png',
      'ftp://example.com/a.png',
      'file:///etc/passwd',
      'http://user:pw@example.com/a.png',
      'not a url',
    ];
    const before = hits.length;
    const r = await t.call(M('DownToDir'), { urls, dirId: dir }, alice.token);
    expect(r.body).toMatchObject({ code: 0, msg: `提取成功0张，失败${urls.length}张` });
    expect(r.body.data.map((x: { msg: string }) => x.msg)).toEqual([
      '不能提取内网地址的图片',
      '不能提取内网地址的图片',
      '不能提取内网地址的图片',
      '不能提取内网地址的图片',
      '不能提取内网地址的图片',
      '不能提取内网地址的图片',
      '不能提取内网地址的图片',
      '只能提取 http 或 https 地址的图片',
      '只能提取 http 或 https 地址的图片',
      '图片地址不能包含账号密码',
      '图片地址格式不正确',
    ]);
    expect(r.body.data.every((x: { ok: boolean; file: unknown }) => !x.ok && x.file === null)).toBe(true);
    expect(hits.length).toBe(before);
  });

  it('judges addresses as public only outside loopback, private, link-local and reserved ranges', () => {
    for (const a of ['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111']) expect(isPublicAddress(a), a).toBe(true);
    for (const a of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.0.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fe80::1',
      'fd00::1',
      '::ffff:10.0.0.1',
      'nonsense',
    ]) {
      expect(isPublicAddress(a), a).toBe(false);
    }
  });

  it('with the flag, fetches each URL into the directory and answers a result per URL', async () => {
    const urls = [`${base}/a.png`, `${base}/moved`, `${base}/page.html`, `${base}/missing.png`, `${base}/big.png`];
    const r = await open.call(M('DownToDir'), { urls, dirId: dir }, owner.token);
    expect(r.body).toMatchObject({ code: 0, msg: '提取成功2张，失败3张' });
    const [a, moved, page, missing, big] = r.body.data;
    expect(a).toMatchObject({ url: urls[0], ok: true, msg: '提取成功' });
    expect(a.file).toMatchObject({ name: 'a.png', kind: 'image', source: 'url', dirId: dir, width: 640, height: 320 });
    expect(a.file.thumbUrl).toMatch(/\.thumb\.webp$/);
    expect(moved).toMatchObject({ ok: true });
    expect(page).toMatchObject({ ok: false, msg: IMAGE_TYPE_MSG, file: null });
    expect(missing).toMatchObject({ ok: false, msg: '图片地址无法访问（HTTP 404）' });
    expect(big).toMatchObject({ ok: false, msg: '文件大小不能超过5MB' });
    const [row] = await t.db.select().from(files).where(eq(files.id, a.file.id));
    expect(row.sourceUrl).toBe(urls[0]);
    const logs = await t.db
      .select()
      .from(operLogs)
      .where(and(eq(operLogs.renterId, owner.renterId), eq(operLogs.action, '提取网络图片')));
    expect(logs.length).toBe(2);
  });

  it('checks the list and the directory', async () => {
    expect((await t.call(M('DownToDir'), { urls: [], dirId: '0' }, alice.token)).body.msg).toBe('请输入图片地址');
    const many = Array.from({ length: 21 }, (_, i) => `http://example.com/${i}.png`);
    expect((await t.call(M('DownToDir'), { urls: many, dirId: '0' }, alice.token)).body.msg).toBe('一次最多提取20张图片');
    expect((await t.call(M('DownToDir'), { urls: [`${base}/a.png`], dirId: dir }, bob.token)).body).toMatchObject({
      code: 1004,
      msg: '目录不存在或已删除',
    });
  });
});
