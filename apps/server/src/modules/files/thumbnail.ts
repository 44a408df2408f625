import sharp from 'sharp';
import { THUMB_WIDTH } from '@shop/contract';

/** Decoding stops past this many pixels (about 7000 × 7000): a small file may claim a huge canvas. */
const MAX_INPUT_PIXELS = 50_000_000;

/**
 * A WebP thumbnail THUMB_WIDTH pixels wide (never enlarged; the first frame of an animation),
 * or null when the image cannot be decoded: the upload is kept, the console shows the original instead.
 */
export async function makeThumbnail(data: Buffer): Promise<Buffer | null> {
  try {
    return await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: THUMB_WIDTH, withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
  } catch {
    return null;
  }
}
