import { z } from 'zod';
import { goodsListBody } from './goods.schemas';

/** At most this many data rows (one per SKU) in one import file. */
export const GOODS_IMPORT_MAX_ROWS = 5000;
/** An import file is at most this many MB. */
export const GOODS_IMPORT_MAX_MB = 5;
/** An export holds at most this many goods. */
export const GOODS_EXPORT_MAX = 50_000;
export const GOODS_IMPORT_BAD_FILE_MSG = '文件格式不正确，请上传.xlsx文件';

/** The keys of the columns of the goods spreadsheet (import template and export), in order. */
export const GOODS_SHEET_KEYS = [
  'title',
  'goodsNo',
  'type',
  'category',
  'unit',
  'spec1Name',
  'spec1Value',
  'spec2Name',
  'spec2Value',
  'spec3Name',
  'spec3Value',
  'price',
  'originalPrice',
  'cost',
  'stock',
  'weight',
  'code',
  'barcode',
  'sellingPoint',
  'status',
] as const;
export type GoodsSheetKey = (typeof GOODS_SHEET_KEYS)[number];

/** The headers of the goods spreadsheet: one row per SKU; * marks a column every row of a goods needs. */
export const GOODS_SHEET_HEADERS: Record<GoodsSheetKey, string> = {
  title: '商品名称*',
  goodsNo: '商品编号',
  type: '商品类型',
  category: '商品分类',
  unit: '单位',
  spec1Name: '规格1名称',
  spec1Value: '规格1值',
  spec2Name: '规格2名称',
  spec2Value: '规格2值',
  spec3Name: '规格3名称',
  spec3Value: '规格3值',
  price: '售价*',
  originalPrice: '原价',
  cost: '成本价',
  stock: '库存*',
  weight: '重量(克)',
  code: '规格编码',
  barcode: '条形码',
  sellingPoint: '卖点',
  status: '状态',
};

/** 商品类型 as written in the spreadsheet. */
export const GOODS_TYPE_TEXT: Record<number, string> = { 1: '实物', 2: '虚拟', 3: '服务' };
/** 状态 as written in the spreadsheet (定时开售 only keeps an existing goods' schedule). */
export const GOODS_STATUS_TEXT: Record<number, string> = { 1: '上架', 0: '下架', 2: '定时开售' };

/** ExportGoods: the filters of Goods/list (keyword, category, status tab, ranges, sorter), without paging. */
export const goodsExportBody = goodsListBody.omit({ page_index: true, page_size: true });

/**
 * 1 checked (the preview; also after a failed or interrupted import, with its error), 2 imported, 3 cancelled,
 * 4 importing (confirmed, written in the background).
 */
export const GOODS_IMPORT_STATUS = { checked: 1, imported: 2, cancelled: 3, importing: 4 } as const;
/** Hub event (enterprise room) with a goodsImportProgress while a confirmed import is written, and when it ends. */
export const GOODS_IMPORT_PROGRESS_EVENT = 'goodsImportProgress';
/** An import interrupted by a stop or crash of the server (its transaction rolled back: nothing was written). */
export const GOODS_IMPORT_INTERRUPTED_MSG = '导入中断，请重新确认导入';

/** One data row of an import as the preview shows it. */
export const goodsImportRow = z.object({
  /** The row number in the spreadsheet (the header is row 1). */
  row: z.number().int(),
  /** Which goods of the file (1, 2, …): rows of one goods share it. */
  goodsIndex: z.number().int(),
  title: z.string(),
  goodsNo: z.string(),
  /** The SKU's spec values, '红 / M' ('' without specs). */
  specText: z.string(),
  price: z.string(),
  stock: z.string(),
  /** create: a new goods; update: its goods number exists and the goods will be updated. */
  action: z.enum(['create', 'update']),
  /** false when this row or another row of the same goods has an error. */
  goodsOk: z.boolean(),
  /** This row's errors, each `第N行：…`. */
  errors: z.array(z.string()),
});

/** created / updated goods; unchanged: existing numbers whose row matched the goods as it is; skipped: goods with errors. */
export const goodsImportResult = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  skipped: z.number().int(),
});

/** Goods written so far of the goods being imported. */
export const goodsImportCount = z.object({ done: z.number().int(), total: z.number().int() });

/** A checked import (ImportCheck, ImportDetail). */
export const goodsImportBatch = z.object({
  id: z.string(),
  fileName: z.string(),
  status: z.number().int(),
  goodsCount: z.number().int(),
  validGoods: z.number().int(),
  badGoods: z.number().int(),
  totalRows: z.number().int(),
  badRows: z.number().int(),
  importedCount: z.number().int(),
  createTime: z.string(),
  importTime: z.string(),
  /** Status 4 on the instance writing it: goods written / goods to write; otherwise null. */
  progress: goodsImportCount.nullable(),
  /** Status 1 after a failed or interrupted import: why ('' otherwise). */
  error: z.string(),
  /** Status 2: what the import did. */
  result: goodsImportResult.nullable(),
  rows: z.array(goodsImportRow),
});

/** ImportConfirm: the import started (status 4); total goods to write. */
export const goodsImportStarted = z.object({ id: z.string(), status: z.number().int(), total: z.number().int() });

/** The GOODS_IMPORT_PROGRESS_EVENT payload: status 4 with done / total, then 2 with result or 1 with error. */
export const goodsImportProgress = z.object({
  id: z.string(),
  status: z.number().int(),
  done: z.number().int(),
  total: z.number().int(),
  error: z.string(),
  result: goodsImportResult.nullable(),
});
export type GoodsImportProgress = z.output<typeof goodsImportProgress>;

export const goodsImportIdBody = z.object({ id: z.string({ error: '缺少id' }).uuid('id不正确') });
/** ImportConfirm: onlyValid imports the goods without errors and skips the others. */
export const goodsImportConfirmBody = goodsImportIdBody.extend({
  onlyValid: z.boolean({ error: 'onlyValid不正确' }).optional().default(false),
});
