import { createPrivateKey, createPublicKey, X509Certificate } from 'node:crypto';
import { type ImageType, sniffImage } from './image-type';

export interface VideoType {
  mime: 'video/mp4';
  ext: 'mp4';
  width: number | null;
  height: number | null;
}

/** What an upload to the library is, by its content. */
export type MediaType = ({ kind: 'image' } & ImageType) | ({ kind: 'video' } & VideoType);

export interface CertType {
  format: 'pem' | 'p12';
  ext: 'pem' | 'p12';
}

const ascii = (b: Buffer, start: number, end: number) => b.toString('latin1', start, end);

/** An image (JPEG, PNG, GIF, WebP) or an MP4 video, read from the content alone; null for anything else. */
export function sniffMedia(b: Buffer): MediaType | null {
  const image = sniffImage(b);
  if (image) return { kind: 'image', ...image };
  const video = sniffMp4(b);
  return video ? { kind: 'video', ...video } : null;
}

/** Brands of the ISO base media family that browsers play as MP4 (QuickTime, 3GP and audio-only are not). */
const MP4_BRANDS = new Set([
  'isom',
  'iso2',
  'iso3',
  'iso4',
  'iso5',
  'iso6',
  'iso8',
  'iso9',
  'mp41',
  'mp42',
  'avc1',
  'M4V ',
  'dash',
  'mmp4',
]);

interface Box {
  type: string;
  /** Where the payload starts and ends. */
  start: number;
  end: number;
}

/** The boxes of b[from, to), or null when their sizes do not chain up to exactly `to`. */
function boxes(b: Buffer, from: number, to: number): Box[] | null {
  const out: Box[] = [];
  let i = from;
  while (i < to) {
    if (i + 8 > to) return null;
    let size = b.readUInt32BE(i);
    let header = 8;
    if (size === 1) {
      if (i + 16 > to) return null;
      const large = b.readBigUInt64BE(i + 8);
      if (large > BigInt(Number.MAX_SAFE_INTEGER)) return null;
      size = Number(large);
      header = 16;
    } else if (size === 0) {
      size = to - i; // the last box runs to the end
    }
    if (size < header || i + size > to) return null;
    out.push({ type: ascii(b, i + 4, i + 8), start: i + header, end: i + size });
    i += size;
  }
  return out;
}

/**
 * An MP4 by its structure: an ftyp box with an MP4 brand first, top-level boxes whose sizes add up to the whole
 * file, and a moov box (the index a player needs). The size comes from the first track header that has one.
 */
export function sniffMp4(b: Buffer): VideoType | null {
  if (b.length < 16 || ascii(b, 4, 8) !== 'ftyp') return null;
  const top = boxes(b, 0, b.length);
  if (top?.[0].type !== 'ftyp' || top[0].end - top[0].start < 8) return null;
  const ftyp = top[0];
  const brands = [ascii(b, ftyp.start, ftyp.start + 4)];
  for (let i = ftyp.start + 8; i + 4 <= ftyp.end; i += 4) brands.push(ascii(b, i, i + 4));
  if (!brands.some((x) => MP4_BRANDS.has(x))) return null;
  const moov = top.find((x) => x.type === 'moov');
  if (!moov) return null;
  return { mime: 'video/mp4', ext: 'mp4', ...trackSize(b, moov) };
}

function trackSize(b: Buffer, moov: Box): { width: number | null; height: number | null } {
  for (const trak of boxes(b, moov.start, moov.end) ?? []) {
    if (trak.type !== 'trak') continue;
    const tkhd = (boxes(b, trak.start, trak.end) ?? []).find((x) => x.type === 'tkhd');
    // width and height are the last 8 bytes of the track header, 16.16 fixed point.
    if (!tkhd || tkhd.end - tkhd.start < 84) continue;
    const width = b.readUInt32BE(tkhd.end - 8) >>> 16;
    const height = b.readUInt32BE(tkhd.end - 4) >>> 16;
    if (width > 0 && height > 0) return { width, height };
  }
  return { width: null, height: null };
}

const PEM_BLOCK = /-----BEGIN ([A-Z0-9 ]+)-----\r?\n([A-Za-z0-9+/=\r\n]+?)\r?\n?-----END \1-----/g;

/**
 * A certificate or key file by its content: PEM text whose every block parses (certificates with X509Certificate,
 * keys with the key parsers), or a PKCS#12 (.p12) bundle by its DER structure (it is password protected, so its
 * inside is not read here). Anything else, whatever its name, is null.
 */
export function sniffCert(b: Buffer): CertType | null {
  if (isPem(b)) return { format: 'pem', ext: 'pem' };
  if (isPkcs12(b)) return { format: 'p12', ext: 'p12' };
  return null;
}

function isPem(b: Buffer): boolean {
  if (b.length === 0 || b.some((c) => c > 0x7e || (c < 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09))) return false;
  const text = b.toString('latin1');
  const blocks = [...text.matchAll(PEM_BLOCK)];
  if (blocks.length === 0 || text.replace(PEM_BLOCK, '').trim() !== '') return false;
  return blocks.every(([block, label]) => {
    try {
      if (label === 'CERTIFICATE') new X509Certificate(block);
      else if (label === 'PRIVATE KEY' || label === 'RSA PRIVATE KEY' || label === 'EC PRIVATE KEY') createPrivateKey(block);
      else if (label === 'PUBLIC KEY') createPublicKey(block);
      else if (label === 'ENCRYPTED PRIVATE KEY')
        return derSequenceLength(Buffer.from(block.split('\n').slice(1, -1).join(''), 'base64'), 0) !== null;
      else return false;
      return true;
    } catch {
      return false;
    }
  });
}

/** The total length of the DER SEQUENCE at b[at], or null when it is not one or runs past the end. */
function derSequenceLength(b: Buffer, at: number): number | null {
  if (b[at] !== 0x30 || at + 2 > b.length) return null;
  const first = b[at + 1];
  let len = first;
  let header = 2;
  if (first & 0x80) {
    const n = first & 0x7f;
    if (n === 0 || n > 4 || at + 2 + n > b.length) return null;
    len = b.readUIntBE(at + 2, n);
    header = 2 + n;
  }
  return at + header + len <= b.length ? header + len : null;
}

const PKCS7_DATA = Buffer.from([0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x07, 0x01]);
const PKCS7_SIGNED = Buffer.from([0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x07, 0x02]);

/** PFX ::= SEQUENCE { version INTEGER (3), authSafe ContentInfo (pkcs7 data or signedData), macData OPTIONAL } */
function isPkcs12(b: Buffer): boolean {
  const total = derSequenceLength(b, 0);
  if (total !== b.length) return false;
  const at = b[1] & 0x80 ? 2 + (b[1] & 0x7f) : 2;
  if (b[at] !== 0x02 || b[at + 1] !== 0x01 || b[at + 2] !== 0x03) return false;
  const authSafe = at + 3;
  const inner = derSequenceLength(b, authSafe);
  if (inner === null) return false;
  const oidAt = authSafe + (b[authSafe + 1] & 0x80 ? 2 + (b[authSafe + 1] & 0x7f) : 2);
  const oid = b.subarray(oidAt, oidAt + PKCS7_DATA.length);
  return oid.equals(PKCS7_DATA) || oid.equals(PKCS7_SIGNED);
}
