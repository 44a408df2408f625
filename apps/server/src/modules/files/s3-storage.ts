import { createHash, createHmac } from 'node:crypto';
import type { S3Config } from '@/config';
import { FILE_URL_PREFIX, type FileStorage } from './storage';

const EMPTY_SHA256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
const REQUEST_TIMEOUT_MS = 30_000;

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();

/** RFC 3986 encoding as S3 wants it: everything but A-Z a-z 0-9 - . _ ~ (and '/' between key segments). */
export function s3Encode(text: string, keepSlash = false): string {
  return [...Buffer.from(text, 'utf8')]
    .map((b) => {
      const c = String.fromCharCode(b);
      if (/[A-Za-z0-9\-._~]/.test(c) || (keepSlash && c === '/')) return c;
      return `%${b.toString(16).toUpperCase().padStart(2, '0')}`;
    })
    .join('');
}

export interface SignInput {
  method: string;
  /** The request URL; its path must already be encoded (as sent). */
  url: URL;
  /** Headers to sign, besides host, x-amz-date and x-amz-content-sha256 which are added. */
  headers: Record<string, string>;
  payloadHash: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** yyyymmddThhmmssZ; now by default. */
  amzDate?: string;
}

/**
 * AWS Signature Version 4 for S3 (header form): answers the headers to send, Authorization included.
 * https://docs.aws.amazon.com/AmazonS3/latest/API/sig-v4-header-based-auth.html
 */
export function signS3(input: SignInput): Record<string, string> {
  const amzDate =
    input.amzDate ??
    new Date()
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d{3}/, '');
  const day = amzDate.slice(0, 8);
  const headers: Record<string, string> = {
    ...Object.fromEntries(Object.entries(input.headers).map(([k, v]) => [k.toLowerCase(), v.trim().replace(/\s+/g, ' ')])),
    host: input.url.host,
    'x-amz-content-sha256': input.payloadHash,
    'x-amz-date': amzDate,
  };
  const names = Object.keys(headers).sort();
  const query = [...input.url.searchParams]
    .map(([k, v]) => [s3Encode(k), s3Encode(v)])
    .sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : 1) : a < b ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const canonical = [
    input.method,
    input.url.pathname,
    query,
    names.map((n) => `${n}:${headers[n]}\n`).join(''),
    names.join(';'),
    input.payloadHash,
  ].join('\n');
  const scope = `${day}/${input.region}/s3/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonical)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${input.secretAccessKey}`, day), input.region), 's3'), 'aws4_request');
  const signature = createHmac('sha256', key).update(toSign).digest('hex');
  const { host: _host, ...send } = headers;
  return {
    ...send,
    authorization: `AWS4-HMAC-SHA256 Credential=${input.accessKeyId}/${scope}, SignedHeaders=${names.join(';')}, Signature=${signature}`,
  };
}

/** A failed S3 call: the status and S3's error code (NoSuchKey, SignatureDoesNotMatch…). */
export class S3Error extends Error {
  constructor(
    readonly status: number,
    readonly s3Code: string,
    key: string,
  ) {
    super(`S3 ${status} ${s3Code} (${key})`);
  }
}

/**
 * Files in an S3-compatible bucket (AWS S3, MinIO, OSS, COS, R2…): plain REST calls signed with SigV4 through
 * node:crypto and fetch, no SDK. Object keys are the storage paths. Browsers load the files from /file/<path> as
 * with local storage; the server streams them from the bucket, or redirects to S3_PUBLIC_URL when it is set.
 */
export class S3FileStorage implements FileStorage {
  constructor(
    readonly cfg: S3Config,
    readonly bucket = cfg.bucket,
  ) {}

  objectUrl(key: string): URL {
    const base = new URL(this.cfg.endpoint);
    const encoded = s3Encode(key, true);
    if (this.cfg.forcePathStyle) {
      const prefix = base.pathname.replace(/\/+$/, '');
      return new URL(`${base.protocol}//${base.host}${prefix}/${s3Encode(this.bucket)}/${encoded}`);
    }
    return new URL(`${base.protocol}//${this.bucket}.${base.host}/${encoded}`);
  }

  /** One signed call; extra headers are signed too. */
  async send(method: string, key: string, opts: { body?: Buffer; headers?: Record<string, string> } = {}): Promise<Response> {
    const url = this.objectUrl(key);
    const headers = signS3({
      method,
      url,
      headers: opts.headers ?? {},
      payloadHash: opts.body ? sha256(opts.body) : EMPTY_SHA256,
      region: this.cfg.region,
      accessKeyId: this.cfg.accessKeyId,
      secretAccessKey: this.cfg.secretAccessKey,
    });
    return fetch(url, { method, headers, body: opts.body, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  }

  private async fail(res: Response, key: string): Promise<never> {
    const text = await res.text().catch(() => '');
    throw new S3Error(res.status, /<Code>([^<]+)<\/Code>/.exec(text)?.[1] ?? '', key);
  }

  /** A PUT is atomic on S3: readers see the whole object or none. */
  async put(filePath: string, data: Buffer, mime: string): Promise<void> {
    const res = await this.send('PUT', filePath, {
      body: data,
      headers: { 'content-type': mime, 'cache-control': 'public, max-age=31536000, immutable' },
    });
    if (!res.ok) await this.fail(res, filePath);
    await res.arrayBuffer();
  }

  async read(filePath: string): Promise<Buffer> {
    const res = await this.send('GET', filePath);
    if (!res.ok) await this.fail(res, filePath);
    return Buffer.from(await res.arrayBuffer());
  }

  /** DELETE answers 204 whether or not the object was there. */
  async remove(filePath: string): Promise<void> {
    const res = await this.send('DELETE', filePath);
    if (!res.ok && res.status !== 404) await this.fail(res, filePath);
    await res.arrayBuffer();
  }

  url(filePath: string): string {
    return `${FILE_URL_PREFIX}${filePath}`;
  }

  /** Where a browser may load the object directly ('' without S3_PUBLIC_URL). */
  publicUrl(filePath: string): string {
    return this.cfg.publicUrl ? `${this.cfg.publicUrl}/${s3Encode(filePath, true)}` : '';
  }

  /** The object for /file/ (a Range asked by a video player passed on); the caller streams the body. */
  async get(filePath: string, range?: string): Promise<Response> {
    return this.send('GET', filePath, { headers: range ? { range } : {} });
  }
}

/** Refuses to start with an S3 storage that lacks what it needs. */
export function checkS3Config(cfg: S3Config): void {
  const missing = (
    [
      ['S3_BUCKET', cfg.bucket],
      ['S3_ACCESS_KEY_ID', cfg.accessKeyId],
      ['S3_SECRET_ACCESS_KEY', cfg.secretAccessKey],
    ] as const
  ).filter(([, v]) => !v);
  if (missing.length) throw new Error(`FILE_STORAGE=s3 需要配置 ${missing.map(([k]) => k).join('、')}`);
  try {
    new URL(cfg.endpoint);
  } catch {
    throw new Error('S3_ENDPOINT 不是有效的地址');
  }
}
