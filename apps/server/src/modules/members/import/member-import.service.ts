import {
  fileTooLargeMsg,
  MEMBER_IMPORT_EMPTY_MSG,
  MEMBER_IMPORT_FIELDS,
  MEMBER_IMPORT_MAX_MB,
  MEMBER_IMPORT_RESULT_TEXT,
  MEMBER_IMPORT_STATUS_TEXT,
  type MemberImportView,
  NO_FILE_MSG,
} from '@shop/contract';
import { audit } from '@/core/audit';
import { type Ctx, inTx, renterOf } from '@/core/context';
import { BizError, CODE } from '@/core/errors';
import { pageArgs } from '@/core/paging';
import type { BlobReply } from '@/core/register';
import { type Tenant, tenantOf } from '@/core/tenant';
import { fmtTime } from '@/core/time';
import { staffNamesOfUsers } from '@/modules/team';
import { checkRow, cleanPhone, fieldsOf, type Mapping, type Names, storedCells } from './member-import.check';
import { type ImportLine, type ImportRow, memberImportRepo as repo } from './member-import.repository';
import { pushProgress, sendImportChunk } from './member-import.runner';
import { guessMapping, type RawRow, readSheet, templateWorkbook, XLSX_TYPE } from './member-import.sheet';

const notFound = () => new BizError('导入记录不存在', CODE.notFound);
const NO_PHONE_COLUMN = '请为手机号选择对应的列';

/** Duplicate phones of the file so far (phone → first row) and the running counts of a check. */
class Checker {
  seen = new Map<string, number>();
  total = 0;
  bad = 0;
  existing = 0;
  constructor(
    private tenant: Tenant,
    private mapping: Mapping,
    private names: Names,
  ) {}

  /** Checks a batch of rows in file order: errors, duplicates within the file, phones already members. */
  async batch(rows: { rowNo: number; data: Record<string, string> }[]) {
    const out: { rowNo: number; data: Record<string, string>; error: string; result: number }[] = [];
    const fresh: string[] = [];
    for (const r of rows) {
      this.total++;
      if (this.mapping.phone === undefined) {
        out.push({ rowNo: r.rowNo, data: r.data, error: NO_PHONE_COLUMN, result: 4 });
        continue;
      }
      const { errors, value } = checkRow(r.data, this.mapping, this.names);
      if (value.phone && !errors.includes('手机号格式不正确')) {
        const first = this.seen.get(value.phone);
        if (first !== undefined) errors.unshift(`文件中手机号重复（第${first}行）`);
        else {
          this.seen.set(value.phone, r.rowNo);
          fresh.push(value.phone);
        }
      }
      out.push({ rowNo: r.rowNo, data: r.data, error: errors.join('；'), result: errors.length ? 4 : 0 });
    }
    const existing = await repo.existingPhones(this.tenant, fresh);
    for (const r of out) {
      if (r.error) this.bad++;
      else if (existing.has(cleanPhone(fieldsOf(r.data, this.mapping).phone ?? ''))) {
        r.result = 3;
        this.existing++;
      }
    }
    return out;
  }
}

async function viewOf(t: Tenant, b: ImportRow): Promise<MemberImportView> {
  const names = b.createdBy ? await staffNamesOfUsers(t, [b.createdBy]) : new Map<string, string>();
  return viewWith(b, names);
}

function viewWith(b: ImportRow, names: Map<string, string>): MemberImportView {
  return {
    id: b.id,
    fileName: b.fileName,
    status: b.status,
    statusText: MEMBER_IMPORT_STATUS_TEXT[b.status] ?? '',
    existing: b.existing,
    headers: b.headers,
    mapping: b.mapping,
    counts: { total: b.totalRows, good: b.totalRows - b.badRows, bad: b.badRows, existing: b.existingRows },
    doneRows: b.doneRows,
    created: b.createdCount,
    updated: b.updatedCount,
    skipped: b.skippedCount,
    error: b.status === 1 ? b.error : '',
    operator: (b.createdBy && names.get(b.createdBy)) || '',
    createTime: fmtTime(b.createdAt),
    finishTime: fmtTime(b.finishedAt),
  };
}

/**
 * UpLoadImport: reads the file with the streaming reader a row at a time, guesses the mapping from the header row,
 * checks each batch of 1000 rows and stores it with one multi-row insert, all in one transaction (a refused file —
 * too many rows, not an .xlsx — leaves nothing). No member is written.
 */
export async function upload(ctx: Ctx): Promise<MemberImportView> {
  const { userId } = renterOf(ctx);
  const file = ctx.upload;
  if (!file) throw new BizError(NO_FILE_MSG, CODE.validation);
  if (file.data.length > MEMBER_IMPORT_MAX_MB * 1024 * 1024) throw new BizError(fileTooLargeMsg(MEMBER_IMPORT_MAX_MB), CODE.validation);
  return inTx(ctx, async (tx) => {
    const t = tenantOf(tx);
    const names = await repo.names(t);
    let imp: ImportRow | undefined;
    let checker: Checker | undefined;
    const fileName = (file.filename || 'members.xlsx').slice(0, 200);
    const count = await readSheet(
      file.data,
      async (headers) => {
        const mapping = guessMapping(headers);
        checker = new Checker(t, mapping, names);
        imp = await repo.insertImport(t, { fileName, headers: headers.map((h) => h.slice(0, 50)), mapping, createdBy: userId });
      },
      async (rows: RawRow[]) => {
        if (!imp || !checker) return;
        const checked = await checker.batch(rows.map((r) => ({ rowNo: r.rowNo, data: storedCells(r.cells) })));
        await repo.insertLines(t, imp.id, checked);
      },
    );
    if (!imp || !checker || !count) throw new BizError(MEMBER_IMPORT_EMPTY_MSG, CODE.validation);
    const set = { totalRows: checker.total, badRows: checker.bad, existingRows: checker.existing };
    await repo.update(t, imp.id, set);
    await audit(tx, { module: 'member', action: '上传会员导入', recordId: imp.id, after: { fileName, ...set } });
    return viewOf(t, { ...imp, ...set });
  });
}

/** CheckUserPhone: the rows checked again with a new mapping, walked a page at a time in file order. */
export async function check(ctx: Ctx, id: string, mapping: Mapping): Promise<MemberImportView> {
  return inTx(ctx, async (tx) => {
    const t = tenantOf(tx);
    const b = await repo.lock(t, id);
    if (!b) throw notFound();
    if (b.status !== 1) throw await notCheckedReason(t, id);
    // Rows an interrupted import wrote keep their results: the mapping stays the one they were written with.
    if (b.doneRows > 0) throw new BizError('导入已开始，不能修改列对应，请继续导入');
    for (const col of Object.values(mapping)) if (col >= b.headers.length) throw new BizError('所选列不存在', CODE.validation);
    const checker = new Checker(t, mapping, await repo.names(t));
    let after = 0;
    for (;;) {
      const lines = await repo.linesAfter(t, id, after, 2000);
      if (!lines.length) break;
      const checked = await checker.batch(lines.map((l) => ({ rowNo: l.rowNo, data: l.data })));
      await repo.setLines(
        t,
        id,
        checked.map((c) => ({ row_no: c.rowNo, error: c.error, result: c.result })),
      );
      after = lines[lines.length - 1].rowNo;
    }
    const set = { mapping, totalRows: checker.total, badRows: checker.bad, existingRows: checker.existing, error: '' };
    await repo.update(t, id, set);
    return viewOf(t, { ...b, ...set });
  });
}

function lineView(l: ImportLine, b: ImportRow) {
  const f = fieldsOf(l.data, b.mapping as Mapping);
  const data: Record<string, string> = {};
  for (const k of MEMBER_IMPORT_FIELDS) if (f[k]) data[k] = f[k] as string;
  return {
    row: l.rowNo,
    phone: f.phone ?? '',
    name: f.name ?? '',
    data,
    error: l.error,
    result: l.result,
    resultText: resultText(l.result, b),
    memberId: l.memberId,
  };
}

/** 已是会员 in the preview, 跳过 after an import (3); the rest as MEMBER_IMPORT_RESULT_TEXT. */
function resultText(result: number, b: ImportRow): string {
  if (result === 3 && b.status === 2) return '已是会员，跳过';
  if (result === 0 && b.status === 1) return '新会员';
  return MEMBER_IMPORT_RESULT_TEXT[result] ?? '';
}

export async function rowsPage(ctx: Ctx, q: { id: string; filter: string; fromRow: number; page_index: number; page_size: number }) {
  const t = tenantOf(ctx);
  const b = await repo.byId(t, q.id);
  if (!b) throw notFound();
  const [offset, limit] = pageArgs(q);
  const { rows, total } = await repo.linesPage(t, q.id, q.filter, q.fromRow, offset, limit);
  return { b, list: { rows: rows.map((l) => lineView(l, b)), total_count: total } };
}

export async function detail(ctx: Ctx, q: { id: string; filter: string; fromRow: number; page_index: number; page_size: number }) {
  const { b, list } = await rowsPage(ctx, q);
  return { import: await viewOf(tenantOf(ctx), b), rows: list };
}

export async function list(ctx: Ctx, q: { status: number; keyword: string; page_index: number; page_size: number }) {
  const t = tenantOf(ctx);
  const [offset, limit] = pageArgs(q);
  const { rows, total } = await repo.list(t, q.status, q.keyword, offset, limit);
  const names = await staffNamesOfUsers(
    t,
    rows.map((r) => r.createdBy).filter((x): x is string => !!x),
  );
  return {
    rows: rows.map((r) => {
      const { headers: _h, mapping: _m, ...v } = viewWith(r, names);
      return v;
    }),
    total_count: total,
  };
}

/** Why an import cannot be confirmed or checked again. */
async function notCheckedReason(t: Tenant, id: string): Promise<BizError> {
  const b = await repo.byId(t, id);
  if (!b) return notFound();
  if (b.status === 2) return new BizError('该文件已导入，请勿重复导入');
  if (b.status === 3) return new BizError('该导入已取消，请重新上传');
  if (b.status === 4) return new BizError('该文件正在导入，请勿重复导入');
  return new BizError('导入已过期，请重新上传文件');
}

/**
 * ImportData: claims the checked import (status 4, with the existing-phone option) and sends the members.import job of
 * its first chunk in the same transaction, then answers. An import a failure left at 1 resumes after its done_rows.
 */
export async function confirm(ctx: Ctx, b0: { id: string; existing: number; onlyValid: boolean }) {
  const { renterId } = renterOf(ctx);
  return inTx(ctx, async (tx) => {
    const t = tenantOf(tx);
    const before = await repo.byId(t, b0.id);
    if (!before) throw notFound();
    if (before.status === 1) {
      if (before.mapping.phone === undefined) throw new BizError(NO_PHONE_COLUMN);
      if (before.badRows > 0 && !b0.onlyValid)
        throw new BizError(`有${before.badRows}行数据有错误，请修改后重新上传，或选择仅导入正确的行`);
      if (before.badRows >= before.totalRows) throw new BizError('没有可导入的会员');
    }
    const b = await repo.claim(t, b0.id, 4, { existing: b0.existing, error: '' });
    if (!b) throw await notCheckedReason(t, b0.id);
    const afterRow = await repo.rowNoBefore(t, b.id, b.doneRows);
    await sendImportChunk(tx, renterId, b.id, b.doneRows, afterRow);
    await audit(tx, {
      module: 'member',
      action: '确认会员导入',
      recordId: b.id,
      after: { fileName: b.fileName, existing: b0.existing === 2 ? '更新资料' : '跳过', onlyValid: b0.onlyValid },
    });
    pushProgress(tx, renterId, progressOf(b));
    return { id: b.id, status: 4, total: b.totalRows - b.badRows };
  });
}

export function progressOf(b: ImportRow) {
  return {
    id: b.id,
    status: b.status,
    done: b.doneRows,
    total: b.totalRows,
    created: b.createdCount,
    updated: b.updatedCount,
    skipped: b.skippedCount,
    error: b.status === 1 ? b.error : '',
  };
}

/** DelImport: removes imports that are not importing (their rows go with them; imported members stay). */
export async function remove(ctx: Ctx, ids: string[]): Promise<number> {
  return inTx(ctx, async (tx) => {
    const t = tenantOf(tx);
    const found = await repo.ofIds(t, ids);
    if (found.length < new Set(ids).size) throw notFound();
    if (found.some((b) => b.status === 4)) throw new BizError('正在导入的记录不能删除');
    const gone = await repo.remove(t, ids);
    for (const b of gone) await audit(tx, { module: 'member', action: '删除会员导入', recordId: b.id, before: { fileName: b.fileName } });
    return gone.length;
  });
}

export async function importTemplate(): Promise<BlobReply> {
  return { blob: true, filename: '会员导入模板.xlsx', contentType: XLSX_TYPE, body: await templateWorkbook() };
}
