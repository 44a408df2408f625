import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';

/** A URL this server will not fetch, or a fetch that failed; the message is what the merchant reads. */
export class FetchRefused extends Error {}

export const PRIVATE_ADDRESS_MSG = '不能提取内网地址的图片';

/** Addresses that are not the public internet: this machine, private networks, link-local (cloud metadata), reserved. */
const NOT_PUBLIC = new net.BlockList();
for (const [net4, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  NOT_PUBLIC.addSubnet(net4, bits, 'ipv4');
}
for (const [net6, bits] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  NOT_PUBLIC.addSubnet(net6, bits, 'ipv6');
}

/** True for an address on the public internet; an IPv4 address written as IPv6 (::ffff:a.b.c.d) is judged as IPv4. */
export function isPublicAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 0) return false;
  if (family === 6) {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    if (mapped) return isPublicAddress(mapped[1]);
    return !NOT_PUBLIC.check(address, 'ipv6');
  }
  return !NOT_PUBLIC.check(address, 'ipv4');
}

export interface FetchOptions {
  maxBytes: number;
  /** Refusal when the body is larger. */
  tooLargeMsg: string;
  timeoutMs: number;
  /** Tests only (config FETCH_ALLOW_PRIVATE): a local test server is on loopback. */
  allowPrivate: boolean;
  maxRedirects?: number;
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void;

/**
 * Resolves the name and refuses it unless every address is public; the connection then goes to the address checked
 * here, so a name that resolves differently a moment later (DNS rebinding) cannot slip through.
 */
function guardedLookup(allowPrivate: boolean) {
  return (hostname: string, options: dns.LookupOptions, callback: LookupCallback) => {
    dns.lookup(hostname, { all: true, family: options.family ?? 0 }, (err, addresses) => {
      if (err) return callback(err, []);
      if (addresses.length === 0) return callback(Object.assign(new Error('no address'), { code: 'ENOTFOUND' }), []);
      if (!allowPrivate && addresses.some((a) => !isPublicAddress(a.address))) return callback(new FetchRefused(PRIVATE_ADDRESS_MSG), []);
      if (options.all) return callback(null, addresses);
      return callback(null, addresses[0].address, addresses[0].family);
    });
  };
}

/** Checks a URL before any connection: http(s) only, no credentials, and an IP written in it must be public. */
export function checkUrl(raw: string, allowPrivate: boolean): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new FetchRefused('图片地址格式不正确');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new FetchRefused('只能提取 http 或 https 地址的图片');
  if (url.username || url.password) throw new FetchRefused('图片地址不能包含账号密码');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(host) && !allowPrivate && !isPublicAddress(host)) throw new FetchRefused(PRIVATE_ADDRESS_MSG);
  return url;
}

function getOnce(
  url: URL,
  opts: FetchOptions,
  signal: AbortSignal,
): Promise<{ status: number; location?: string; data?: Buffer; contentType: string }> {
  return new Promise((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const req = client.get(
      url,
      {
        lookup: guardedLookup(opts.allowPrivate) as never,
        headers: { 'user-agent': 'Mozilla/5.0 (compatible; shop-material/1.0)', accept: 'image/*' },
        timeout: opts.timeoutMs,
        // The whole exchange, not only a silent socket: a server dripping a byte at a time is cut off too.
        signal,
      },
      (res) => {
        const status = res.statusCode ?? 0;
        const contentType = String(res.headers['content-type'] ?? '');
        if (status >= 300 && status < 400 && res.headers.location) {
          res.resume();
          return resolve({ status, location: res.headers.location, contentType });
        }
        if (status !== 200) {
          res.resume();
          return resolve({ status, contentType });
        }
        if (Number(res.headers['content-length'] ?? 0) > opts.maxBytes) {
          res.destroy();
          return reject(new FetchRefused(opts.tooLargeMsg));
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > opts.maxBytes) {
            res.destroy();
            reject(new FetchRefused(opts.tooLargeMsg));
          } else chunks.push(chunk);
        });
        res.on('end', () => resolve({ status, data: Buffer.concat(chunks), contentType }));
        res.on('error', reject);
        // Cut off mid-body (the deadline, a reset): whatever came is not an image.
        res.on('close', () => {
          if (!res.complete) reject(new FetchRefused(signal.aborted ? '图片下载超时' : '图片下载失败'));
        });
      },
    );
    req.on('timeout', () => req.destroy(new FetchRefused('图片下载超时')));
    req.on('error', reject);
  });
}

/** Fetches a public http(s) URL within a size limit, following up to maxRedirects redirects (each one checked again). */
export async function fetchPublic(raw: string, opts: FetchOptions): Promise<{ data: Buffer; url: string }> {
  let url = checkUrl(raw, opts.allowPrivate);
  const timer = AbortSignal.timeout(opts.timeoutMs * 2);
  for (let hop = 0; hop <= (opts.maxRedirects ?? 3); hop++) {
    if (timer.aborted) throw new FetchRefused('图片下载超时');
    let got: Awaited<ReturnType<typeof getOnce>>;
    try {
      got = await getOnce(url, opts, timer);
    } catch (err) {
      if (err instanceof FetchRefused) throw err;
      if (timer.aborted) throw new FetchRefused('图片下载超时');
      const code = (err as { code?: string }).code;
      if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') throw new FetchRefused('图片地址无法解析');
      throw new FetchRefused('图片下载失败');
    }
    if (got.location) {
      url = checkUrl(new URL(got.location, url).toString(), opts.allowPrivate);
      continue;
    }
    if (got.status !== 200 || !got.data) throw new FetchRefused(`图片地址无法访问（HTTP ${got.status}）`);
    return { data: got.data, url: url.toString() };
  }
  throw new FetchRefused('图片地址重定向次数过多');
}
