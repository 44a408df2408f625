import { z } from 'zod';

/** Chinese names of fields, for messages zod writes itself (our own schemas carry their messages). */
const FIELD_LABELS: Record<string, string> = {
  page_index: '页码',
  page_size: '每页条数',
  keyword: '关键字',
  sorter: '排序',
  field: '排序字段',
  order: '排序方向',
  ids: '选中的数据',
  id: 'id',
  status: '状态',
  phone: '手机号',
  pwd: '密码',
  code: '验证码',
  type: '类型',
  name: '名称',
  url: '地址',
  stime: '开始时间',
  endtime: '结束时间',
};

const zh = z.locales.zhCN().localeError;

function labelOf(path: PropertyKey[]): string {
  const last = [...path].reverse().find((p) => typeof p === 'string') as string | undefined;
  if (!last) return '';
  return FIELD_LABELS[last] ?? last;
}

/** Messages zod writes itself are Chinese and start with the field's name. */
export function installZodMessages() {
  z.config({
    customError(iss) {
      // The unknown keys are the sender's text: never echoed.
      if (iss.code === 'unrecognized_keys') return '包含无法识别的字段';
      const base = zh(iss as never);
      const msg = typeof base === 'string' ? base : (base?.message ?? '参数错误');
      const label = labelOf(iss.path ?? []);
      return label ? `${label}：${msg}` : msg;
    },
  });
}

export interface FieldError {
  field: string;
  msg: string;
}

/** At most this many errors per answer, each message at most MSG_MAX characters (a big bad body gets a small answer). */
export const ERRORS_MAX = 10;
const MSG_MAX = 200;
const FIELD_MAX = 100;

export function fieldErrors(err: z.ZodError): FieldError[] {
  return err.issues.slice(0, ERRORS_MAX).map((i) => ({
    field: i.path.map(String).join('.').slice(0, FIELD_MAX),
    msg: i.message.slice(0, MSG_MAX),
  }));
}

/** A NUL (PostgreSQL text cannot hold it) or a UTF-16 surrogate without its pair (not text at all). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const isBadText = (v: string) => v.includes('\0') || LONE_SURROGATE.test(v);
export const BAD_TEXT_MSG = '包含无效字符';

/** How deep the walk goes: no schema of the contract nests further, so deeper data is refused by the schema itself. */
const DEPTH_MAX = 32;
/** The last step of a path whose key (not value) holds bad text. */
const KEY = Symbol('key');

/** The path of the first string (value or key, at any depth) holding bad text; null when there is none. */
export function badTextPath(v: unknown, path: (string | number | typeof KEY)[] = []): (string | number | typeof KEY)[] | null {
  if (typeof v === 'string') return isBadText(v) ? path : null;
  if (path.length > DEPTH_MAX) return null;
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) {
      const p = badTextPath(v[i], [...path, i]);
      if (p) return p;
    }
  } else if (v && typeof v === 'object') {
    for (const [k, x] of Object.entries(v)) {
      if (isBadText(k)) return [...path, KEY];
      const p = badTextPath(x, [...path, k]);
      if (p) return p;
    }
  }
  return null;
}

type Def = { type: string; [k: string]: unknown };
const defOf = (s: z.ZodType) => (s as unknown as { _zod: { def: Def } })._zod.def;

/** The schema of one field of a body, following objects, arrays, records and wrappers; undefined when not found. */
function schemaAt(schema: z.ZodType, path: (string | number)[]): z.ZodType | undefined {
  let s: z.ZodType | undefined = schema;
  for (let i = 0; s && i <= path.length; ) {
    const d = defOf(s);
    if (['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional'].includes(d.type)) s = d.innerType as z.ZodType;
    else if (d.type === 'pipe') s = d.in as z.ZodType;
    else if (i === path.length) return s;
    else if (d.type === 'object') s = (d.shape as Record<string, z.ZodType>)[String(path[i++])];
    else if (d.type === 'array' || d.type === 'record') {
      s = (d.type === 'array' ? d.element : d.valueType) as z.ZodType;
      i++;
    } else if (d.type === 'union') s = (d.options as z.ZodType[]).find((o) => ['object', 'array'].includes(defOf(o).type));
    else return undefined;
  }
  return s;
}

/**
 * A field's Chinese name, from the messages its own schema refuses an empty or a far too long value with
 * (请输入商品名称 → 商品名称, 规格编码不能超过50个字 → 规格编码); else labelOf.
 */
function fieldLabel(schema: z.ZodType, path: (string | number)[]): string {
  const s = schemaAt(schema, path);
  for (const probe of [undefined, '', 'x'.repeat(100_000)]) {
    let msg = '';
    try {
      msg = s?.safeParse(probe).error?.issues[0]?.message ?? '';
    } catch {
      // An asynchronous refinement cannot be probed: the key names the field.
    }
    const m = /^(?:请输入|请选择|请填写|缺少)(.{1,20})$/.exec(msg) ?? /^([^：:，,]{1,20}?)(?:不能超过|过长)/.exec(msg);
    if (m) return m[1];
  }
  return labelOf(path) || '请求数据';
}

/**
 * Validates a body: bad text anywhere is refused first, naming the field (商品名称：包含无效字符), then the schema; a
 * refusal lists at most ERRORS_MAX bounded errors and never the values sent.
 */
export function parseBody<S extends z.ZodType>(
  schema: S,
  raw: unknown,
): { success: true; data: z.output<S> } | { success: false; errors: FieldError[] } {
  const bad = badTextPath(raw);
  if (bad) {
    const path = bad.filter((p) => p !== KEY) as (string | number)[];
    const label = bad.at(-1) === KEY ? '字段名称' : fieldLabel(schema, path);
    return { success: false, errors: [{ field: path.join('.').slice(0, FIELD_MAX), msg: `${label}：${BAD_TEXT_MSG}` }] };
  }
  const parsed = schema.safeParse(raw);
  return parsed.success ? { success: true, data: parsed.data } : { success: false, errors: fieldErrors(parsed.error) };
}
