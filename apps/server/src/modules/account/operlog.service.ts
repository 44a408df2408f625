import { PassThrough } from 'node:stream';
import { OPERLOG_EXPORT_MAX, OPERLOG_MODULES, type operlogListBody } from '@shop/contract';
import ExcelJS from 'exceljs';
import type { z } from 'zod';
import { SYSTEM_OPERATOR_NAME, SYSTEM_USER_ID } from '@/core/audit';
import { type Ctx, renterOf } from '@/core/context';
import { enterpriseMembers } from '@/modules/team';
import { type MemberLabel, memberLabels } from '@/modules/members';
import { BizError, CODE } from '@/core/errors';
import { pageWindow } from '@/core/paging';
import { type OperLogFilter, operLogById, operLogCountUpTo, operLogExportPages, operLogPage } from '@/core/oper-log';
import type { BlobReply } from '@/core/register';
import { fmtTime } from '@/core/time';
import { timeBound } from './login-log.service';
import { operlogChanges } from './operlog-changes';
import { type OperlogListRow, withNames } from './operlog-names';
import { tenantFor, tenantOf } from '@/core/tenant';

type ListInput = z.output<typeof operlogListBody>;

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** Excel keeps at most 32,767 characters in a cell. */
const CELL_MAX = 32_000;

const moduleName = (m: string) => OPERLOG_MODULES[m] ?? m;

function filterOf(q: ListInput): OperLogFilter {
  return {
    userId: q.userId,
    module: q.module,
    keyword: q.keyword,
    stime: timeBound(q.stime, '开始时间'),
    endtime: timeBound(q.endtime, '结束时间'),
  };
}

/** Who wrote a row when it was not staff: 会员 <nickname or masked phone>, 访客, 系统（定时任务）. */
type Writers = Map<string, MemberLabel>;

/** The labels of the member writers of some rows (one query per page). */
async function writersOf(ctx: Ctx, renterId: string, rows: OperlogListRow[]): Promise<Writers> {
  return memberLabels(
    tenantFor(ctx, renterId),
    rows.filter((r) => r.actor === 'member').map((r) => r.userId),
  );
}

function operatorOf(r: OperlogListRow, writers: Writers): { userName: string; phone: string } {
  if (r.actor === 'member') {
    const m = writers.get(r.userId);
    return { userName: m?.name ?? '会员', phone: m?.phone ?? '' };
  }
  if (r.actor === 'visitor') return { userName: '访客', phone: '' };
  return {
    userName: r.staffName || r.userName || (r.userId === SYSTEM_USER_ID ? SYSTEM_OPERATOR_NAME : ''),
    phone: r.phone ?? '',
  };
}

function toRow(r: OperlogListRow, writers: Writers) {
  return {
    id: r.id,
    userId: r.userId,
    ...operatorOf(r, writers),
    module: r.module,
    moduleName: moduleName(r.module),
    action: r.action,
    recordId: r.recordId,
    recordName: r.recordName ?? '',
    recordLink: r.recordLink ?? '',
    ip: r.ip,
    createTime: fmtTime(r.createdAt),
  };
}

/** 操作日志: the enterprise's writes, newest first, by staff, module, action keyword and time range. */
export async function operlogList(ctx: Ctx, q: ListInput) {
  const { renterId } = renterOf(ctx);
  const { offset, limit } = pageWindow(q);
  const page = await operLogPage(tenantOf(ctx), filterOf(q), offset, limit);
  const { total, estimated } = page;
  const rows = await withNames(tenantOf(ctx), page.rows);
  const writers = await writersOf(ctx, renterId, rows);
  return { rows: rows.map((r) => toRow(r, writers)), total_count: total, ...(estimated ? { total_estimated: true } : {}) };
}

/** One log entry with what it changed (before and after). */
export async function operlogDetail(ctx: Ctx, id: string) {
  const { renterId } = renterOf(ctx);
  const logged = await operLogById(tenantOf(ctx), id);
  if (!logged) throw new BizError('日志不存在', CODE.notFound);
  const [r] = await withNames(tenantOf(ctx), [logged]);
  return {
    ...toRow(r, await writersOf(ctx, renterId, [r])),
    changes: operlogChanges(r.before, r.after),
    before: r.before ?? null,
    after: r.after ?? null,
  };
}

/** The members of the enterprise, for the 操作人 filter. */
export async function operlogStaff(ctx: Ctx) {
  return (await enterpriseMembers(tenantOf(ctx))).map((s) => ({ userId: s.userId, name: s.name || s.userName, phone: s.phone }));
}

/** The changed fields of an entry in one cell, one per line: '状态：下架 → 上架'. */
const changesText = (before: unknown, after: unknown) => {
  const text = operlogChanges(before, after)
    .map((c) => `${c.label}：${c.before || '空'} → ${c.after || '空'}`)
    .join('\n');
  return text.length > CELL_MAX ? `${text.slice(0, CELL_MAX)}…` : text;
};

/** 操作日志_YYYYMMDDHHmm.xlsx in the display zone. */
const exportName = (now = new Date()) => `操作日志_${fmtTime(now).replace(/\D/g, '').slice(0, 12)}.xlsx`;

/** ExportOperlog: the list's filters, newest first, streamed by keyset; refused past OPERLOG_EXPORT_MAX rows. */
export async function exportOperlog(ctx: Ctx, q: ListInput): Promise<BlobReply> {
  const { renterId } = renterOf(ctx);
  const filter = filterOf(q);
  const total = await operLogCountUpTo(tenantOf(ctx), filter, OPERLOG_EXPORT_MAX);
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
    { header: '记录', key: 'record', width: 30 },
    { header: '修改内容', key: 'changes', width: 60, style: { alignment: { wrapText: true, vertical: 'top' } } },
    { header: 'IP地址', key: 'ip', width: 16 },
    { header: '记录ID', key: 'recordId', width: 38 },
  ];
  ws.getRow(1).font = { bold: true };
  (async () => {
    try {
      for await (const logged of operLogExportPages(tenantOf(ctx), filter)) {
        const page = await withNames(tenantOf(ctx), logged);
        const writers = await writersOf(ctx, renterId, page);
        for (const r of page) {
          const row = toRow(r, writers);
          ws.addRow({
            time: row.createTime,
            name: row.userName,
            phone: row.phone,
            module: row.moduleName,
            action: row.action,
            record: row.recordName,
            changes: changesText(r.before, r.after),
            ip: row.ip,
            recordId: row.recordId,
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
