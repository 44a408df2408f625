import { createHash, createHmac } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type S3Config } from '@/config';
import { files } from '@/db/schema';
import { createFileStorage, readCert, S3FileStorage, signS3 } from '@/modules/files';
import { makePng, multipart } from '@/modules/files/files.fixtures';
import { CERT_PEM } from '@/modules/files/media.fixtures';
import { makeApp, type Person, systemCtx, type TestApp } from './helper';

const sha256 = (d: Buffer | string) => createHash('sha256').update(d).digest('hex');
const hmac = (k: Buffer | string, d: string) => createHmac('sha256', k).update(d).digest();

interface Stored {
  body: Buffer;
  type: string;
  cacheControl: string;
}

/**
 * A minimal S3-compatible server (path style: /<bucket>/<key>): PUT, GET (with Range), HEAD, DELETE. Every request
 * must carry a valid AWS Signature V4 made with the shared secret, recomputed here from the request as received
 * (and the body's hash checked), or it is refused like S3 refuses it.
 */
class FakeS3 {
  readonly buckets = new Map<string, Map<string, Stored>>();
  readonly refused: string[] = [];
  readonly calls: string[] = [];
  server = http.createServer((req, res) => this.handle(req, res));
  constructor(
    readonly accessKeyId: string,
    readonly secret: string,
    readonly region: string,
    bucketNames: string[],
  ) {
    for (const b of bucketNames) this.buckets.set(b, new Map());
  }

  async listen(): Promise<string> {
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  private error(res: http.ServerResponse, status: number, code: string) {
    if (status === 403) this.refused.push(code);
    res.writeHead(status, { 'content-type': 'application/xml' }).end(`<?xml version="1.0"?><Error><Code>${code}</Code></Error>`);
  }

  /** Null when the signature holds; else S3's error code. */
  private verify(req: http.IncomingMessage, body: Buffer): string | null {
    const m =
      /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$/.exec(
        String(req.headers.authorization ?? ''),
      );
    if (!m) return 'AccessDenied';
    const [, akid, day, region, signedList, signature] = m;
    if (akid !== this.accessKeyId) return 'InvalidAccessKeyId';
    const signed = signedList.split(';');
    for (const h of ['host', 'x-amz-date', 'x-amz-content-sha256']) if (!signed.includes(h)) return 'AccessDenied';
    const amzDate = String(req.headers['x-amz-date']);
    if (amzDate.slice(0, 8) !== day || region !== this.region) return 'AuthorizationHeaderMalformed';
    const when = Date.parse(
      `${amzDate.slice(0, 4)}-${amzDate.slice(4, 6)}-${amzDate.slice(6, 8)}T${amzDate.slice(9, 11)}:${amzDate.slice(11, 13)}:${amzDate.slice(13, 15)}Z`,
    );
    if (!(Math.abs(Date.now() - when) < 15 * 60_000)) return 'RequestTimeTooSkewed';
    const payloadHash = String(req.headers['x-amz-content-sha256']);
    if (payloadHash !== sha256(body)) return 'XAmzContentSHA256Mismatch';
    const [rawPath, rawQuery = ''] = (req.url ?? '').split('?');
    const canonical = [
      req.method,
      rawPath,
      rawQuery.split('&').filter(Boolean).sort().join('&'),
      signed.map((h) => `${h}:${String(req.headers[h] ?? '').trim()}\n`).join(''),
      signedList,
      payloadHash,
    ].join('\n');
    const toSign = ['AWS4-HMAC-SHA256', amzDate, `${day}/${region}/s3/aws4_request`, sha256(canonical)].join('\n');
    const key = hmac(hmac(hmac(hmac(`AWS4${this.secret}`, day), region), 's3'), 'aws4_request');
    return createHmac('sha256', key).update(toSign).digest('hex') === signature ? null : 'SignatureDoesNotMatch';
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks);
    const problem = this.verify(req, body);
    if (problem) return this.error(res, 403, problem);
    const [, bucketName, ...rest] = decodeURIComponent((req.url ?? '').split('?')[0]).split('/');
    const bucket = this.buckets.get(bucketName);
    if (!bucket) return this.error(res, 404, 'NoSuchBucket');
    const key = rest.join('/');
    this.calls.push(`${req.method} ${bucketName}/${key}`);
    if (req.method === 'PUT') {
      bucket.set(key, { body, type: String(req.headers['content-type'] ?? ''), cacheControl: String(req.headers['cache-control'] ?? '') });
      return res.writeHead(200, { etag: `"${sha256(body).slice(0, 32)}"` }).end();
    }
    if (req.method === 'DELETE') {
      bucket.delete(key);
      return res.writeHead(204).end();
    }
    const obj = bucket.get(key);
    if (!obj) return this.error(res, 404, 'NoSuchKey');
    const range = /^bytes=(\d+)-(\d*)$/.exec(String(req.headers.range ?? ''));
    if (range) {
      const start = Number(range[1]);
      const end = range[2] ? Math.min(Number(range[2]), obj.body.length - 1) : obj.body.length - 1;
      res.writeHead(206, {
        'content-type': obj.type,
        'content-length': end - start + 1,
        'content-range': `bytes ${start}-${end}/${obj.body.length}`,
      });
      return res.end(req.method === 'HEAD' ? undefined : obj.body.subarray(start, end + 1));
    }
    res.writeHead(200, { 'content-type': obj.type, 'content-length': obj.body.length });
    res.end(req.method === 'HEAD' ? undefined : obj.body);
  }
}

const KEY = 'AKIDTEST';
const SECRET = 'test/secret+key';
let fake: FakeS3;
let s3: S3Config;
let t: TestApp;
let dataDir: string;
let alice: Person;

async function upload(app: TestApp, data: Buffer, filename: string, token = alice.token) {
  const { payload, headers } = multipart([
    { name: 'dirId', value: '0' },
    { name: 'file', filename, type: 'image/png', data },
  ]);
  const res = await app.app.inject({ method: 'POST', url: '/UpFile/UpLoadToDir', payload, headers: { ...headers, token } });
  return res.json();
}

beforeAll(async () => {
  fake = new FakeS3(KEY, SECRET, 'cn-test-1', ['media', 'secrets']);
  const endpoint = await fake.listen();
  s3 = {
    endpoint,
    bucket: 'media',
    region: 'cn-test-1',
    accessKeyId: KEY,
    secretAccessKey: SECRET,
    publicUrl: '',
    forcePathStyle: true,
    privateBucket: 'secrets',
  };
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-s3-'));
  t = await makeApp({ config: { dataDir, fileStorage: 's3', s3 } });
  alice = await t.registerOwner('爱丽丝花店');
});
afterAll(async () => {
  await t.close();
  await new Promise((r) => fake.server.close(r));
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('SigV4 signing', () => {
  it('reproduces the GET Object example of the AWS documentation', () => {
    const headers = signS3({
      method: 'GET',
      url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
      headers: { range: 'bytes=0-9' },
      payloadHash: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
      region: 'us-east-1',
      accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
      secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
      amzDate: '20130524T000000Z',
    });
    expect(headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, ' +
        'SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, ' +
        'Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });

  it('addresses objects path-style or virtual-hosted, keys encoded', () => {
    const cfg = { ...loadConfig({}).s3, bucket: 'shop', region: 'ap-east-1' };
    expect(
      new S3FileStorage({ ...cfg, endpoint: 'https://oss.example.com', forcePathStyle: false }).objectUrl('a/b c.png').toString(),
    ).toBe('https://shop.oss.example.com/a/b%20c.png');
    expect(new S3FileStorage({ ...cfg, endpoint: 'http://127.0.0.1:9000', forcePathStyle: true }).objectUrl('a/b.png').toString()).toBe(
      'http://127.0.0.1:9000/shop/a/b.png',
    );
  });
});

describe('configuration', () => {
  it('reads FILE_STORAGE and S3_* and refuses an s3 storage without bucket or keys', () => {
    const c = loadConfig({
      FILE_STORAGE: 's3',
      S3_ENDPOINT: 'http://minio:9000/',
      S3_BUCKET: 'b',
      S3_REGION: 'cn-east-1',
      S3_ACCESS_KEY_ID: 'k',
      S3_SECRET_ACCESS_KEY: 's',
      S3_PUBLIC_URL: 'https://cdn.example.com/',
      S3_FORCE_PATH_STYLE: '1',
    });
    expect(c.fileStorage).toBe('s3');
    expect(c.s3).toMatchObject({
      endpoint: 'http://minio:9000',
      bucket: 'b',
      region: 'cn-east-1',
      publicUrl: 'https://cdn.example.com',
      forcePathStyle: true,
    });
    expect(loadConfig({}).fileStorage).toBe('local');
    expect(loadConfig({ S3_REGION: 'eu-west-1' }).s3.endpoint).toBe('https://s3.eu-west-1.amazonaws.com');
    expect(() => createFileStorage({ ...c, s3: { ...c.s3, bucket: '', secretAccessKey: '' } })).toThrow(
      'FILE_STORAGE=s3 需要配置 S3_BUCKET、S3_SECRET_ACCESS_KEY',
    );
  });
});

describe('the media library on S3', () => {
  it('stores an upload and its thumbnail as objects under the file path, nothing on local disk', async () => {
    const r = await upload(t, makePng(300, 200), '横幅.png');
    expect(r).toMatchObject({ code: 0, msg: '上传成功' });
    const [row] = await t.db.select().from(files).where(eq(files.id, r.data.id));
    expect(row.url).toBe(`/file/${row.path}`);
    const media = fake.buckets.get('media');
    expect(media?.get(row.path)).toMatchObject({ type: 'image/png', cacheControl: 'public, max-age=31536000, immutable' });
    expect(media?.get(row.path)?.body.equals(makePng(300, 200))).toBe(true);
    expect(media?.get(row.thumbPath ?? '')?.type).toBe('image/webp');
    expect(fs.existsSync(path.join(dataDir, 'files', alice.renterId))).toBe(false);
    expect((await t.ok('/UpFile/Material/GetOssConfig', {}, alice.token)).storage).toBe('s3');
  });

  it('serves /file/ from the bucket with the same headers, ranges passed on, missing files 404', async () => {
    const r = await upload(t, makePng(64, 64), 'logo.png');
    const res = await t.app.inject({ method: 'GET', url: r.data.url });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(makePng(64, 64))).toBe(true);
    expect(res.headers).toMatchObject({
      'content-type': 'image/png',
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
    });
    const part = await t.app.inject({ method: 'GET', url: r.data.url, headers: { range: 'bytes=0-7' } });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.equals(makePng(64, 64).subarray(0, 8))).toBe(true);
    expect(part.headers['content-range']).toBe(`bytes 0-7/${makePng(64, 64).length}`);
    expect((await t.app.inject({ method: 'GET', url: `/file/${alice.renterId}/2020/01/none.png` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/file/../secrets/x.pem' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/file/${alice.renterId}/.hidden` })).statusCode).toBe(404);
  });

  it('removes the objects when files are deleted', async () => {
    const r = await upload(t, makePng(30, 30), 'gone.png');
    const [row] = await t.db.select().from(files).where(eq(files.id, r.data.id));
    expect((await t.call('/UpFile/Material/DelFiles', { ids: [row.id] }, alice.token)).body.code).toBe(0);
    const media = fake.buckets.get('media');
    for (let i = 0; i < 100 && (media?.has(row.path) || media?.has(row.thumbPath ?? '')); i++)
      await new Promise((res) => setTimeout(res, 20));
    expect(media?.has(row.path)).toBe(false);
    expect(media?.has(row.thumbPath ?? '')).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: row.url })).statusCode).toBe(404);
  });

  it('keeps certificates in the private bucket, read back by the server only', async () => {
    const { payload, headers } = multipart([
      { name: 'file', filename: 'apiclient_cert.pem', type: 'application/octet-stream', data: Buffer.from(CERT_PEM) },
    ]);
    const res = await t.app.inject({ method: 'POST', url: '/UpFile/UpLoadCert', payload, headers: { ...headers, token: alice.token } });
    const id = res.json().data.id;
    const [row] = await t.db.select().from(files).where(eq(files.id, id));
    expect(fake.buckets.get('secrets')?.get(row.path)?.body.toString()).toBe(CERT_PEM);
    expect(fake.buckets.get('media')?.has(row.path)).toBe(false);
    expect((await readCert(systemCtx(t), alice.renterId, id))?.data.toString()).toBe(CERT_PEM);
  });

  it('redirects /file/ to S3_PUBLIC_URL when it is set', async () => {
    const cdn = await makeApp({
      database: t.database,
      config: { dataDir, fileStorage: 's3', s3: { ...s3, publicUrl: 'https://cdn.example.com/media' } },
    });
    try {
      // a picture of its own: the table also holds a deleted one and a certificate, neither served publicly
      const up = await upload(t, makePng(12, 12), 'cdn.png');
      const [row] = await t.db.select().from(files).where(eq(files.id, up.data.id));
      const res = await cdn.app.inject({ method: 'GET', url: row.url });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe(`https://cdn.example.com/media/${row.path}`);
    } finally {
      await cdn.close();
    }
  });

  it('is refused by the bucket when signed with the wrong secret, and stores nothing', async () => {
    const wrong = await makeApp({
      database: t.database,
      config: { dataDir, fileStorage: 's3', s3: { ...s3, secretAccessKey: 'not-the-secret' } },
    });
    try {
      const before = (await t.db.select().from(files).where(eq(files.renterId, alice.renterId))).length;
      const refusedBefore = fake.refused.length;
      const r = await upload(wrong, makePng(10, 10), 'x.png');
      expect(r.code).not.toBe(0);
      expect(fake.refused.slice(refusedBefore)).toContain('SignatureDoesNotMatch');
      expect((await t.db.select().from(files).where(eq(files.renterId, alice.renterId))).length).toBe(before);
    } finally {
      await wrong.close();
    }
  });
});
