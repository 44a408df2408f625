import {
  GOODS_IMPORT_BAD_FILE_MSG,
  GOODS_IMPORT_MAX_ROWS,
  GOODS_SHEET_HEADERS,
  GOODS_SHEET_KEYS,
  type GoodsSheetKey,
} from '@shop/contract';
import ExcelJS from 'exceljs';
import { BizError, CODE } from '@/core/errors';
import { fmtTime } from '@/core/time';

/** The cells of one data row, by column, as trimmed text ('' for a blank cell). */
export type Cells = Record<GoodsSheetKey, string>;

/** One non-blank data row of the spreadsheet; row is its number in the sheet (the header is row 1). */
export interface SheetRow {
  row: number;
  cells: Cells;
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const GOODS_SHEET_NAME = '商品';

const refuse = (msg: string) => new BizError(msg, CODE.validation);

/** A header as written, without the required mark, spaces, and with ASCII brackets: '售价 *' → '售价'. */
function normalHeader(s: string): string {
  return s
    .replace(/[*＊\s]/g, '')
    .replace(/（/g, '(')
    .replace(/）/g, ')');
}

const KEY_BY_HEADER = new Map<string, GoodsSheetKey>(GOODS_SHEET_KEYS.map((k) => [normalHeader(GOODS_SHEET_HEADERS[k]), k]));
/** A header with a hint in brackets, e.g. 商品类型(实物/虚拟/服务), still names its column. */
function keyOfHeader(text: string): GoodsSheetKey | undefined {
  const h = normalHeader(text);
  return KEY_BY_HEADER.get(h) ?? KEY_BY_HEADER.get(h.replace(/\(.*\)$/, ''));
}

/** The text of a cell value of any kind exceljs reads (formulas give their result, rich text its plain text). */
export function cellText(v: ExcelJS.CellValue | undefined): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v.trim();
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : '';
  if (typeof v === 'boolean') return v ? 'TRUE' : 'FALSE';
  if (v instanceof Date) return fmtTime(v);
  if (typeof v === 'object') {
    if ('richText' in v && Array.isArray(v.richText))
      return v.richText
        .map((t) => t.text)
        .join('')
        .trim();
    if ('result' in v) return cellText(v.result as ExcelJS.CellValue);
    if ('text' in v) return cellText((v as { text: ExcelJS.CellValue }).text);
    if ('error' in v) return '';
  }
  return String(v).trim();
}

/** The sheet holding the goods: the one named 商品, else the first that is not the 说明 sheet. */
function goodsSheet(wb: ExcelJS.Workbook): ExcelJS.Worksheet | undefined {
  return wb.getWorksheet(GOODS_SHEET_NAME) ?? wb.worksheets.find((w) => w.name !== '说明') ?? wb.worksheets[0];
}

/**
 * Reads the data rows of an uploaded .xlsx. Columns are found by their headers (row 1), so their order does not
 * matter; blank rows are skipped. Refuses a file that is not an .xlsx, lacks a required column, has no data or more
 * than GOODS_IMPORT_MAX_ROWS rows.
 */
export async function readGoodsSheet(data: Buffer): Promise<SheetRow[]> {
  // An .xlsx is a zip: PK\x03\x04. Anything else (an .xls, a CSV, an image) is refused before parsing.
  if (data.length < 4 || data.readUInt32LE(0) !== 0x04034b50) throw refuse(GOODS_IMPORT_BAD_FILE_MSG);
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(data as unknown as ExcelJS.Buffer);
  } catch {
    throw refuse(GOODS_IMPORT_BAD_FILE_MSG);
  }
  const ws = goodsSheet(wb);
  if (!ws) throw refuse(GOODS_IMPORT_BAD_FILE_MSG);
  const columns = new Map<number, GoodsSheetKey>();
  ws.getRow(1).eachCell((cell, col) => {
    const key = keyOfHeader(cellText(cell.value));
    if (key && ![...columns.values()].includes(key)) columns.set(col, key);
  });
  const found = new Set(columns.values());
  for (const key of ['title', 'price', 'stock'] as const) {
    if (!found.has(key)) throw refuse(`文件缺少「${normalHeader(GOODS_SHEET_HEADERS[key])}」列，请使用导入模板`);
  }
  const rows: SheetRow[] = [];
  let tooMany = false;
  ws.eachRow((r, n) => {
    if (n === 1 || tooMany) return;
    const cells = Object.fromEntries(GOODS_SHEET_KEYS.map((k) => [k, ''])) as Cells;
    let blank = true;
    for (const [col, key] of columns) {
      const text = cellText(r.getCell(col).value);
      cells[key] = text;
      if (text) blank = false;
    }
    if (blank) return;
    rows.push({ row: n, cells });
    if (rows.length > GOODS_IMPORT_MAX_ROWS) tooMany = true;
  });
  if (tooMany) throw refuse(`每次最多导入${GOODS_IMPORT_MAX_ROWS}行商品数据，请分多个文件导入`);
  if (!rows.length) throw refuse('文件中没有商品数据');
  return rows;
}

/** Column widths of the goods sheet, by key. */
const WIDTHS: Partial<Record<GoodsSheetKey, number>> = { title: 28, category: 16, barcode: 18, code: 14, sellingPoint: 24, goodsNo: 14 };
export const sheetColumns = () => GOODS_SHEET_KEYS.map((k) => ({ header: GOODS_SHEET_HEADERS[k], key: k, width: WIDTHS[k] ?? 11 }));

const NOTES: [string, string][] = [
  [
    '商品名称*',
    '必填，不超过100个字。同一商品的多个规格写成多行：商品编号相同的行（或商品编号为空时，相邻且商品名称相同的行）是同一个商品。',
  ],
  ['商品编号', '选填，不超过32个字。留空则自动生成；填写已存在的商品编号时，导入会更新该商品（名称、分类、规格和价格库存等以表格为准）。'],
  ['商品类型', '实物、虚拟或服务；新商品留空为实物，已有商品留空保持不变。'],
  ['商品分类', '填写完整的分类路径，用 / 分隔，例如：烘焙/面包。分类须已在「商品分类」中建好。'],
  ['单位', '填写「商品单位」中已有的单位名称，例如：个。'],
  ['规格1名称 ~ 规格3名称', '最多3种规格，例如：颜色、尺码。没有规格的商品留空，只写一行。'],
  ['规格1值 ~ 规格3值', '本行规格的值，例如：红、M。所有规格值的每一种组合都须有一行。'],
  ['售价*', '必填，单位元，最多两位小数，不能小于0。'],
  ['原价 / 成本价', '选填，单位元，最多两位小数。'],
  ['库存*', '必填，不小于0的整数。'],
  ['重量(克)', '选填，整数，单位克。'],
  ['规格编码 / 条形码', '选填，不超过50个字；同一商品内条形码不能重复。'],
  ['卖点', '选填，不超过60个字。'],
  ['状态', '上架或下架；新商品留空为下架，已有商品留空保持不变。'],
  ['限制', '每个文件最多5000行、5MB，只支持.xlsx。上传后先预览校验结果，确认后才会导入。'],
];

/** The import template: the goods sheet with its headers and sample rows, and a 说明 sheet. */
export async function templateWorkbook(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(GOODS_SHEET_NAME, { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = sheetColumns();
  ws.getRow(1).font = { bold: true };
  const sample = { type: '实物', category: '烘焙/面包', unit: '个', status: '下架' };
  ws.addRow({
    title: '全麦吐司',
    goodsNo: '',
    price: 12.5,
    originalPrice: 15,
    cost: 6,
    stock: 100,
    weight: 400,
    sellingPoint: '当日现烤',
    ...sample,
  });
  for (const [size, price, stock] of [
    ['小份', 18, 30],
    ['大份', 28, 20],
  ] as const) {
    ws.addRow({ title: '牛角包礼盒', spec1Name: '规格', spec1Value: size, price, stock, ...sample });
  }
  const notes = wb.addWorksheet('说明');
  notes.columns = [
    { header: '列', key: 'col', width: 22 },
    { header: '说明', key: 'note', width: 90 },
  ];
  notes.getRow(1).font = { bold: true };
  for (const [col, note] of NOTES) notes.addRow({ col, note });
  return Buffer.from(await wb.xlsx.writeBuffer());
}
