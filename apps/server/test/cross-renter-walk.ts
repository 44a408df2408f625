/**
 * The cross-renter walk's means (cross-renter.test.ts): which keys are ids, a made-up body for any zod schema, and one
 * call of an endpoint answered as what a user would see of it (status, content type, code, msg; data on success; a
 * spreadsheet's row count).
 */
import { randomUUID } from 'node:crypto';
import type { Endpoint } from '@shop/contract';
import ExcelJS from 'exceljs';
import { makePng, multipart } from '@/modules/files/files.fixtures';
import { AREA, FORM_FIELDS, type TestApp } from './helper';

export const ID_KEY = /^(id|ids)$|(Id|Ids|ID|IDs|GUID)$/;

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function sheetRows(data: Buffer): Promise<number> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(data as unknown as ArrayBuffer);
  return book.worksheets[0]?.actualRowCount ?? 0;
}

/** The value at a field path of a body (in an array: its first element's). */
export function getAt(body: unknown, path: string): unknown {
  let v = body;
  for (const k of path.split('.')) {
    if (v === null || typeof v !== 'object') return undefined;
    v = k === '[]' ? (v as unknown[])[0] : (v as Record<string, unknown>)[k];
  }
  return v;
}

/** Sets `value` at a field path of a body (`id`, `skus.[].skuId`: in every element of the array). */
export function setAt(body: unknown, path: string, value: unknown): void {
  const [head, ...rest] = path.split('.');
  if (body === null || typeof body !== 'object') return;
  if (head === '[]') {
    for (const el of body as unknown[]) setAt(el, rest.join('.'), value);
    return;
  }
  const o = body as Record<string, unknown>;
  if (rest.length === 0) {
    o[head] = value;
    return;
  }
  setAt(o[head], rest.join('.'), value);
}

/** Values a made-up body needs where '测试' or 1 does not pass the schema, by key. */
export const SAMPLES: Record<string, unknown> = {
  phone: '13912345678',
  area: AREA,
  pwd: 'abc12345',
  code: '123456',
  name: '测试名称',
  title: '测试标题',
  formName: '测试表单',
  url: 'https://img.example.com/a.png',
  urls: ['https://img.example.com/a.png'],
  data: `data:image/png;base64,${makePng().toString('base64')}`,
  fields: FORM_FIELDS,
  ownerCode: '123456',
  receiverCode: '123456',
  ProductLineGUID: 'social-pro',
  MdOrNf: 2,
  BuyNS: 1,
  pointsTimes: 10,
  bgColor: '#000000',
  textColor: '#ffffff',
  mapping: { phone: 0 },
  requestKey: 'cross-renter-tap',
  days: [1, 2],
  hours: [{ start: '09:00', end: '18:00' }],
  areas: ['44'],
  noDelivery: ['65'],
  companyCode: 'SF',
  trackingNo: 'SF123456',
};

// ---- Made-up bodies from zod schemas ----

// biome-ignore lint/suspicious/noExplicitAny: zod's internal definitions are walked generically
type Def = any;
const defOf = (s: unknown): Def => (s as { _zod?: { def: Def } })?._zod?.def;
const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional']);

/** Every id field's path in a schema: `id`, `list.[].id`. */
export function idPaths(s: unknown, prefix = '', out: string[] = []): string[] {
  const d = defOf(s);
  if (!d) return out;
  if (d.type === 'object')
    for (const [k, v] of Object.entries(d.shape)) {
      if (ID_KEY.test(k)) out.push(`${prefix}${k}`);
      else idPaths(v, `${prefix}${k}.`, out);
    }
  else if (WRAPPERS.has(d.type)) idPaths(d.innerType, prefix, out);
  else if (d.type === 'pipe') idPaths(d.in, prefix, out);
  else if (d.type === 'array') idPaths(d.element, `${prefix}[].`, out);
  else if (d.type === 'union') for (const o of d.options) idPaths(o, prefix, out);
  else if (d.type === 'intersection') {
    idPaths(d.left, prefix, out);
    idPaths(d.right, prefix, out);
  }
  return [...new Set(out)];
}

const isOptional = (s: unknown): boolean => {
  const d = defOf(s);
  return d?.type === 'optional' || d?.type === 'default' || d?.type === 'prefault';
};

/**
 * A value of the schema: `given(path)` for the id fields, SAMPLES by key, else the simplest value of the type.
 * Optional keys other than ids are left out.
 */
export function makeUp(s: unknown, path: string, key: string, given: (path: string, key: string) => unknown): unknown {
  const d = defOf(s);
  if (ID_KEY.test(key)) {
    const v = given(path, key) ?? SAMPLES[key];
    const array = unwrap(s)?.type === 'array';
    return array && !Array.isArray(v) && v !== undefined ? [v] : v;
  }
  if (key in SAMPLES) return SAMPLES[key];
  if (!d) return undefined;
  switch (d.type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(d.shape)) {
        const p = path ? `${path}.${k}` : k;
        if (isOptional(v) && !ID_KEY.test(k) && !idPaths(v).length) continue;
        const value = makeUp(v, p, k, given);
        if (value !== undefined) out[k] = value;
      }
      return out;
    }
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return makeUp(d.innerType, path, key, given);
    case 'pipe':
      // z.preprocess: the value is read by the schema after the transform.
      return makeUp(defOf(d.in)?.type === 'transform' ? d.out : d.in, path, key, given);
    case 'array':
      return [makeUp(d.element, `${path}.[]`, '', given)];
    case 'union':
      return makeUp(d.options[0], path, key, given);
    case 'string':
      return d.format === 'uuid' ? randomUUID() : '测试';
    case 'number':
    case 'int':
      return 1;
    case 'boolean':
      return false;
    case 'enum':
      return Object.values(d.entries)[0];
    case 'literal':
      return d.values[0];
    case 'record':
      return {};
    default:
      return null;
  }
}

function unwrap(s: unknown): Def {
  let d = defOf(s);
  while (d && (WRAPPERS.has(d.type) || d.type === 'pipe')) d = defOf(d.type === 'pipe' ? d.in : d.innerType);
  return d;
}

// ---- Calling ----

export interface Answer {
  status: number;
  type: string;
  code?: number;
  msg?: string;
  data?: unknown;
  /** A spreadsheet's rows (its first sheet, the header included). */
  rows?: number;
}

export async function send(
  t: TestApp,
  e: Endpoint,
  body: Record<string, unknown>,
  token: string,
  extra: Record<string, string> = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...(token ? { token } : {}), ...extra };
  let res: Awaited<ReturnType<TestApp['app']['inject']>>;
  if (e.multipart) {
    const parts = Object.entries(body).map(([name, v]) => ({ name, value: String(v) }));
    const m = multipart([...parts, { name: 'file', filename: 'a.png', type: 'image/png', data: makePng() }]);
    res = await t.app.inject({ method: 'POST', url: e.path, headers: { ...headers, ...m.headers }, payload: m.payload });
  } else if (e.method === 'GET') {
    res = await t.app.inject({ method: 'GET', url: e.path, headers, query: body as Record<string, string> });
  } else {
    res = await t.app.inject({ method: 'POST', url: e.path, headers, payload: body });
  }
  const type = String(res.headers['content-type'] ?? '').split(';')[0];
  if (type === XLSX) return { status: res.statusCode, type, rows: await sheetRows(res.rawPayload) };
  if (type !== 'application/json') return { status: res.statusCode, type };
  const json = res.json();
  return { status: res.statusCode, type, code: json.code, msg: json.msg, ...(json.code === 0 ? { data: json.data } : {}) };
}
