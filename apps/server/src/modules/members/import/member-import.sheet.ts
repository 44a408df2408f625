import { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import {
  MEMBER_IMPORT_BAD_FILE_MSG,
  MEMBER_IMPORT_FIELDS,
  MEMBER_IMPORT_HEADERS,
  MEMBER_IMPORT_MAX_ROWS,
  MEMBER_IMPORT_TOO_MANY_MSG,
  type MemberImportField,
} from '@shop/contract';
import ExcelJS from 'exceljs';
import { BizError, CODE } from '@/core/errors';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const MEMBER_SHEET_NAME = '会员';

const refuse = (msg: string) => new BizError(msg, CODE.validation);

/** One non-blank data row: its number in the sheet (the header is row 1) and its cells' text by 0-based column. */
export interface RawRow {
  rowNo: number;
  cells: string[];
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The text of a cell value of any kind exceljs reads; a date cell as YYYY-MM-DD (Excel dates are UTC midnights). */
export function cellText(v: ExcelJS.CellValue | undefined): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v.trim();
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : '';
  if (typeof v === 'boolean') return v ? 'TRUE' : 'FALSE';
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? '' : `${v.getUTCFullYear()}-${pad(v.getUTCMonth() + 1)}-${pad(v.getUTCDate())}`;
  if (typeof v === 'object') {
    if ('richText' in v && Array.isArray(v.richText))
      return v.richText
        .map((t) => t.text)
        .join('')
        .trim();
    if ('result' in v) return cellText((v as { result: ExcelJS.CellValue }).result);
    if ('text' in v) return cellText((v as { text: ExcelJS.CellValue }).text);
    if ('error' in v) return '';
  }
  return String(v).trim();
}

/** A header without the required mark, spaces and a bracketed hint: '手机号 *' / '性别(男/女)' → '手机号' / '性别'. */
export function normalHeader(s: string): string {
  return s
    .replace(/[*＊\s]/g, '')
    .replace(/[（(].*[)）]$/, '')
    .toLowerCase();
}

/** Other names merchants give the columns (exports of other systems). */
const ALIASES: Record<string, MemberImportField> = {
  手机: 'phone',
  手机号码: 'phone',
  电话: 'phone',
  联系电话: 'phone',
  mobile: 'phone',
  phone: 'phone',
  真实姓名: 'name',
  客户姓名: 'name',
  会员姓名: 'name',
  昵称: 'name',
  出生日期: 'birthday',
  会员等级: 'level',
  会员标签: 'tags',
};
const FIELD_BY_HEADER = new Map<string, MemberImportField>([
  ...MEMBER_IMPORT_FIELDS.map((k) => [normalHeader(MEMBER_IMPORT_HEADERS[k]), k] as const),
  ...Object.entries(ALIASES),
]);

/** The mapping the headers suggest: each field to the first column whose header names it. */
export function guessMapping(headers: string[]): Partial<Record<MemberImportField, number>> {
  const out: Partial<Record<MemberImportField, number>> = {};
  headers.forEach((h, col) => {
    const f = FIELD_BY_HEADER.get(normalHeader(h));
    if (f && out[f] === undefined) out[f] = col;
  });
  return out;
}

/** Text of a stream of UTF-8 chunks, a character split between two chunks kept whole. */
async function* utf8(chunks: AsyncIterable<Buffer | string>): AsyncGenerator<string> {
  const decoder = new StringDecoder('utf8');
  for await (const c of chunks) {
    const s = typeof c === 'string' ? c : decoder.write(c);
    if (s) yield s;
  }
  const rest = decoder.end();
  if (rest) yield rest;
}

type ReaderInternals = {
  _parseSharedStrings(entry: NodeJS.ReadableStream): AsyncGenerator<unknown>;
  _parseWorksheet(iterator: AsyncIterable<Buffer | string>, sheetNo: string): Generator<unknown>;
};
const BaseReader = ExcelJS.stream.xlsx.WorkbookReader as unknown as new (input: Readable, options: object) => ReaderInternals;

/**
 * exceljs' streaming reader decodes each chunk of the zip separately, so a Chinese character split between two chunks
 * comes out as '\uFFFD' (exceljs issues 2063, 2084; about one row in a few thousand). This reader hands it text
 * decoded across chunks instead: the shared strings' entry set to UTF-8, a worksheet's chunks decoded by one decoder.
 */
class Utf8WorkbookReader extends BaseReader {
  override _parseSharedStrings(entry: NodeJS.ReadableStream) {
    entry.setEncoding('utf8');
    return super._parseSharedStrings(entry);
  }
  override _parseWorksheet(iterator: AsyncIterable<Buffer | string>, sheetNo: string) {
    return super._parseWorksheet(utf8(iterator), sheetNo);
  }
}

/**
 * Reads an uploaded .xlsx with exceljs' streaming reader, one row at a time (never the whole workbook in memory): the
 * first sheet's header row goes to `onHeader`, then the non-blank data rows to `onBatch` in batches of `size`. Refuses
 * a file that is not an .xlsx, has no data or more than MEMBER_IMPORT_MAX_ROWS data rows.
 */
export async function readSheet(
  data: Buffer,
  onHeader: (headers: string[]) => Promise<void> | void,
  onBatch: (rows: RawRow[]) => Promise<void>,
  size = 1000,
): Promise<number> {
  // An .xlsx is a zip: PK\x03\x04. Anything else (an .xls, a CSV, an image) is refused before parsing.
  if (data.length < 4 || data.readUInt32LE(0) !== 0x04034b50) throw refuse(MEMBER_IMPORT_BAD_FILE_MSG);
  const reader = new Utf8WorkbookReader(Readable.from([data]), {
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    worksheets: 'emit',
    entries: 'emit',
  });
  let count = 0;
  let sawSheet = false;
  let batch: RawRow[] = [];
  // An error of the callbacks (the database) is theirs, not a bad file.
  let theirs: unknown;
  const call = async (fn: () => Promise<void> | void) => {
    try {
      await fn();
    } catch (err) {
      theirs = err;
      throw err;
    }
  };
  try {
    for await (const ws of reader as unknown as AsyncIterable<ExcelJS.stream.xlsx.WorksheetReader>) {
      if (sawSheet) {
        // The 说明 sheet and any other: drained, not read.
        for await (const _ of ws as unknown as AsyncIterable<ExcelJS.Row>) void _;
        continue;
      }
      sawSheet = true;
      let width = 0;
      for await (const row of ws as unknown as AsyncIterable<ExcelJS.Row>) {
        const values = row.values as ExcelJS.CellValue[];
        if (row.number === 1) {
          const headers = values.slice(1).map((v) => cellText(v));
          width = headers.length;
          await call(() => onHeader(headers));
          continue;
        }
        const cells: string[] = [];
        let blank = true;
        for (let c = 0; c < Math.max(width, values.length - 1); c++) {
          const t = cellText(values[c + 1]);
          cells.push(t);
          if (t) blank = false;
        }
        if (blank) continue;
        if (++count > MEMBER_IMPORT_MAX_ROWS) throw refuse(MEMBER_IMPORT_TOO_MANY_MSG);
        batch.push({ rowNo: row.number, cells });
        if (batch.length >= size) {
          const full = batch;
          batch = [];
          await call(() => onBatch(full));
        }
      }
    }
  } catch (err) {
    if (err instanceof BizError || (theirs && err === theirs)) throw err;
    throw refuse(MEMBER_IMPORT_BAD_FILE_MSG);
  }
  if (!sawSheet) throw refuse(MEMBER_IMPORT_BAD_FILE_MSG);
  if (batch.length) await onBatch(batch);
  return count;
}

const NOTES: [string, string][] = [
  ['手机号*', '必填，11位中国大陆手机号。同一文件内不能重复；已是会员的手机号按导入时的选择跳过或更新资料。'],
  ['姓名', '选填，不超过20个字。'],
  ['性别', '男、女或留空（未知）。'],
  ['生日', '选填，日期格式，例如 1990-01-31 或 1990/1/31。'],
  ['等级', '选填，填写「免费等级」中已启用的等级名称；会员的成长值至少为该等级的门槛，等级按成长值计算。'],
  ['标签', '选填，「标签管理」中已有的手动标签名称，多个用逗号或顿号分隔。'],
  ['成长值', '选填，不小于0的整数；只用于新会员（已是会员的成长值不变，请在成长值记录中调整）。'],
  ['备注', '选填，不超过200个字。'],
  ['限制', '每个文件最多100000行、20MB，只支持.xlsx。表头可以不同：上传后可为每一列选择对应字段，先预览校验结果，确认后才会导入。'],
  ['不导入', '余额和积分不在会员导入中（它们有自己的流水，随储值与积分功能提供）。'],
];

/** The import template: the 会员 sheet with its headers and an example row, and a 说明 sheet. */
export async function templateWorkbook(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(MEMBER_SHEET_NAME, { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = MEMBER_IMPORT_FIELDS.map((k) => ({ header: MEMBER_IMPORT_HEADERS[k], key: k, width: k === 'remark' ? 24 : 14 }));
  ws.getRow(1).font = { bold: true };
  ws.getColumn('phone').numFmt = '@';
  ws.addRow({ phone: '13800138000', name: '张三', sex: '男', birthday: '1990-01-31', level: '', tags: '', growth: 100, remark: '老客户' });
  const notes = wb.addWorksheet('说明');
  notes.columns = [
    { header: '列', key: 'col', width: 14 },
    { header: '说明', key: 'note', width: 90 },
  ];
  notes.getRow(1).font = { bold: true };
  for (const [col, note] of NOTES) notes.addRow({ col, note });
  return Buffer.from(await wb.xlsx.writeBuffer());
}
