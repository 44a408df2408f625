import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import type { ListQuery } from '@shop/contract';
import { type Ctx, renterOf } from '@/core/context';
import { BizError, CODE } from '@/core/errors';
import type { BlobReply } from '@/core/register';
import { fmtTime, parseTime } from '@/core/time';
import { summaryOf, toDetailItem } from './answers';
import { formRepo, type SubmissionQuery, submissionRepo } from './forms.repository';
import { pageWindow } from '@/core/paging';
import { type Tenant, tenantOf } from '@/core/tenant';

export const SUBMISSION_STATUS_TEXT: Record<number, string> = { 1: '有效', 0: '待支付', [-1]: '已取消' };

function bound(s: string, label: string): Date | null {
  if (!s) return null;
  const d = parseTime(s);
  if (Number.isNaN(d.getTime())) throw new BizError(`${label}格式不正确`, CODE.validation);
  return d;
}

/** A range's end given to the second includes that whole second (23:59:59 takes 23:59:59.6 too): the first instant after it. */
function endBound(s: string, label: string): Date | null {
  const d = bound(s, label);
  return d && new Date(d.getTime() + 1000);
}

async function queryOf(
  ctx: Ctx,
  q: { id: string; keyword: string; stime: string; endtime: string },
): Promise<SubmissionQuery & { formName: string }> {
  const { renterId } = renterOf(ctx);
  const form = await formRepo.byId(tenantOf(ctx), q.id);
  if (!form) throw new BizError('表单不存在', CODE.notFound);
  return {
    renterId,
    formId: form.id,
    keyword: q.keyword,
    from: bound(q.stime, '开始时间'),
    before: endBound(q.endtime, '结束时间'),
    formName: form.name,
  };
}

/**
 * The order number of each of these submissions that has an order (a paid form's), by submission id. The orders
 * module answers it (`orderNosOfSubmissions`); the caller passes it in (the app's routes, src/routes.ts), as orders imports forms.
 */
export type SubmissionOrderNos = (tenant: Tenant, submissionIds: string[]) => Promise<Map<string, string>>;

/** Submissions of a form: paged, by time range and keyword; each with its order's number ('' without one). */
export async function listSubmissions(
  ctx: Ctx,
  q: ListQuery & { id: string; stime: string; endtime: string },
  orderNosOf: SubmissionOrderNos,
) {
  const sq = await queryOf(ctx, q);
  const { rows, total } = await submissionRepo.page(ctx.db, { ...sq, ...pageWindow(q) });
  const orderNos = await orderNosOf(
    tenantOf(ctx),
    rows.map((s) => s.id),
  );
  return {
    rows: rows.map((s) => ({
      id: s.id,
      subNo: s.subNo,
      summary: summaryOf(s.items),
      phone: s.phone,
      status: s.status,
      statusText: SUBMISSION_STATUS_TEXT[s.status] ?? '',
      orderNo: orderNos.get(s.id) ?? '',
      createTime: fmtTime(s.createdAt),
    })),
    total_count: total,
  };
}

/** The items of one submission (GetFromDateDetailsList). */
export async function formDetailItems(ctx: Ctx, submissionId: string) {
  const s = await submissionRepo.byId(tenantOf(ctx), submissionId);
  if (!s) throw new BizError('提交记录不存在', CODE.notFound);
  return s.items.map(toDetailItem);
}

/** Streams every matching submission into an .xlsx, a batch at a time, never the whole table in memory. */
export async function exportSubmissions(ctx: Ctx, q: { id: string; keyword: string; stime: string; endtime: string }): Promise<BlobReply> {
  const sq = await queryOf(ctx, q);
  const form = await formRepo.byId(tenantOf(ctx), q.id);
  const fields = form?.fields ?? [];
  const total = await submissionRepo.count(ctx.db, sq);
  const out = new PassThrough();
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
  const ws = wb.addWorksheet('提交数据');
  ws.columns = [
    { header: '提交编号', key: 'subNo', width: 20 },
    { header: '提交时间', key: 'time', width: 20 },
    { header: '状态', key: 'status', width: 10 },
    ...fields.map((f) => ({ header: f.label, key: `f_${f.id}`, width: 20 })),
  ];
  (async () => {
    try {
      for await (const batch of submissionRepo.batches(ctx.db, sq)) {
        for (const s of batch) {
          const row: Record<string, string | number> = {
            subNo: s.subNo,
            time: fmtTime(s.createdAt),
            status: SUBMISSION_STATUS_TEXT[s.status] ?? '',
          };
          for (const item of s.items) {
            const d = toDetailItem(item);
            row[`f_${item.fieldId}`] = d.formDecimal ?? d.formText;
          }
          ws.addRow(row).commit();
        }
      }
      ws.commit();
      await wb.commit();
    } catch (err) {
      ctx.log.error({ err }, 'export failed');
      out.destroy(err as Error);
    }
  })();
  return {
    blob: true,
    filename: `${sq.formName}-提交数据.xlsx`,
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    body: out,
    headers: { 'x-total-count': String(total) },
  };
}
