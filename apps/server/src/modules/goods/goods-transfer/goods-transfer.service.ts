import { PassThrough } from 'node:stream';
import {
  fenToYuan,
  fileTooLargeMsg,
  GOODS_EXPORT_MAX,
  GOODS_IMPORT_MAX_MB,
  GOODS_STATUS_TEXT,
  GOODS_TYPE_TEXT,
  type goodsExportBody,
  goodsSaveBody,
  type goodsImportBatch,
  type goodsImportRow,
  NO_FILE_MSG,
  yuanToFen,
} from '@shop/contract';
import ExcelJS from 'exceljs';
import type { z } from 'zod';
import { audit } from '../../../core/audit';
import { type Ctx, inTx, renterOf } from '../../../core/context';
import { BizError, CODE } from '../../../core/errors';
import type { BlobReply } from '../../../core/register';
import { fmtTime } from '../../../core/time';
import type { Db } from '../../../db/client';
import type { GoodsInsert, GoodsListFilter, GoodsRow, GoodsSkuRow } from '../goods/goods.repository';
import { goodsRepo } from '../goods/goods.repository';
import { goodsNoOf, goodsValuesOf, save } from '../goods/goods.service';
import { extrasOfDetail, extrasOfSave } from '../goods/goods-extras.service';
import { buildMatrix } from '../goods/goods.matrix';
import { type CheckedGoods, checkGoods, existingInput, groupRows, type Lookups, type SaveInput } from './goods-transfer.check';
import { type GoodsImportRow, goodsTransferRepo as repo } from './goods-transfer.repository';
import {
  type Cells,
  GOODS_SHEET_NAME,
  readGoodsSheet,
  type SheetRow,
  sheetColumns,
  templateWorkbook,
  XLSX_TYPE,
} from './goods-transfer.sheet';

type PreviewRow = z.output<typeof goodsImportRow>;
type BatchView = z.output<typeof goodsImportBatch>;
type ExportInput = z.output<typeof goodsExportBody>;

/** A row as the batch keeps it: the preview plus the cells, so the confirm can check the file again. */
type StoredRow = PreviewRow & { cells: Cells };

const notFound = () => new BizError('导入记录不存在', CODE.notFound);

/** The enterprise's categories, units and the goods of these numbers. */
async function lookups(db: Db, renterId: string, rows: SheetRow[]): Promise<Lookups> {
  const nos = [...new Set(rows.map((r) => r.cells.goodsNo).filter(Boolean))];
  // One after another: inside the confirm's transaction there is one connection.
  const categories = await repo.categoryPaths(db, renterId);
  const units = await repo.units(db, renterId);
  const existing = await repo.goodsByNos(db, renterId, nos);
  return {
    categories: categories.byPath,
    units: new Map(units.map((u) => [u.name, u.id])),
    existing: new Map(existing.map((g) => [g.goodsNo, g])),
  };
}

function checkAll(rows: SheetRow[], look: Lookups): CheckedGoods[] {
  return groupRows(rows).map((group, i) => checkGoods(i + 1, group, look));
}

function storedRows(checked: CheckedGoods[]): StoredRow[] {
  return checked.flatMap((c) => {
    const goodsOk = c.errors.size === 0;
    const head = c.rows[0].cells;
    const title = c.rows.find((r) => r.cells.title)?.cells.title ?? head.title;
    const goodsNo = c.rows.find((r) => r.cells.goodsNo)?.cells.goodsNo ?? '';
    return c.rows.map((r) => ({
      row: r.row,
      goodsIndex: c.index,
      title,
      goodsNo,
      specText: c.specText.get(r.row) ?? '',
      price: r.cells.price,
      stock: r.cells.stock,
      action: c.action,
      goodsOk,
      errors: c.errors.get(r.row) ?? [],
      cells: r.cells,
    }));
  });
}

function view(b: GoodsImportRow): BatchView {
  const rows = (b.rows as StoredRow[]).map(({ cells: _c, ...r }) => r);
  const bad = new Set(rows.filter((r) => !r.goodsOk).map((r) => r.goodsIndex));
  const goodsCount = new Set(rows.map((r) => r.goodsIndex)).size;
  return {
    id: b.id,
    fileName: b.fileName,
    status: b.status,
    goodsCount,
    validGoods: goodsCount - bad.size,
    badGoods: bad.size,
    totalRows: b.totalRows,
    badRows: b.badRows,
    importedCount: b.importedCount,
    createTime: fmtTime(b.createdAt),
    importTime: fmtTime(b.importedAt),
    rows,
  };
}

/**
 * ImportCheck: reads the uploaded .xlsx, checks every row against the goods save rules and keeps the result as a
 * batch to confirm. Writes no goods.
 */
export async function importCheck(ctx: Ctx): Promise<BatchView> {
  const { renterId, userId } = renterOf(ctx);
  const file = ctx.upload;
  if (!file) throw new BizError(NO_FILE_MSG, CODE.validation);
  if (file.data.length > GOODS_IMPORT_MAX_MB * 1024 * 1024) throw new BizError(fileTooLargeMsg(GOODS_IMPORT_MAX_MB), CODE.validation);
  const rows = await readGoodsSheet(file.data);
  const checked = checkAll(rows, await lookups(ctx.db, renterId, rows));
  const stored = storedRows(checked);
  await repo.purgeOld(ctx.db, renterId);
  const batch = await repo.insertBatch(ctx.db, {
    renterId,
    fileName: (file.filename || 'goods.xlsx').slice(0, 200),
    totalRows: stored.length,
    badRows: stored.filter((r) => r.errors.length).length,
    rows: stored,
    createdBy: userId,
  });
  return view(batch);
}

export async function importDetail(ctx: Ctx, id: string): Promise<BatchView> {
  const { renterId } = renterOf(ctx);
  const b = await repo.batch(ctx.db, renterId, id);
  if (!b) throw notFound();
  return view(b);
}

/** Why a batch cannot be confirmed or cancelled any more. */
async function notCheckedReason(db: Db, renterId: string, id: string): Promise<BizError> {
  const b = await repo.batch(db, renterId, id);
  if (!b) return notFound();
  if (b.status === 2) return new BizError('该文件已导入，请勿重复导入');
  if (b.status === 3) return new BizError('该导入已取消，请重新上传');
  return new BizError('导入已过期，请重新上传文件');
}

/** Whether saving input would change nothing: the goods columns and every SKU as they are. */
function sameGoods(before: GoodsRow, skus: GoodsSkuRow[], input: SaveInput): boolean {
  const values = goodsValuesOf(input, before.startSaleAt) as Record<string, unknown>;
  const row = before as unknown as Record<string, unknown>;
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  if (!Object.keys(values).every((k) => same(values[k], row[k]))) return false;
  const matrix = buildMatrix(input.specs, input.skus);
  const byKey = new Map(skus.map((s) => [s.skuKey, s]));
  return (
    matrix.length === skus.length &&
    matrix.every((m) => {
      const s = byKey.get(m.skuKey) as unknown as Record<string, unknown> | undefined;
      // The same skuKey is the same combination (jsonb keeps specValues' keys in its own order).
      return s !== undefined && Object.entries(m).every(([k, v]) => k === 'specValues' || same(v, s[k]));
    })
  );
}

/** Goods numbers for the new goods left without one: the counter's next values, skipping numbers in use or in the file. */
async function numbersFor(db: Db, renterId: string, n: number, inFile: ReadonlySet<string>): Promise<string[]> {
  const out: string[] = [];
  while (out.length < n) {
    const candidates = (await repo.reserveGoodsNos(db, renterId, n - out.length)).map(goodsNoOf).filter((no) => !inFile.has(no));
    const taken = await repo.takenNos(db, renterId, candidates);
    out.push(...candidates.filter((no) => !taken.has(no)));
  }
  return out;
}

/**
 * New goods in bulk: the rows checkGoods passed (the save body rules and the SKU matrix of buildMatrix), stored with
 * the same column mapping as the goods save (goodsValuesOf, extrasOfSave), a few statements for the whole file.
 */
async function createAll(tx: Ctx, renterId: string, userId: string, creates: CheckedGoods[]) {
  const inputs = creates.map((c) => c.input as SaveInput);
  const inFile = new Set(inputs.map((i) => i.goodsNo).filter(Boolean));
  const fresh = await numbersFor(tx.db, renterId, inputs.filter((i) => !i.goodsNo).length, inFile);
  const rows: GoodsInsert[] = [];
  for (const input of inputs) {
    const goodsNo = input.goodsNo || (fresh.shift() as string);
    rows.push({ renterId, goodsNo, createdBy: userId, ...goodsValuesOf(input, null), ...(await extrasOfSave(tx.db, renterId, input)) });
  }
  const ids = await repo.insertGoods(tx.db, rows);
  await repo.insertSkus(
    tx.db,
    rows.flatMap((r, i) => {
      const goodsId = ids.get(r.goodsNo) as string;
      return buildMatrix(inputs[i].specs, inputs[i].skus).map((m) => ({ renterId, goodsId, ...m }));
    }),
  );
  return rows.map((r) => ({ id: ids.get(r.goodsNo), goodsNo: r.goodsNo, title: r.title }));
}

/**
 * ImportConfirm: checks the batch's rows again against the data as it is now (under the goods-number lock) and writes
 * every goods without errors in one transaction with one audit row: new goods in bulk, existing numbers through the
 * goods save over the goods as it is. A batch with errors needs onlyValid; a goods that was fine in the preview and
 * is not any more refuses the whole call.
 */
export async function importConfirm(ctx: Ctx, id: string, onlyValid: boolean) {
  const { renterId, userId } = renterOf(ctx);
  return inTx(ctx, async (tx) => {
    const batch = await repo.claim(tx.db, renterId, id, 2);
    if (!batch) throw await notCheckedReason(tx.db, renterId, id);
    await goodsRepo.lockNumbers(tx.db, renterId);
    const stored = batch.rows as StoredRow[];
    const rows = stored.map((r) => ({ row: r.row, cells: r.cells }));
    const look = await lookups(tx.db, renterId, rows);
    const checked = checkAll(rows, look);
    const bad = checked.filter((c) => c.errors.size > 0);
    if (bad.length && !onlyValid) {
      const badRows = bad.reduce((n, c) => n + c.errors.size, 0);
      throw new BizError(`有${badRows}行数据有错误，请修改后重新上传，或选择仅导入正确的商品`);
    }
    const wasBad = new Set(stored.filter((r) => !r.goodsOk).map((r) => r.goodsIndex));
    const changed = bad.find((c) => !wasBad.has(c.index));
    if (changed) {
      const [msg] = [...changed.errors.values()][0];
      throw new BizError(`${msg}（预览后数据有变化，请重新上传）`);
    }
    const good = checked.filter((c) => c.input);
    if (!good.length) throw new BizError('没有可导入的商品');
    const rowError = (c: CheckedGoods, e: unknown) =>
      e instanceof BizError ? new BizError(`第${c.rows[0].row}行：${e.message}`, e.code) : e;
    const created = await createAll(
      tx,
      renterId,
      userId,
      good.filter((c) => !c.existingId),
    );
    const updates = good.filter((x) => x.existingId);
    const oldSkus = await repo.skusOf(
      tx.db,
      renterId,
      updates.map((c) => c.existingId as string),
    );
    const updated: string[] = [];
    let unchanged = 0;
    for (const c of updates) {
      const before = look.existing.get(c.overrides.goodsNo as string) as GoodsRow;
      try {
        // The goods as it is (the fields the sheet does not carry stay), with the sheet's fields over it.
        const base = { ...existingInput(before), ...(await extrasOfDetail(tx.db, renterId, before)) };
        const parsed = goodsSaveBody.safeParse({ ...base, ...c.overrides });
        if (!parsed.success) throw new BizError(parsed.error.issues[0]?.message ?? '商品数据不正确', CODE.validation);
        if (sameGoods(before, oldSkus.get(before.id) ?? [], parsed.data)) unchanged += 1;
        else updated.push((await save(tx, parsed.data)).id);
      } catch (e) {
        throw rowError(c, e);
      }
    }
    await repo.setImported(tx.db, renterId, id, good.length);
    await audit(tx, {
      module: 'goods',
      action: '导入商品',
      recordId: id,
      after: { fileName: batch.fileName, created, updated, unchanged, skipped: bad.length },
    });
    return { created: created.length, updated: updated.length, unchanged, skipped: bad.length };
  });
}

/** ImportCancel: a checked batch is dropped; nothing was written. */
export async function importCancel(ctx: Ctx, id: string) {
  const { renterId } = renterOf(ctx);
  await inTx(ctx, async (tx) => {
    const b = await repo.claim(tx.db, renterId, id, 3);
    if (!b) throw await notCheckedReason(tx.db, renterId, id);
    await audit(tx, { module: 'goods', action: '取消导入商品', recordId: id, after: { fileName: b.fileName } });
  });
}

export async function importTemplate(): Promise<BlobReply> {
  return { blob: true, filename: '商品导入模板.xlsx', contentType: XLSX_TYPE, body: await templateWorkbook() };
}

/** 商品列表_YYYYMMDDHHmm.xlsx in the display zone. */
const exportName = (now = new Date()) => `商品列表_${fmtTime(now).replace(/\D/g, '').slice(0, 12)}.xlsx`;

/**
 * ExportGoods: the goods of the list's filters in the list's order, one row per SKU in the import's columns (so the
 * file imports back), streamed a page of goods at a time.
 */
export async function exportGoods(ctx: Ctx, q: ExportInput): Promise<BlobReply> {
  const { renterId } = renterOf(ctx);
  let categoryPath: string | undefined;
  if (q.categoryId) {
    // An unknown category lists nothing, as the list does.
    categoryPath = (await goodsRepo.categoryPath(ctx.db, renterId, q.categoryId)) ?? '/none/';
  }
  const filter: GoodsListFilter = {
    keyword: q.keyword,
    categoryPath,
    status: q.status,
    type: q.type,
    minPriceFen: q.minPrice === undefined ? undefined : yuanToFen(q.minPrice),
    maxPriceFen: q.maxPrice === undefined ? undefined : yuanToFen(q.maxPrice),
    minStock: q.minStock,
    maxStock: q.maxStock,
  };
  const total = await repo.countGoods(ctx.db, renterId, filter);
  if (total > GOODS_EXPORT_MAX) {
    throw new BizError(`一次最多导出${GOODS_EXPORT_MAX}个商品，当前筛选出${total}个，请缩小筛选范围后分批导出`);
  }
  const [categories, units] = await Promise.all([repo.categoryPaths(ctx.db, renterId), repo.units(ctx.db, renterId)]);
  const unitName = new Map(units.map((u) => [u.id, u.name]));
  const out = new PassThrough();
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const ws = wb.addWorksheet(GOODS_SHEET_NAME, { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = sheetColumns();
  ws.getRow(1).font = { bold: true };
  (async () => {
    try {
      for await (const page of repo.exportPages(ctx.db, renterId, filter, q.sorter)) {
        for (const { g, skus } of page) {
          for (const s of skus) {
            const row: Record<string, string | number> = {
              title: g.title,
              goodsNo: g.goodsNo,
              type: GOODS_TYPE_TEXT[g.type] ?? '',
              category: g.categoryId ? (categories.byId.get(g.categoryId) ?? '') : '',
              unit: g.unitId ? (unitName.get(g.unitId) ?? '') : '',
              price: fenToYuan(s.priceFen),
              originalPrice: fenToYuan(s.originalPriceFen),
              cost: fenToYuan(s.costFen),
              stock: s.stock,
              weight: s.weightG,
              code: s.code,
              barcode: s.barcode,
              sellingPoint: g.sellingPoint,
              status: GOODS_STATUS_TEXT[g.status] ?? '',
            };
            g.specNames.forEach((spec, i) => {
              row[`spec${i + 1}Name`] = spec.name;
              row[`spec${i + 1}Value`] = s.specValues[spec.name] ?? '';
            });
            ws.addRow(row).commit();
          }
        }
      }
      ws.commit();
      await wb.commit();
    } catch (err) {
      ctx.log.error({ err }, 'goods export failed');
      out.destroy(err as Error);
    }
  })();
  return { blob: true, filename: exportName(), contentType: XLSX_TYPE, body: out, headers: { 'x-total-count': String(total) } };
}
