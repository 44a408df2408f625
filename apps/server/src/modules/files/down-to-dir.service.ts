import { fileTooLargeMsg, IMAGE_TYPE_MSG, type MediaFile } from '@shop/contract';
import { type Ctx, renterOf } from '@/core/context';
import { BizError } from '@/core/errors';
import { sniffImage } from './image-type';
import { type Actor, storeFetched } from './media-upload.service';
import { dirOf, ensureDir } from './material.service';
import { FetchRefused, fetchPublic } from './safe-fetch';

/** URLs fetched at once: a few in parallel keeps a 20-URL call well inside the console's time-out. */
const PARALLEL = 4;

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

/**
 * Fetches one web image into the library (提取网络图片 and 批量图片转存 both come here): the address checked and
 * fetched by safeFetch, the content sniffed as an image, the file stored with its thumbnail and log row. Answers why
 * when it cannot; `also` writes more in the storing transaction (see storeFetched).
 */
export async function fetchToLibrary(
  ctx: Ctx,
  who: Actor,
  url: string,
  dirId: string,
  also?: (tx: Ctx, file: MediaFile) => Promise<void>,
): Promise<DownResult> {
  const { config } = ctx.services;
  try {
    const got = await fetchPublic(url, {
      maxBytes: config.uploadMaxMb * 1024 * 1024,
      tooLargeMsg: fileTooLargeMsg(config.uploadMaxMb),
      timeoutMs: config.fetchTimeoutMs,
      allowPrivate: config.fetchAllowPrivate,
    });
    const image = sniffImage(got.data);
    if (!image) return { url, ok: false, msg: IMAGE_TYPE_MSG, file: null };
    const file = await storeFetched(
      ctx,
      who,
      { data: got.data, type: { kind: 'image', ...image }, url, filename: nameOf(got.url, image.ext), dirId },
      also,
    );
    return { url, ok: true, msg: '提取成功', file };
  } catch (err) {
    if (err instanceof FetchRefused || err instanceof BizError) return { url, ok: false, msg: err.message, file: null };
    ctx.log.warn({ err, url }, 'fetching an image failed');
    return { url, ok: false, msg: '图片下载失败', file: null };
  }
}

/** 提取网络图片: each URL fetched, checked and stored on its own (one transaction and log row each), answered in order. */
export async function downToDir(ctx: Ctx, input: { urls: string[]; dirId: string }): Promise<DownResult[]> {
  const { renterId, userId } = renterOf(ctx);
  await ensureDir(ctx, renterId, dirOf(input.dirId));
  const results: DownResult[] = new Array(input.urls.length);
  let next = 0;
  const worker = async () => {
    while (next < input.urls.length) {
      const i = next++;
      results[i] = await fetchToLibrary(ctx, { renterId, userId }, input.urls[i], input.dirId);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, input.urls.length) }, worker));
  return results;
}
