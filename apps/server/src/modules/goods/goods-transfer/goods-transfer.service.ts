import { PassThrough } from 'node:stream';
import {
  fenToYuan,
  fileTooLargeMsg,
  GOODS_EXPORT_MAX,
  GOODS_IMPORT_MAX_MB,
  GOODS_STATUS_TEXT,
  GOODS_TYPE_TEXT,
  type goodsExportBody,
  type goodsImportBatch,
  NO_FILE_MSG,
} from '@shop/contract';
import ExcelJS from 'exceljs';
import type { z } from 'zod';
import { audit } from '@/core/audit';
import { type Ctx, inTx, renterOf } from '@/core/context';
import { BizError, CODE } from '@/core/errors';
import type { BlobReply } from '@/core/register';
import { fmtTime } from '@/core/time';
import type { GoodsListFilter } from '@/modules/goods/goods/goods.repository';
import { goodsRepo } from '@/modules/goods/goods/goods.repository';
import type { CheckedGoods } from './goods-transfer.check';
import { type GoodsImportRow, goodsTransferRepo as repo } from './goods-transfer.repository';
import { pushProgress, sendImportChunk } from './goods-transfer.runner';
import { GOODS_SHEET_NAME, readGoodsSheet, sheetColumns, templateWorkbook, XLSX_TYPE } from './goods-transfer.sheet';
import { checkAll, lookups, outcomeOf, recheck, type StoredRow, storedOf, validGoodsOf } from './goods-transfer.write';
import type { Tenant } from '@/core/tenant';
import { tenantOf } from '@/core/tenant';

type BatchView = z.output<typeof goodsImportBatch>;
type ExportInput = z.output<typeof goodsExportBody>;

const notFound = () => new BizError('导入记录不存在', CODE.notFound);

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
  const rows = storedOf(b.rows).map(({ cells: _c, ...r }) => r);
  const outcome = outcomeOf(b.rows);
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
    progress: b.status === 4 ? { done: b.importedCount, total: validGoodsOf(rows) } : null,
    error: b.status === 1 && outcome && 'error' in outcome ? outcome.error : '',
    result: b.status === 2 && outcome && 'result' in outcome ? outcome.result : null,
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
  const checked = checkAll(rows, await lookups(tenantOf(ctx), rows));
  const stored = storedRows(checked);
  await repo.purgeOld(tenantOf(ctx));
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
  const b = await repo.batch(tenantOf(ctx), id);
  if (!b) throw notFound();
  return view(b);
}

/** Why a batch cannot be confirmed or cancelled any more. */
async function notCheckedReason(tenant: Tenant, id: string): Promise<BizError> {
  const b = await repo.batch(tenant, id);
  if (!b) return notFound();
  if (b.status === 2) return new BizError('该文件已导入，请勿重复导入');
  if (b.status === 3) return new BizError('该导入已取消，请重新上传');
  if (b.status === 4) return new BizError('该文件正在导入，请勿重复导入');
  return new BizError('导入已过期，请重新上传文件');
}

/**
 * ImportConfirm: checks the batch's goods again against the data as it is now (under the goods-number lock; a refusal
 * answers at once and leaves the batch as it was), moves it to 4 (导入中) and sends the goods.import job of its first
 * chunk in the same transaction (goods-transfer.runner.ts), then answers. The row update claims the batch: of two
 * confirms at once, the second waits for the first's commit and then finds it importing. A batch an earlier import
 * left failed part-way resumes at its next_goods (the goods before it are written).
 */
export async function importConfirm(ctx: Ctx, id: string, onlyValid: boolean) {
  const { renterId } = renterOf(ctx);
  return inTx(ctx, async (tx) => {
    const batch = await repo.claim(tenantOf(tx), id, 4);
    if (!batch) throw await notCheckedReason(tenantOf(tx), id);
    await goodsRepo.lockNumbers(tenantOf(tx));
    const stored = storedOf(batch.rows);
    const { good } = await recheck(tenantOf(tx), stored, onlyValid, batch.nextGoods);
    if (!good.length) throw new BizError('没有可导入的商品');
    await sendImportChunk(tx, renterId, id, batch.nextGoods);
    const progress = { id, status: 4, done: batch.importedCount, total: validGoodsOf(stored), error: '', result: null };
    pushProgress(tx, renterId, progress);
    return { id, status: 4, total: good.length };
  });
}

/** ImportCancel: a checked batch is dropped; nothing was written. */
export async function importCancel(ctx: Ctx, id: string) {
  await inTx(ctx, async (tx) => {
    const b = await repo.claim(tenantOf(tx), id, 3);
    if (!b) throw await notCheckedReason(tenantOf(tx), id);
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
  let categoryPath: string | undefined;
  if (q.categoryId) {
    // An unknown category lists nothing, as the list does.
    categoryPath = (await goodsRepo.categoryPath(tenantOf(ctx), q.categoryId)) ?? '/none/';
  }
  const filter: GoodsListFilter = {
    keyword: q.keyword,
    categoryPath,
    status: q.status,
    type: q.type,
    minPriceFen: q.minPrice === undefined ? undefined : q.minPrice,
    maxPriceFen: q.maxPrice === undefined ? undefined : q.maxPrice,
    minStock: q.minStock,
    maxStock: q.maxStock,
  };
  const total = await repo.countGoods(tenantOf(ctx), filter);
  if (total > GOODS_EXPORT_MAX) {
    throw new BizError(`一次最多导出${GOODS_EXPORT_MAX}个商品，当前筛选出${total}个，请缩小筛选范围后分批导出`);
  }
  const [categories, units] = await Promise.all([repo.categoryPaths(tenantOf(ctx)), repo.units(tenantOf(ctx))]);
  const unitName = new Map(units.map((u) => [u.id, u.name]));
  const out = new PassThrough();
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const ws = wb.addWorksheet(GOODS_SHEET_NAME, { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = sheetColumns();
  ws.getRow(1).font = { bold: true };
  (async () => {
    try {
      for await (const page of repo.exportPages(tenantOf(ctx), filter, q.sorter)) {
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
