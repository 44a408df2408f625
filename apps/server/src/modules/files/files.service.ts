import { randomUUID } from 'node:crypto';
import { fileTooLargeMsg, IMAGE_TYPE_MSG, NO_FILE_MSG, type UploadedFileInfo } from '@shop/contract';
import { audit } from '@/core/audit';
import { afterCommit, type Ctx, inTx, renterOf } from '@/core/context';
import { CODE, ensure } from '@/core/errors';
import { fmtDay } from '@/core/time';
import { privateStorageOf } from './file-storage';
import { type FileRow, filesRepo } from './files.repository';
import { uploaderKey } from './uploader';
import { sniffImage } from './image-type';
import type { MediaType } from './media-type';
import { makeThumbnail } from './thumbnail';
import { tenantOf } from '@/core/tenant';

export interface Owner {
  /** Staff (the console), a visitor of a public form, a logged-in member of the H5 shop (after-sale images). */
  type: 'staff' | 'visitor' | 'member';
  id: string;
}

const NAME_MAX = 100;

/** The name as the uploader had it, without folders or control characters. */
export function cleanName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const printable = [...base].filter((c) => c >= ' ' && c !== '\u007f').join('');
  return printable.trim().slice(0, NAME_MAX);
}

export function toInfo(row: FileRow): UploadedFileInfo {
  return {
    id: row.id,
    url: row.url,
    name: row.originalName,
    size: row.size,
    mime: row.mime,
    width: row.width,
    height: row.height,
  };
}

/** A new storage path in the renter's month folder: <renterId>/<yyyy>/<mm>/<uuid>.<ext> */
export function newPath(renterId: string, ext: string): string {
  const [year, month] = fmtDay(new Date()).split('-');
  return `${renterId}/${year}/${month}/${randomUUID()}.${ext}`;
}

/** Refuses a file over the limit of its kind: UPLOAD_MAX_MB for images, UPLOAD_VIDEO_MAX_MB for videos. */
export function checkSize(ctx: Ctx, kind: MediaType['kind'], bytes: number): void {
  const { uploadMaxMb, uploadVideoMaxMb } = ctx.services.config;
  const mb = kind === 'video' ? uploadVideoMaxMb : uploadMaxMb;
  ensure(bytes <= mb * 1024 * 1024, fileTooLargeMsg(mb), CODE.validation);
}

export interface StoreInput {
  renterId: string;
  owner: Owner;
  /** Where a visitor may use it; '' for staff files. */
  scope: string;
  data: Buffer;
  type: MediaType;
  filename: string;
  /** The library directory (null at the root). */
  dirId?: string | null;
  source?: 'upload' | 'base64' | 'url';
  sourceUrl?: string;
  /** Make the 200px WebP thumbnail of an image (library files). */
  thumbnail?: boolean;
}

/**
 * Stores checked bytes for the renter: the bytes (and thumbnail) first, then the row with whatever `also` writes
 * (the operation log) in one transaction, so a row never points at a missing file; if the row fails the bytes go.
 */
export async function storeFile(ctx: Ctx, input: StoreInput, also?: (tx: Ctx, row: FileRow) => Promise<void>): Promise<FileRow> {
  const { type, data } = input;
  const filePath = newPath(input.renterId, type.ext);
  const { storage } = ctx.services;
  const thumb = input.thumbnail && type.kind === 'image' ? await makeThumbnail(data) : null;
  const thumbPath = thumb ? filePath.replace(/\.[a-z0-9]+$/, '.thumb.webp') : null;
  await storage.put(filePath, data, type.mime);
  const removeBytes = () =>
    Promise.all([storage.remove(filePath), thumbPath ? storage.remove(thumbPath) : null]).catch((err) =>
      ctx.log.warn({ err, path: filePath }, 'file removal failed'),
    );
  try {
    if (thumb && thumbPath) await storage.put(thumbPath, thumb, 'image/webp');
    return await inTx(ctx, async (tx) => {
      const row = await filesRepo.insert(tx.db, {
        renterId: input.renterId,
        kind: type.kind,
        path: filePath,
        url: storage.url(filePath),
        thumbPath,
        thumbUrl: thumbPath ? storage.url(thumbPath) : null,
        dirId: input.dirId ?? null,
        source: input.source ?? 'upload',
        sourceUrl: input.sourceUrl ?? '',
        mime: type.mime,
        size: data.length,
        width: type.width,
        height: type.height,
        originalName: cleanName(input.filename) || `${type.kind}.${type.ext}`,
        ownerType: input.owner.type,
        ownerId: input.owner.id,
        scope: input.scope,
      });
      await also?.(tx, row);
      return row;
    });
  } catch (err) {
    await removeBytes();
    throw err;
  }
}

/** Checks the call's file as an image and stores it (the console's image fields and the public fill page). */
export async function storeUpload(
  ctx: Ctx,
  renterId: string,
  owner: Owner,
  scope: string,
  also?: (tx: Ctx, row: FileRow) => Promise<void>,
): Promise<FileRow> {
  const upload = ctx.upload;
  ensure(upload && upload.data.length > 0, NO_FILE_MSG);
  const image = sniffImage(upload.data);
  ensure(image, IMAGE_TYPE_MSG);
  const type: MediaType = { kind: 'image', ...image };
  return storeFile(
    ctx,
    { renterId, owner, scope, data: upload.data, type, filename: upload.filename, thumbnail: owner.type === 'staff' },
    also,
  );
}

/** A staff upload into the current enterprise (console image fields); it lands in the library's root. */
export async function uploadImage(ctx: Ctx): Promise<UploadedFileInfo> {
  const r = renterOf(ctx);
  const row = await storeUpload(ctx, r.renterId, { type: 'staff', id: r.userId }, '', (tx, row) =>
    audit(tx, { module: 'files', action: '上传图片', recordId: row.id, after: toInfo(row) }),
  );
  return toInfo(row);
}

/** Removes the bytes of deleted rows once their transaction has committed. */
export function removeBytesAfterCommit(ctx: Ctx, rows: FileRow[]): void {
  afterCommit(ctx, () => {
    for (const row of rows) {
      const store = row.kind === 'cert' ? privateStorageOf(ctx.services.config) : ctx.services.storage;
      for (const p of [row.path, row.thumbPath]) {
        if (p) store.remove(p).catch((err) => ctx.log.warn({ err, path: p }, 'file removal failed'));
      }
    }
  });
}

/** Deletes a file of the current enterprise; a customer's image already used by a submission stays. */
export async function deleteFile(ctx: Ctx, id: string): Promise<void> {
  const row = await filesRepo.byId(tenantOf(ctx), id);
  ensure(row, '文件不存在或已删除', CODE.notFound);
  ensure(
    !(row.ownerType !== 'staff' && row.attachedTo),
    row.ownerType === 'member' ? '该图片已用于买家的售后申请，不能删除' : '该图片已用于客户提交的表单，不能删除',
  );
  await inTx(ctx, async (tx) => {
    await filesRepo.remove(tenantOf(tx), id);
    // A customer's image not yet used by a submission gives its upload place back (visitor-files.service.ts).
    if (row.ownerType !== 'staff' && !row.attachedTo)
      await filesRepo.releaseUploadPlaces(tenantOf(tx), row.scope, uploaderKey(row.ownerType, row.ownerId), 1);
    await audit(tx, { module: 'files', action: '删除文件', recordId: id, before: toInfo(row) });
  });
  removeBytesAfterCommit(ctx, [row]);
}

/** Names and addresses of the enterprise's files, in the order asked; unknown ids are left out. */
export async function fileNames(ctx: Ctx, ids: string[]): Promise<{ id: string; name: string; url: string }[]> {
  const byId = new Map((await filesRepo.byIds(tenantOf(ctx), [...new Set(ids)])).map((f) => [f.id, f]));
  return [...new Set(ids)].flatMap((id) => {
    const f = byId.get(id);
    return f ? [{ id: f.id, name: f.originalName, url: f.url }] : [];
  });
}
