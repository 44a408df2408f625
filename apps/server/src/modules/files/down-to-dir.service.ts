import { fileTooLargeMsg, IMAGE_TYPE_MSG, type MediaFile } from '@shop/contract';
import { type Ctx, renterOf } from '../../core/context';
import { BizError } from '../../core/errors';
import { sniffImage } from './image-type';
import { storeFetched } from './media-upload.service';
import { dirOf, ensureDir } from './material.service';
import { FetchRefused, fetchPublic } from './safe-fetch';

/** URLs fetched at once: a few in parallel keeps a 20-URL call well inside the console's time-out. */
const PARALLEL = 4;
const TIMEOUT_MS = 10_000;

export interface DownResult {
  url: string;
  ok: boolean;
  msg: string;
  file: MediaFile | null;
}

/** A name for the fetched image from the URL's last path segment. */
function nameOf(url: string, ext: string): string {
  try {
    const last = decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '');
    return last || `image.${ext}`;
  } catch {
    return `image.${ext}`;
  }
}

/** Fetches one URL and stores it as an image; answers why when it cannot. */
async function downOne(ctx: Ctx, url: string, dirId: string): Promise<DownResult> {
  const { config } = ctx.services;
  try {
    const got = await fetchPublic(url, {
      maxBytes: config.uploadMaxMb * 1024 * 1024,
      tooLargeMsg: fileTooLargeMsg(config.uploadMaxMb),
      timeoutMs: TIMEOUT_MS,
      allowPrivate: config.fetchAllowPrivate,
    });
    const image = sniffImage(got.data);
    if (!image) return { url, ok: false, msg: IMAGE_TYPE_MSG, file: null };
    const file = await storeFetched(ctx, {
      data: got.data,
      type: { kind: 'image', ...image },
      url,
      filename: nameOf(got.url, image.ext),
      dirId,
    });
    return { url, ok: true, msg: '提取成功', file };
  } catch (err) {
    if (err instanceof FetchRefused || err instanceof BizError) return { url, ok: false, msg: err.message, file: null };
    ctx.log.warn({ err, url }, 'fetching an image failed');
    return { url, ok: false, msg: '图片下载失败', file: null };
  }
}

/** 提取网络图片: each URL fetched, checked and stored on its own (one transaction and log row each), answered in order. */
export async function downToDir(ctx: Ctx, input: { urls: string[]; dirId: string }): Promise<DownResult[]> {
  const { renterId } = renterOf(ctx);
  await ensureDir(ctx, renterId, dirOf(input.dirId));
  const results: DownResult[] = new Array(input.urls.length);
  let next = 0;
  const worker = async () => {
    while (next < input.urls.length) {
      const i = next++;
      results[i] = await downOne(ctx, input.urls[i], input.dirId);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, input.urls.length) }, worker));
  return results;
}
