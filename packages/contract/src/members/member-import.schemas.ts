import { z } from 'zod';
import { listOf, listQuery } from '../core/endpoint';

/** At most this many data rows in one member import file. */
export const MEMBER_IMPORT_MAX_ROWS = 100_000;
export const MEMBER_IMPORT_TOO_MANY_MSG = `导入数据不能超过${MEMBER_IMPORT_MAX_ROWS}行`;
/** An import file is at most this many MB. */
export const MEMBER_IMPORT_MAX_MB = 20;
export const MEMBER_IMPORT_BAD_FILE_MSG = '文件格式不正确，请上传.xlsx文件';
export const MEMBER_IMPORT_EMPTY_MSG = '文件中没有会员数据';

/** The fields a column of the file can be mapped to, in the template's order. */
export const MEMBER_IMPORT_FIELDS = ['phone', 'name', 'sex', 'birthday', 'level', 'tags', 'growth', 'remark'] as const;
export type MemberImportField = (typeof MEMBER_IMPORT_FIELDS)[number];
/** The template's headers; * marks the one column every file needs. */
export const MEMBER_IMPORT_HEADERS: Record<MemberImportField, string> = {
  phone: '手机号*',
  name: '姓名',
  sex: '性别',
  birthday: '生日',
  level: '等级',
  tags: '标签',
  growth: '成长值',
  remark: '备注',
};

/** 1 checked (preview; also after a failed import, with its error), 2 imported, 3 cancelled, 4 importing. */
export const MEMBER_IMPORT_STATUS = { checked: 1, imported: 2, cancelled: 3, importing: 4 } as const;
export const MEMBER_IMPORT_STATUS_TEXT: Record<number, string> = { 1: '待确认', 2: '已完成', 3: '已取消', 4: '导入中' };
/** What to do with a phone that is already a member: 1 skip the row, 2 update the member's profile. */
export const MEMBER_IMPORT_EXISTING = { skip: 1, update: 2 } as const;
/**
 * A row's result: 0 a new member (preview) / waiting, 1 created, 2 updated, 3 already a member (preview) / skipped,
 * 4 bad (never imported).
 */
export const MEMBER_IMPORT_RESULT = { waiting: 0, created: 1, updated: 2, existing: 3, bad: 4 } as const;
export const MEMBER_IMPORT_RESULT_TEXT: Record<number, string> = { 0: '待导入', 1: '新增', 2: '已更新', 3: '已是会员', 4: '错误' };
/** Hub event (enterprise room) with a memberImportProgress while an import runs, and when it ends. */
export const MEMBER_IMPORT_PROGRESS_EVENT = 'memberImportProgress';
export const MEMBER_IMPORT_INTERRUPTED_MSG = '导入中断，请重新确认导入';

const id = z.string({ error: '缺少id' }).uuid('导入记录id不正确');

/** field → 0-based column of the file; a field left out is not imported. */
export const memberImportMapping = z
  .partialRecord(z.enum(MEMBER_IMPORT_FIELDS), z.number({ error: '列不正确' }).int().min(0).max(199))
  .refine((m) => m.phone !== undefined, '请为手机号选择对应的列')
  .refine((m) => new Set(Object.values(m)).size === Object.values(m).length, '同一列不能对应多个字段');

/** Counts of a checked or imported batch. */
export const memberImportCounts = z.object({
  total: z.number().int(),
  /** Rows without errors (new members and existing ones). */
  good: z.number().int(),
  bad: z.number().int(),
  /** Good rows whose phone is already a member (at the check). */
  existing: z.number().int(),
});

export const memberImportView = z.object({
  id: z.string(),
  fileName: z.string(),
  status: z.number().int(),
  statusText: z.string(),
  existing: z.number().int(),
  /** The file's header row, by column. */
  headers: z.array(z.string()),
  mapping: z.record(z.string(), z.number().int()),
  counts: memberImportCounts,
  /** Rows handled by the import so far and what it did. */
  doneRows: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  skipped: z.number().int(),
  /** Status 1 after a failed or interrupted import: why ('' otherwise). */
  error: z.string(),
  operator: z.string(),
  createTime: z.string(),
  finishTime: z.string(),
});
export type MemberImportView = z.output<typeof memberImportView>;

export const memberImportRow = z.object({
  row: z.number().int(),
  phone: z.string(),
  name: z.string(),
  /** The mapped fields as written in the file. */
  data: z.record(z.string(), z.string()),
  error: z.string(),
  result: z.number().int(),
  resultText: z.string(),
  memberId: z.string().nullable(),
});

export const memberImportListBody = listQuery.extend({
  status: z.coerce.number().int().min(0).max(4).optional().default(0),
});
export const memberImportListRow = memberImportView.omit({ headers: true, mapping: true });
export const memberImportList = listOf(memberImportListRow);

export const memberImportIdBody = z.object({ id });
export const memberImportIdsBody = z.object({
  ids: z.array(id, { error: '请选择导入记录' }).min(1, '请选择导入记录').max(100, '一次最多删除100条'),
});
/** CheckUserPhone: check every row again with this column mapping. */
export const memberImportCheckBody = z.object({ id, mapping: memberImportMapping });

/** Which rows a page lists: all, bad, already members / skipped, new / created, updated. */
export const MEMBER_IMPORT_ROW_FILTER = ['all', 'bad', 'existing', 'created', 'updated'] as const;
export const memberImportRowsBody = z.object({
  id,
  filter: z.enum(MEMBER_IMPORT_ROW_FILTER, { error: '筛选条件不正确' }).optional().default('all'),
  /** Rows from this file row on (rows past the first pages of a large file are reached this way). */
  fromRow: z.coerce.number().int().min(0).optional().default(0),
  page_index: z.coerce.number().int().min(1, '页码必须大于0').default(1),
  page_size: z.coerce.number().int().min(1, '每页条数必须大于0').max(200, '每页条数不能超过200').default(20),
});
export const memberImportRows = listOf(memberImportRow);
export const memberImportDetail = z.object({ import: memberImportView, rows: memberImportRows });

export const memberImportDataBody = z.object({
  id,
  existing: z.coerce
    .number({ error: '请选择已是会员的处理方式' })
    .int()
    .refine((v) => v === 1 || v === 2, '已是会员的处理方式不正确')
    .optional()
    .default(1),
  onlyValid: z.boolean({ error: 'onlyValid不正确' }).optional().default(false),
});
export const memberImportStarted = z.object({ id: z.string(), status: z.number().int(), total: z.number().int() });

/** The MEMBER_IMPORT_PROGRESS_EVENT payload. */
export const memberImportProgress = z.object({
  id: z.string(),
  status: z.number().int(),
  done: z.number().int(),
  total: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  skipped: z.number().int(),
  error: z.string(),
});
export type MemberImportProgress = z.output<typeof memberImportProgress>;
