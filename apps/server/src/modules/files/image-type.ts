import type { ImageMime } from '@shop/contract';

export interface ImageType {
  mime: ImageMime;
  ext: 'jpg' | 'png' | 'gif' | 'webp';
  width: number;
  height: number;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const ascii = (b: Buffer, start: number, end: number) => b.toString('latin1', start, end);

/**
 * The image type of the bytes, read from their content alone (never the name or the declared type),
 * or null when they are not a JPEG, PNG, GIF or WebP whose header gives its size.
 * Requiring the size as well as the magic bytes refuses files that only start like an image.
 */
export function sniffImage(b: Buffer): ImageType | null {
  const found = png(b) ?? gif(b) ?? webp(b) ?? jpeg(b);
  return found && found.width > 0 && found.height > 0 ? found : null;
}

function png(b: Buffer): ImageType | null {
  if (b.length < 24 || !b.subarray(0, 8).equals(PNG_SIGNATURE) || ascii(b, 12, 16) !== 'IHDR') return null;
  return { mime: 'image/png', ext: 'png', width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
}

function gif(b: Buffer): ImageType | null {
  if (b.length < 10 || (ascii(b, 0, 6) !== 'GIF87a' && ascii(b, 0, 6) !== 'GIF89a')) return null;
  return { mime: 'image/gif', ext: 'gif', width: b.readUInt16LE(6), height: b.readUInt16LE(8) };
}

function webp(b: Buffer): ImageType | null {
  if (b.length < 16 || ascii(b, 0, 4) !== 'RIFF' || ascii(b, 8, 12) !== 'WEBP') return null;
  const chunk = ascii(b, 12, 16);
  const at = (width: number, height: number): ImageType => ({ mime: 'image/webp', ext: 'webp', width, height });
  if (chunk === 'VP8 ' && b.length >= 30 && b[23] === 0x9d && b[24] === 0x01 && b[25] === 0x2a) {
    return at(b.readUInt16LE(26) & 0x3fff, b.readUInt16LE(28) & 0x3fff);
  }
  if (chunk === 'VP8L' && b.length >= 25 && b[20] === 0x2f) {
    const [b0, b1, b2, b3] = [b[21], b[22], b[23], b[24]];
    return at(1 + (((b1 & 0x3f) << 8) | b0), 1 + (((b3 & 0x0f) << 10) | (b2 << 2) | ((b1 & 0xc0) >> 6)));
  }
  if (chunk === 'VP8X' && b.length >= 30) return at(1 + b.readUIntLE(24, 3), 1 + b.readUIntLE(27, 3));
  return null;
}

/** Walks the JPEG segments to the start-of-frame marker, which holds the size. */
function jpeg(b: Buffer): ImageType | null {
  if (b.length < 4 || b[0] !== 0xff || b[1] !== 0xd8 || b[2] !== 0xff) return null;
  let i = 2;
  while (i + 4 <= b.length) {
    if (b[i] !== 0xff) return null;
    const marker = b[i + 1];
    if (marker === 0xff) {
      i += 1; // fill byte
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2; // markers without a length
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null; // image data before any frame header
    const length = b.readUInt16BE(i + 2);
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) {
      if (i + 9 > b.length) return null;
      return { mime: 'image/jpeg', ext: 'jpg', width: b.readUInt16BE(i + 7), height: b.readUInt16BE(i + 5) };
    }
    if (length < 2) return null;
    i += 2 + length;
  }
  return null;
}
