import { randomUUID } from 'node:crypto';
import { CERT_MAX_KB, CERT_TYPE_MSG, IMAGE_TYPE_MSG, MEDIA_TYPE_MSG, type MediaFile, NO_FILE_MSG } from '@shop/contract';
import { audit } from '@/core/audit';
import { type Ctx, inTx, renterOf } from '@/core/context';
import { CODE, ensure } from '@/core/errors';
import { fmtTime } from '@/core/time';
import { privateStorageOf } from './file-storage';
import { filesRepo } from './files.repository';
import { checkSize, cleanName, storeFile } from './files.service';
import { dirOf, ensureDir, holdDir, toMediaFile } from './material.service';
import { sniffImage } from './image-type';
import { type MediaType, sniffCert, sniffMedia } from './media-type';
import { tenantFor } from '@/core/tenant';

/** Who a library write is for: the caller's enterprise and user (or, for background work, the task's). */
export interface Actor {
  renterId: string;
  userId: string;
}

const actorOf = (ctx: Ctx): Actor => {
  const r = renterOf(ctx);
  return { renterId: r.renterId, userId: r.userId };
};

/**
 * Stores checked bytes into a library directory, with the operation-log row and the directory held in one
 * transaction; `also` writes more in that transaction (a transfer item's result) and may refuse it by throwing.
 */
async function storeInDir(
  ctx: Ctx,
  who: Actor,
  input: { data: Buffer; type: MediaType; filename: string; dirId: string; source: 'upload' | 'base64' | 'url'; sourceUrl?: string },
  also?: (tx: Ctx, file: MediaFile) => Promise<void>,
): Promise<MediaFile> {
  const dirId = dirOf(input.dirId);
  await ensureDir(ctx, who.renterId, dirId);
  const row = await storeFile(
    ctx,
    {
      renterId: who.renterId,
      owner: { type: 'staff', id: who.userId },
      scope: '',
      data: input.data,
      type: input.type,
      filename: input.filename,
      dirId,
      source: input.source,
      sourceUrl: input.sourceUrl,
      thumbnail: true,
    },
    async (tx, row) => {
      await holdDir(tx, who.renterId, dirId);
      const action = input.source === 'url' ? '提取网络图片' : input.type.kind === 'video' ? '上传视频' : '上传图片';
      await audit(tx, { module: 'files', action, recordId: row.id, after: toMediaFile(row) }, who.renterId);
      await also?.(tx, toMediaFile(row));
    },
  );
  return toMediaFile(row);
}

/** 上传 into a directory: an image (thumbnail made) or an MP4 video, each within its own size limit. */
export async function uploadToDir(ctx: Ctx, input: { dirId: string }): Promise<MediaFile> {
  const upload = ctx.upload;
  ensure(upload && upload.data.length > 0, NO_FILE_MSG, CODE.validation);
  const type = sniffMedia(upload.data);
  ensure(type, MEDIA_TYPE_MSG);
  checkSize(ctx, type.kind, upload.data.length);
  return storeInDir(ctx, actorOf(ctx), { data: upload.data, type, filename: upload.filename, dirId: input.dirId, source: 'upload' });
}

/** An image sent as a data URL (a cropped canvas); the declared type is ignored, the content decides. */
export async function uploadBase64(ctx: Ctx, input: { data: string; dirId: string; name: string }): Promise<MediaFile> {
  const payload = input.data.slice(input.data.indexOf(',') + 1).replace(/\s+/g, '');
  // Four characters carry three bytes: refuse before decoding anything too large.
  checkSize(ctx, 'image', Math.floor((payload.length * 3) / 4) - (payload.endsWith('==') ? 2 : payload.endsWith('=') ? 1 : 0));
  const data = Buffer.from(payload, 'base64');
  ensure(data.length > 0, NO_FILE_MSG, CODE.validation);
  const image = sniffImage(data);
  ensure(image, IMAGE_TYPE_MSG);
  checkSize(ctx, 'image', data.length);
  const type: MediaType = { kind: 'image', ...image };
  return storeInDir(ctx, actorOf(ctx), {
    data,
    type,
    filename: input.name || `image.${image.ext}`,
    dirId: input.dirId,
    source: 'base64',
  });
}

/** Stores fetched bytes (提取网络图片, 批量图片转存) into a directory. */
export function storeFetched(
  ctx: Ctx,
  who: Actor,
  input: { data: Buffer; type: MediaType; url: string; filename: string; dirId: string },
  also?: (tx: Ctx, file: MediaFile) => Promise<void>,
) {
  return storeInDir(ctx, who, { ...input, source: 'url', sourceUrl: input.url }, also);
}

/**
 * A certificate (PEM or P12, by content) kept in the private storage: it has no url and is never served;
 * the modules that need it (payment settings) read it back by id through readCert.
 */
export async function uploadCert(ctx: Ctx) {
  const r = renterOf(ctx);
  const upload = ctx.upload;
  ensure(upload && upload.data.length > 0, NO_FILE_MSG, CODE.validation);
  ensure(upload.data.length <= CERT_MAX_KB * 1024, `证书文件不能超过${CERT_MAX_KB}KB`, CODE.validation);
  const cert = sniffCert(upload.data);
  ensure(cert, CERT_TYPE_MSG);
  const filePath = `${r.renterId}/certs/${randomUUID()}.${cert.ext}`;
  const store = privateStorageOf(ctx.services.config);
  await store.put(filePath, upload.data, 'application/octet-stream');
  try {
    const row = await inTx(ctx, async (tx) => {
      const row = await filesRepo.insert(tx.db, {
        renterId: r.renterId,
        kind: 'cert',
        path: filePath,
        url: `private:${filePath}`,
        mime: cert.format === 'pem' ? 'application/x-pem-file' : 'application/x-pkcs12',
        size: upload.data.length,
        originalName: cleanName(upload.filename) || `cert.${cert.ext}`,
        ownerType: 'staff',
        ownerId: r.userId,
        scope: 'cert',
      });
      await audit(tx, {
        module: 'files',
        action: '上传证书',
        recordId: row.id,
        after: { name: row.originalName, size: row.size, format: cert.format },
      });
      return row;
    });
    return { id: row.id, name: row.originalName, size: row.size, format: cert.format, createTime: fmtTime(row.createdAt) };
  } catch (err) {
    await store.remove(filePath).catch(() => {});
    throw err;
  }
}

/** The bytes of one of the renter's certificates (for the modules that configure payments); null when missing. */
export async function readCert(ctx: Ctx, renterId: string, id: string): Promise<{ name: string; data: Buffer } | null> {
  const row = await filesRepo.byId(tenantFor(ctx, renterId), id);
  if (row?.kind !== 'cert') return null;
  return { name: row.originalName, data: await privateStorageOf(ctx.services.config).read(row.path) };
}
