import { randomUUID } from 'node:crypto';
import { IMAGE_TYPE_MSG, NO_FILE_MSG, type UploadedFileInfo } from '@shop/contract';
import { audit } from '../../core/audit';
import { afterCommit, type Ctx, inTx, renterOf } from '../../core/context';
import { CODE, ensure } from '../../core/errors';
import { fmtDay } from '../../core/time';
import { type FileRow, filesRepo } from './files.repository';
import { sniffImage } from './image-type';

export interface Owner {
  type: 'staff' | 'visitor';
  id: string;
}

const NAME_MAX = 100;

/** The name as the uploader had it, without folders or control characters. */
function cleanName(name: string): string {
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

/**
 * Checks the call's file by its content and stores it for the renter: the bytes first, then the row
 * (and whatever `also` writes with it, in one transaction), so a row never points at a missing file.
 */
export async function storeUpload(
  ctx: Ctx,
  renterId: string,
  owner: Owner,
  scope: string,
  also?: (tx: Ctx, row: FileRow) => Promise<void>,
): Promise<FileRow> {
  const upload = ctx.upload;
  ensure(upload && upload.data.length > 0, NO_FILE_MSG);
  const type = sniffImage(upload.data);
  ensure(type, IMAGE_TYPE_MSG);
  const [year, month] = fmtDay(new Date()).split('-');
  const filePath = `${renterId}/${year}/${month}/${randomUUID()}.${type.ext}`;
  const { storage } = ctx.services;
  await storage.put(filePath, upload.data, type.mime);
  try {
    return await inTx(ctx, async (tx) => {
      const row = await filesRepo.insert(tx.db, {
        renterId,
        kind: 'image',
        path: filePath,
        url: storage.url(filePath),
        mime: type.mime,
        size: upload.data.length,
        width: type.width,
        height: type.height,
        originalName: cleanName(upload.filename) || `image.${type.ext}`,
        ownerType: owner.type,
        ownerId: owner.id,
        scope,
      });
      await also?.(tx, row);
      return row;
    });
  } catch (err) {
    await storage.remove(filePath).catch(() => {});
    throw err;
  }
}

/** A staff upload into the current enterprise (console image fields). */
export async function uploadImage(ctx: Ctx): Promise<UploadedFileInfo> {
  const r = renterOf(ctx);
  const row = await storeUpload(ctx, r.renterId, { type: 'staff', id: r.userId }, '', (tx, row) =>
    audit(tx, { module: 'files', action: '上传图片', recordId: row.id, after: toInfo(row) }),
  );
  return toInfo(row);
}

/** Deletes a file of the current enterprise; a customer's image already used by a submission stays. */
export async function deleteFile(ctx: Ctx, id: string): Promise<void> {
  const r = renterOf(ctx);
  const row = await filesRepo.byId(ctx.db, r.renterId, id);
  ensure(row, '文件不存在或已删除', CODE.notFound);
  ensure(!(row.ownerType === 'visitor' && row.attachedTo), '该图片已用于客户提交的表单，不能删除');
  await inTx(ctx, async (tx) => {
    await filesRepo.remove(tx.db, r.renterId, id);
    await audit(tx, { module: 'files', action: '删除文件', recordId: id, before: toInfo(row) });
  });
  afterCommit(ctx, () => {
    ctx.services.storage.remove(row.path).catch((err) => ctx.log.warn({ err, path: row.path }, 'file removal failed'));
  });
}

/** Names and addresses of the enterprise's files, in the order asked; unknown ids are left out. */
export async function fileNames(ctx: Ctx, ids: string[]): Promise<{ id: string; name: string; url: string }[]> {
  const r = renterOf(ctx);
  const byId = new Map((await filesRepo.byIds(ctx.db, r.renterId, [...new Set(ids)])).map((f) => [f.id, f]));
  return [...new Set(ids)].flatMap((id) => {
    const f = byId.get(id);
    return f ? [{ id: f.id, name: f.originalName, url: f.url }] : [];
  });
}
