import { PassThrough } from 'node:stream';
import { OPERLOG_EXPORT_MAX, OPERLOG_MODULES, type operlogListBody } from '@shop/contract';
import ExcelJS from 'exceljs';
import type { z } from 'zod';
import { type Ctx, renterOf } from '../../core/context';
import { BizError, CODE } from '../../core/errors';
import { pageWindow } from '../../core/paging';
import type { BlobReply } from '../../core/register';
import { fmtTime } from '../../core/time';
import { timeBound } from './login-log.service';
import { type OperlogFilter, type OperlogListRow, operlogRepo as repo } from './operlog.repository';

type ListInput = z.output<typeof operlogListBody>;

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** Excel keeps at most 32,767 characters in a cell. */
const CELL_MAX = 32_000;

const moduleName = (m: string) => OPERLOG_MODULES[m] ?? m;

function filterOf(q: ListInput): OperlogFilter {
  return {
    userId: q.userId,
    module: q.module,
    keyword: q.keyword,
    stime: timeBound(q.stime, '开始时间'),
    endtime: timeBound(q.endtime, '结束时间'),
  };
}

function toRow(r: OperlogListRow) {
  return {
    id: r.id,
    userId: r.userId,
    userName: r.staffName || r.userName || '',
    phone: r.phone ?? '',
    module: r.module,
    moduleName: moduleName(r.module),
    action: r.action,
    recordId: r.recordId,
    ip: r.ip,
    createTime: fmtTime(r.createdAt),
  };
}

/** 操作日志: the enterprise's writes, newest first, by staff, module, action keyword and time range. */
export async function operlogList(ctx: Ctx, q: ListInput) {
  const { renterId } = renterOf(ctx);
  const { offset, limit } = pageWindow(q);
  const { rows, total, estimated } = await repo.page(ctx.db, renterId, filterOf(q), offset, limit);
  return { rows: rows.map(toRow), total_count: total, ...(estimated ? { total_estimated: true } : {}) };
}

/** One log entry with what it changed (before and after). */
export async function operlogDetail(ctx: Ctx, id: string) {
  const { renterId } = renterOf(ctx);
  const r = await repo.detail(ctx.db, renterId, id);
  if (!r) throw new BizError('日志不存在', CODE.notFound);
  return { ...toRow(r), before: r.before ?? null, after: r.after ?? null };
}

/** The members of the enterprise, for the 操作人 filter. */
export async function operlogStaff(ctx: Ctx) {
  const { renterId } = renterOf(ctx);
  return (await repo.staffOf(ctx.db, renterId)).map((s) => ({ userId: s.userId, name: s.name || s.userName, phone: s.phone }));
}

const json = (v: unknown) => {
  if (v === null || v === undefined) return '';
  const text = JSON.stringify(v);
  return text.length > CELL_MAX ? `${text.slice(0, CELL_MAX)}…` : text;
};

/** 操作日志_YYYYMMDDHHmm.xlsx in the display zone. */
const exportName = (now = new Date()) => `操作日志_${fmtTime(now).replace(/\D/g, '').slice(0, 12)}.xlsx`;

/** ExportOperlog: the list's filters, newest first, streamed by keyset; refused past OPERLOG_EXPORT_MAX rows. */
export async function exportOperlog(ctx: Ctx, q: ListInput): Promise<BlobReply> {
  const { renterId } = renterOf(ctx);
  const filter = filterOf(q);
  const total = await repo.countUpTo(ctx.db, renterId, filter, OPERLOG_EXPORT_MAX);
  if (total > OPERLOG_EXPORT_MAX) {
    throw new BizError(`一次最多导出${OPERLOG_EXPORT_MAX}条日志，请缩小时间范围或筛选条件后分批导出`);
  }
  const out = new PassThrough();
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const ws = wb.addWorksheet('操作日志', { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = [
    { header: '操作时间', key: 'time', width: 20 },
    { header: '操作人', key: 'name', width: 14 },
    { header: '手机号', key: 'phone', width: 14 },
    { header: '模块', key: 'module', width: 12 },
    { header: '操作', key: 'action', width: 18 },
    { header: '记录', key: 'record', width: 38 },
    { header: 'IP', key: 'ip', width: 16 },
    { header: '修改前', key: 'before', width: 40 },
    { header: '修改后', key: 'after', width: 40 },
  ];
  ws.getRow(1).font = { bold: true };
  (async () => {
    try {
      for await (const page of repo.exportPages(ctx.db, renterId, filter)) {
        for (const r of page) {
          const row = toRow(r);
          ws.addRow({
            time: row.createTime,
            name: row.userName,
            phone: row.phone,
            module: row.moduleName,
            action: row.action,
            record: row.recordId,
            ip: row.ip,
            before: json(r.before),
            after: json(r.after),
          }).commit();
        }
      }
      ws.commit();
      await wb.commit();
    } catch (err) {
      ctx.log.error({ err }, 'operlog export failed');
      out.destroy(err as Error);
    }
  })();
  return { blob: true, filename: exportName(), contentType: XLSX_TYPE, body: out, headers: { 'x-total-count': String(total) } };
}
