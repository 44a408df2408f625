import { PassThrough } from 'node:stream';
import { EXPORT_PROGRESS_EVENT, type ExportTask } from '@shop/contract';
import ExcelJS from 'exceljs';
import { type Ctx, inTx, userOf } from '@/core/context';
import { throttled } from '@/core/background';
import { BizError, CODE } from '@/core/errors';
import { defineJob, sendJob } from '@/core/jobs';
import type { BlobReply } from '@/core/register';
import { type Tenant, tenantFor, tenantOf } from '@/core/tenant';
import { fmtTime } from '@/core/time';
import { privateStorageOf } from '@/modules/files';
import { exportRepo } from './customers.repository';

/**
 * Background exports (.xlsx built by a job, progress over the hub, the file kept in private storage and downloaded
 * through the list's own call). Generic: a list names its kind (its sheet's columns and an async source of rows in
 * pages); the app's job list hands every kind to the job (`exportJob`, src/jobs.ts): 客户查询 (members) and 商品订单
 * (orders) so far.
 */
export interface ExportKind {
  sheet: string;
  columns: { header: string; key: string; width: number }[];
  /** The rows, a page at a time (keyset pages of EXPORT_PAGE), for the renter and the stored params. */
  pages(tenant: Tenant, params: Record<string, unknown>): AsyncIterable<Record<string, string | number>[]>;
}

export const EXPORT_PAGE = { rows: 1000 };
export const EXPORT_JOB = 'exports.build';
export const EXPORT_MISSING_MSG = '导出任务不存在';
const FAILED_MSG = '导出失败，请重试';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

type TaskRow = NonNullable<Awaited<ReturnType<typeof exportRepo.byId>>>;
export const taskOf = (t: TaskRow): ExportTask => ({
  id: t.id,
  kind: t.kind,
  status: t.status,
  done: t.done,
  total: t.total,
  fileName: t.fileName,
  error: t.error,
  createTime: fmtTime(t.createdAt),
});

/** A new export task (status 0) and its job, in one transaction; at most 2 running per renter and kind. */
export async function startExport(ctx: Ctx, kind: string, params: Record<string, unknown>, total: number, fileName: string) {
  return inTx(ctx, async (tx) => {
    const tenant = tenantOf(tx);
    if ((await exportRepo.running(tenant, kind)) >= 2) throw new BizError('已有导出正在进行，请稍后再试');
    const task = await exportRepo.create(tenant, { kind, params, total, fileName, createdBy: userOf(tx).userId });
    await sendJob(tx, EXPORT_JOB, { renterId: tenant.renterId, taskId: task.id }, { singletonKey: task.id });
    return taskOf(task);
  });
}

export async function exportInfo(ctx: Ctx, kind: string, id: string): Promise<ExportTask> {
  const t = await exportRepo.byId(tenantOf(ctx), id);
  if (!t || t.kind !== kind) throw new BizError(EXPORT_MISSING_MSG, CODE.notFound);
  return taskOf(t);
}

export async function exportDownload(ctx: Ctx, kind: string, id: string): Promise<BlobReply> {
  const t = await exportRepo.byId(tenantOf(ctx), id);
  if (!t || t.kind !== kind) throw new BizError(EXPORT_MISSING_MSG, CODE.notFound);
  if (t.status !== 1 || !t.filePath) throw new BizError(t.status === 2 ? t.error || FAILED_MSG : '文件还在生成中，请稍后');
  const body = await privateStorageOf(ctx.services.config).read(t.filePath);
  return { blob: true, filename: t.fileName, contentType: XLSX, body };
}

const push = (ctx: Ctx, renterId: string, t: ExportTask) => ctx.services.hub.dataToRenter(renterId, EXPORT_PROGRESS_EVENT, t);

/**
 * Builds one task's file: rows streamed page by page into exceljs' streaming writer (the zip is kept as it is
 * written: its compressed size, never the rows), progress saved and pushed per page (throttled), then the file put
 * in private storage and the task set done, or failed with a message. A task not running (done, failed, or a
 * re-delivery of a finished job) is left alone; a retried run rebuilds the file from the start.
 */
async function build(
  ctx: Ctx,
  kinds: Readonly<Record<string, ExportKind>>,
  { renterId, taskId }: { renterId: string; taskId: string },
): Promise<void> {
  const tenant = tenantFor(ctx, renterId);
  const task = await exportRepo.byId(tenant, taskId);
  if (task?.status !== 0) return;
  const kind = Object.hasOwn(kinds, task.kind) ? kinds[task.kind] : undefined;
  const pushes = throttled((t: ExportTask) => push(ctx, renterId, t), 500);
  try {
    if (!kind) throw new BizError(FAILED_MSG);
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (c: Buffer) => chunks.push(c));
    const ended = new Promise<void>((resolve, reject) => {
      out.on('end', resolve);
      out.on('error', reject);
    });
    const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
    const ws = wb.addWorksheet(kind.sheet);
    ws.columns = kind.columns;
    let done = 0;
    for await (const page of kind.pages(tenant, task.params)) {
      for (const row of page) ws.addRow(row).commit();
      done += page.length;
      const total = Math.max(task.total, done);
      await exportRepo.progress(tenant, taskId, done, total);
      pushes.push(taskOf({ ...task, done, total }));
    }
    ws.commit();
    await wb.commit();
    await ended;
    const filePath = `${renterId}/exports/${taskId}.xlsx`;
    await privateStorageOf(ctx.services.config).put(filePath, Buffer.concat(chunks), XLSX);
    const fin = await exportRepo.finish(tenant, taskId, { status: 1, done, total: done, filePath });
    if (fin) pushes.flush(taskOf(fin));
  } catch (err) {
    const msg = err instanceof BizError ? err.message : FAILED_MSG;
    if (!(err instanceof BizError)) ctx.log.error({ err, taskId }, 'export failed');
    const fin = await inTx(ctx, (tx) =>
      exportRepo.finish(tenantFor(tx, renterId), taskId, { status: 2, done: 0, total: task.total, error: msg }),
    );
    if (fin) pushes.flush(taskOf(fin));
  }
}

/** The job that builds export tasks, of the kinds given by name (a task of another kind fails: 导出失败，请重试). */
export function exportJob(kinds: Readonly<Record<string, ExportKind>>) {
  return defineJob<{ renterId: string; taskId: string }>({
    name: EXPORT_JOB,
    expireInSeconds: 900,
    retryLimit: 2,
    retryDelaySeconds: 5,
    handler: (ctx, data) => build(ctx, kinds, data),
  });
}
