import {
  CERT_MAX_KB,
  DIR_GONE_MSG,
  DIR_HAS_CHILDREN_MSG,
  DIR_MAX,
  DIR_NAME_TAKEN_MSG,
  DIR_NOT_EMPTY_MSG,
  DOWN_URLS_MAX,
  FILE_GONE_MSG,
  IMAGE_MIMES,
  type ListResult,
  type MediaFile,
  type MediaKind,
  ROOT_DIR,
  THUMB_WIDTH,
} from '@shop/contract';
import QRCode from 'qrcode';
import { audit } from '@/core/audit';
import { type Ctx, inTx, renterOf } from '@/core/context';
import { BizError, CODE, ensure } from '@/core/errors';
import type { BlobReply } from '@/core/register';
import { fmtTime } from '@/core/time';
import { FILE_URL_PREFIX } from './file-storage';
import type { FileRow } from './files.repository';
import { removeBytesAfterCommit } from './files.service';
import { type DirRecord, materialRepo } from './material.repository';
import { pageWindow } from '@/core/paging';
import { tenantFor, tenantOf } from '@/core/tenant';

/** '0' (the root) is null in the database. */
export const dirOf = (id: string): string | null => (id === ROOT_DIR || id === '' ? null : id);

export function toMediaFile(row: FileRow): MediaFile {
  return {
    id: row.id,
    name: row.originalName,
    url: row.url,
    thumbUrl: row.thumbUrl ?? '',
    kind: row.kind as MediaKind,
    mime: row.mime,
    size: row.size,
    width: row.width,
    height: row.height,
    dirId: row.dirId ?? ROOT_DIR,
    source: row.source,
    createTime: fmtTime(row.createdAt),
  };
}

const toDirRow = (d: DirRecord, fileCount: number) => ({
  id: d.id,
  name: d.name,
  parentId: d.parentId ?? ROOT_DIR,
  fileCount,
  createTime: fmtTime(d.createdAt),
});

/** A unique index refused the write (PostgreSQL 23505), whichever driver wrapped it. */
function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return true;
  }
  return false;
}

/** What the console needs to check a file before sending it. */
export function ossConfig(ctx: Ctx) {
  const { config } = ctx.services;
  return {
    storage: config.fileStorage,
    fileHost: FILE_URL_PREFIX,
    imageMaxMb: config.uploadMaxMb,
    videoMaxMb: config.uploadVideoMaxMb,
    certMaxKb: CERT_MAX_KB,
    imageTypes: [...IMAGE_MIMES],
    videoTypes: ['video/mp4'],
    thumbWidth: THUMB_WIDTH,
    dirMax: DIR_MAX,
    downUrlsMax: DOWN_URLS_MAX,
  };
}

/** Every directory with its own file count, plus the counts of the whole library and of the root. */
export async function tree(ctx: Ctx) {
  const [dirs, counts] = await Promise.all([materialRepo.dirs(tenantOf(ctx)), materialRepo.fileCounts(tenantOf(ctx))]);
  const byDir = new Map(counts.map((c) => [c.dirId, c.n]));
  return {
    dirs: dirs.map((d) => toDirRow(d, byDir.get(d.id) ?? 0)),
    total: counts.reduce((a, c) => a + c.n, 0),
    rootCount: byDir.get(null) ?? 0,
  };
}

/** Checks that a target directory exists (the root always does). */
export async function ensureDir(ctx: Ctx, renterId: string, dirId: string | null): Promise<void> {
  if (dirId) ensure(await materialRepo.dirById(tenantFor(ctx, renterId), dirId), DIR_GONE_MSG, CODE.notFound);
}

/** Inside a write's transaction: the target directory still exists and stays until the commit. */
export async function holdDir(tx: Ctx, renterId: string, dirId: string | null): Promise<void> {
  if (dirId) ensure(await materialRepo.shareDir(tenantFor(tx, renterId), dirId), DIR_GONE_MSG, CODE.notFound);
}

/** A new directory; names are unique among siblings. */
export async function addDir(ctx: Ctx, input: { parentId: string; name: string }) {
  const { renterId } = renterOf(ctx);
  const parentId = dirOf(input.parentId);
  try {
    return await inTx(ctx, async (tx) => {
      await materialRepo.lockTree(tenantOf(tx));
      if (parentId) ensure(await materialRepo.lockDir(tenantOf(tx), parentId), '上级目录不存在或已删除', CODE.notFound);
      ensure((await materialRepo.countDirs(tenantOf(tx))) < DIR_MAX, `目录数量不能超过${DIR_MAX}个`);
      ensure(!(await materialRepo.siblingNamed(tenantOf(tx), parentId, input.name)), DIR_NAME_TAKEN_MSG);
      const dir = await materialRepo.insertDir(tx.db, { renterId, parentId, name: input.name });
      await audit(tx, { module: 'files', action: '新建目录', recordId: dir.id, after: { name: dir.name, parentId: input.parentId } });
      return toDirRow(dir, 0);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new BizError(DIR_NAME_TAKEN_MSG);
    throw err;
  }
}

export async function renameDir(ctx: Ctx, input: { id: string; name: string }): Promise<void> {
  try {
    await inTx(ctx, async (tx) => {
      await materialRepo.lockTree(tenantOf(tx));
      const dir = await materialRepo.lockDir(tenantOf(tx), input.id);
      ensure(dir, DIR_GONE_MSG, CODE.notFound);
      if (dir.name === input.name) return;
      ensure(!(await materialRepo.siblingNamed(tenantOf(tx), dir.parentId, input.name)), DIR_NAME_TAKEN_MSG);
      await materialRepo.renameDir(tenantOf(tx), dir.id, input.name);
      await audit(tx, { module: 'files', action: '重命名目录', recordId: dir.id, before: { name: dir.name }, after: { name: input.name } });
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new BizError(DIR_NAME_TAKEN_MSG);
    throw err;
  }
}

/** Deletes an empty directory; one with files or subdirectories is refused. */
export async function delDir(ctx: Ctx, id: string): Promise<void> {
  await inTx(ctx, async (tx) => {
    await materialRepo.lockTree(tenantOf(tx));
    const dir = await materialRepo.lockDir(tenantOf(tx), id);
    ensure(dir, DIR_GONE_MSG, CODE.notFound);
    ensure(!(await materialRepo.hasFiles(tenantOf(tx), id)), DIR_NOT_EMPTY_MSG);
    ensure(!(await materialRepo.hasChildren(tenantOf(tx), id)), DIR_HAS_CHILDREN_MSG);
    await materialRepo.deleteDir(tenantOf(tx), id);
    await audit(tx, { module: 'files', action: '删除目录', recordId: id, before: { name: dir.name, parentId: dir.parentId ?? ROOT_DIR } });
  });
}

export interface FilePageInput {
  dirId: string;
  kind: '' | MediaKind;
  keyword: string;
  page_index: number;
  page_size: number;
  sorter: { field: string; order: string }[];
}

/** One page of the library: a directory's own files ('' every file, '0' the root), by name and kind. */
export async function filePage(ctx: Ctx, q: FilePageInput): Promise<ListResult<MediaFile>> {
  const { renterId } = renterOf(ctx);
  const { rows, total } = await materialRepo.page(ctx.db, {
    renterId,
    dirId: q.dirId === '' ? undefined : dirOf(q.dirId),
    kind: q.kind,
    keyword: q.keyword,
    sorter: q.sorter,
    ...pageWindow(q),
  });
  return { rows: rows.map(toMediaFile), total_count: total };
}

export async function fileData(ctx: Ctx, id: string): Promise<MediaFile> {
  const row = await materialRepo.libraryFile(tenantOf(ctx), id);
  ensure(row, FILE_GONE_MSG, CODE.notFound);
  return toMediaFile(row);
}

export async function usage(ctx: Ctx) {
  const [byKind, dirs] = await Promise.all([materialRepo.usage(tenantOf(ctx)), materialRepo.countDirs(tenantOf(ctx))]);
  const of = (kind: string) => byKind.find((k) => k.kind === kind);
  return { images: of('image')?.n ?? 0, videos: of('video')?.n ?? 0, dirs, bytes: byKind.reduce((a, k) => a + k.bytes, 0) };
}

/** Locks the library files among ids; refuses unless every one is there. */
async function lockAll(tx: Ctx, renterId: string, ids: string[]): Promise<FileRow[]> {
  const unique = [...new Set(ids)];
  const rows = await materialRepo.lockLibraryFiles(tenantFor(tx, renterId), unique);
  ensure(rows.length === unique.length, FILE_GONE_MSG, CODE.notFound);
  return rows;
}

export async function moveFiles(ctx: Ctx, input: { ids: string[]; dirId: string }): Promise<void> {
  const { renterId } = renterOf(ctx);
  const dirId = dirOf(input.dirId);
  await inTx(ctx, async (tx) => {
    await holdDir(tx, renterId, dirId);
    const rows = await lockAll(tx, renterId, input.ids);
    await materialRepo.moveFiles(
      tenantOf(tx),
      rows.map((r) => r.id),
      dirId,
    );
    await audit(tx, {
      module: 'files',
      action: '移动文件',
      recordId: rows.map((r) => r.id).join(','),
      before: rows.map((r) => ({ id: r.id, dirId: r.dirId ?? ROOT_DIR })),
      after: { dirId: input.dirId },
    });
  });
}

/** Changes the name shown in the library; the url stays, so pages that use the file keep working. */
export async function renameFile(ctx: Ctx, input: { id: string; name: string }): Promise<void> {
  const { renterId } = renterOf(ctx);
  await inTx(ctx, async (tx) => {
    const [row] = await lockAll(tx, renterId, [input.id]);
    await materialRepo.renameFile(tenantOf(tx), row.id, input.name);
    await audit(tx, {
      module: 'files',
      action: '重命名文件',
      recordId: row.id,
      before: { name: row.originalName },
      after: { name: input.name },
    });
  });
}

/** Deletes library files, their rows now and their bytes (and thumbnails) after the commit. */
export async function delFiles(ctx: Ctx, ids: string[]): Promise<void> {
  const { renterId } = renterOf(ctx);
  const rows = await inTx(ctx, async (tx) => {
    const locked = await lockAll(tx, renterId, ids);
    await materialRepo.deleteFiles(
      tenantOf(tx),
      locked.map((r) => r.id),
    );
    await audit(tx, { module: 'files', action: '删除文件', recordId: locked.map((r) => r.id).join(','), before: locked.map(toMediaFile) });
    return locked;
  });
  removeBytesAfterCommit(ctx, rows);
}

/** A PNG QR code of the text (a file link, a page), as a download. */
export async function qrCode(_ctx: Ctx, input: { text: string; size: number }): Promise<BlobReply> {
  const body = await QRCode.toBuffer(input.text, { type: 'png', width: input.size, margin: 2, errorCorrectionLevel: 'M' }).catch(() => {
    throw new BizError('二维码内容太长', CODE.validation);
  });
  return { blob: true, filename: 'qrcode.png', contentType: 'image/png', body };
}
