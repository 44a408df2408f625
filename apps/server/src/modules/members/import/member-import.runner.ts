import { MEMBER_IMPORT_PROGRESS_EVENT, type MemberImportProgress } from '@shop/contract';
import { audit } from '@/core/audit';
import { afterCommit, type Ctx, inTx } from '@/core/context';
import { BizError } from '@/core/errors';
import { defineJob, sendJob } from '@/core/jobs';
import { type Tenant, tenantFor } from '@/core/tenant';
import { checkRow, type Mapping, type MemberValue } from './member-import.check';
import { type ImportRow, memberImportRepo as repo } from './member-import.repository';

/** Rows per chunk: one transaction and one job each. Tests lower it (`IMPORT_CHUNK.rows = 2`). */
export const IMPORT_CHUNK = { rows: 500 };
const FAILED_MSG = '导入失败，请稍后重试';

/** What a members.import job carries: the import, its done_rows when sent and the file row its chunk starts after. */
export interface ImportJobData {
  renterId: string;
  importId: string;
  from: number;
  afterRow: number;
}

/** Sends the job of the next chunk in tx (the confirm's transaction, or the previous chunk's). One waiting per import. */
export async function sendImportChunk(tx: Ctx, renterId: string, importId: string, from: number, afterRow: number): Promise<void> {
  const data: ImportJobData = { renterId, importId, from, afterRow };
  const id = await sendJob(tx, 'members.import', data, { singletonKey: importId });
  if (!id) throw new Error(`a members.import job of import ${importId} is waiting already`);
}

/** The hub push of an import's state to its enterprise (after the commit of what it reports). */
export function pushProgress(ctx: Ctx, renterId: string, p: MemberImportProgress): void {
  afterCommit(ctx, () => ctx.services.hub.dataToRenter(renterId, MEMBER_IMPORT_PROGRESS_EVENT, p));
}

const progress = (b: ImportRow, status: number, error = ''): MemberImportProgress => ({
  id: b.id,
  status,
  done: b.doneRows,
  total: b.totalRows,
  created: b.createdCount,
  updated: b.updatedCount,
  skipped: b.skippedCount,
  error,
});

/**
 * One chunk (IMPORT_CHUNK.rows rows after `afterRow`) of an importing import, in one transaction holding the import
 * row's lock: rows checked again against today's levels and tags, new members inserted with one statement (on
 * conflict (renter_id, phone) do nothing), existing ones skipped or updated with one statement, tags linked and
 * counted, growth records and history lines written, each row's result set, done_rows and the counts moved on and the
 * next job sent (or the import finished) — all committed together. A job whose `from` is not the import's done_rows
 * (its chunk committed already) does nothing, so a re-run never writes a row twice.
 */
async function importChunk(ctx: Ctx, d: ImportJobData): Promise<void> {
  try {
    await inTx(ctx, async (tx) => {
      const t = tenantFor(tx, d.renterId);
      const b = await repo.lock(t, d.importId);
      if (b?.status !== 4 || b.doneRows !== d.from) return;
      await writeChunk(tx, t, b, d.afterRow);
    });
  } catch (err) {
    const msg = err instanceof BizError ? err.message : FAILED_MSG;
    if (!(err instanceof BizError)) ctx.log.error({ err, importId: d.importId }, 'member import failed');
    // The chunk rolled back; what earlier chunks wrote stays (done_rows says where a new confirm resumes).
    await inTx(ctx, async (tx) => {
      const t = tenantFor(tx, d.renterId);
      const b = await repo.lock(t, d.importId);
      if (b?.status !== 4 || b.doneRows !== d.from) return;
      await repo.update(t, b.id, { status: 1, error: msg });
      pushProgress(tx, d.renterId, progress(b, 1, msg));
    });
  }
}

async function writeChunk(tx: Ctx, t: Tenant, b: ImportRow, afterRow: number): Promise<void> {
  const lines = await repo.linesAfter(t, b.id, afterRow, IMPORT_CHUNK.rows);
  const names = await repo.names(t);
  const operator = b.createdBy;
  const results: { row_no: number; error: string; result: number; member_id: string | null }[] = [];
  const good: { rowNo: number; value: MemberValue }[] = [];
  let bad = 0;
  for (const l of lines) {
    if (l.error) {
      results.push({ row_no: l.rowNo, error: l.error, result: 4, member_id: null });
      continue;
    }
    // Levels or tags removed since the check make the row bad now.
    const { errors, value } = checkRow(l.data, b.mapping as Mapping, names);
    if (errors.length) {
      bad++;
      results.push({ row_no: l.rowNo, error: errors.join('；'), result: 4, member_id: null });
    } else good.push({ rowNo: l.rowNo, value });
  }
  const created = await repo.insertMembers(
    t,
    good.map(({ value: v }) => ({ phone: v.phone, name: v.name, sex: v.sex, birthday: v.birthday, growth: v.growth, remark: v.remark })),
  );
  const createdBy = new Map(created.map((c) => [c.phone, c.id]));
  const rest = good.filter((g) => !createdBy.has(g.value.phone));
  const updated =
    b.existing === 2
      ? await repo.updateMembers(
          t,
          rest.map(({ value: v }) => ({
            phone: v.phone,
            name: v.name,
            sex: v.sex,
            birthday: v.birthday,
            remark: v.remark,
            given: [...v.given].join(','),
          })),
        )
      : await repo.idsOfPhones(
          t,
          rest.map((g) => g.value.phone),
        );
  const otherBy = new Map(updated.map((c) => [c.phone, c.id]));
  const links: { tag_id: string; member_id: string }[] = [];
  for (const g of good) {
    const newId = createdBy.get(g.value.phone);
    const oldId = otherBy.get(g.value.phone) ?? null;
    const result = newId ? 1 : b.existing === 2 && oldId ? 2 : 3;
    const memberId = newId ?? oldId;
    results.push({ row_no: g.rowNo, error: '', result, member_id: memberId });
    if (memberId && result !== 3) for (const tagId of g.value.tagIds) links.push({ tag_id: tagId, member_id: memberId });
  }
  await repo.linkTags(t, links);
  const newIds = created.map((c) => c.id);
  const updatedIds = b.existing === 2 ? updated.map((c) => c.id) : [];
  await repo.growthRecords(t, newIds, operator, `导入：${b.fileName}`.slice(0, 100));
  await repo.events(t, newIds, '导入成为会员', b.fileName, operator);
  await repo.events(t, updatedIds, '导入更新资料', b.fileName, operator);
  await repo.setLines(t, b.id, results);
  const skipped = good.length - newIds.length - updatedIds.length;
  const next: ImportRow = {
    ...b,
    doneRows: b.doneRows + lines.length,
    createdCount: b.createdCount + newIds.length,
    updatedCount: b.updatedCount + updatedIds.length,
    skippedCount: b.skippedCount + skipped,
    badRows: b.badRows + bad,
  };
  const last = lines.length < IMPORT_CHUNK.rows || next.doneRows >= b.totalRows;
  await repo.update(t, b.id, {
    doneRows: next.doneRows,
    createdCount: next.createdCount,
    updatedCount: next.updatedCount,
    skippedCount: next.skippedCount,
    badRows: next.badRows,
    ...(last ? { status: 2, finishedAt: new Date() } : {}),
  });
  // The actor is the system (the job); the row names the merchant who confirmed the import.
  await audit(
    tx,
    {
      module: 'member',
      action: '导入会员',
      recordId: b.id,
      after: {
        fileName: b.fileName,
        rows: `${b.doneRows + 1}-${next.doneRows}/${b.totalRows}`,
        created: newIds.length,
        updated: updatedIds.length,
        skipped,
      },
    },
    { renterId: b.renterId, userId: operator ?? '' },
  );
  if (last) pushProgress(tx, b.renterId, progress({ ...next, status: 2 }, 2));
  else {
    await sendImportChunk(tx, b.renterId, b.id, next.doneRows, lines[lines.length - 1].rowNo);
    pushProgress(tx, b.renterId, progress(next, 4));
  }
}

/**
 * The member import (DESIGN §10): one job per chunk, sent by ImportData and then by each chunk. A killed worker's run
 * expires and pg-boss runs it again (from the committed done_rows); a chunk that fails sets the import back to 1 with
 * its message, and ImportData resumes it after its done_rows.
 */
export const memberImportJob = defineJob<ImportJobData>({
  name: 'members.import',
  policy: 'short',
  expireInSeconds: 120,
  retryLimit: 5,
  retryDelaySeconds: 2,
  handler: (ctx, data) => importChunk(ctx, data),
});
