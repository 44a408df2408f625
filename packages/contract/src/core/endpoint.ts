import { z } from 'zod';

/** Who may call an endpoint: anyone, any logged-in session, or holders of a menu key. */
export type Permission = 'public' | 'session' | 'renter' | { menu: string };

export interface Endpoint<B extends z.ZodType = z.ZodType, D extends z.ZodType = z.ZodType> {
  method: 'GET' | 'POST';
  /** The spec's path, to the letter. */
  path: string;
  summary: string;
  /** JSON body for POST, query string for GET. */
  body: B;
  /** The `data` of the envelope. */
  data: D;
  permission: Permission;
  /** Answers a file instead of the envelope. */
  blob?: boolean;
  /** Reads multipart/form-data: the text fields are the body, the one file is the handler's ctx.upload. */
  multipart?: boolean;
  /** The size limit a multipart call is read within: UPLOAD_MAX_MB ('image', the default) or UPLOAD_VIDEO_MAX_MB ('video'). */
  uploadMax?: 'image' | 'video';
}

export type EndpointMap = Record<string, Endpoint>;

/** Declares one endpoint; keeps the literal types of body and data. */
export function endpoint<B extends z.ZodType, D extends z.ZodType>(e: Endpoint<B, D>): Endpoint<B, D> {
  return e;
}

export type BodyOf<E extends Endpoint> = z.output<E['body']>;
export type InputOf<E extends Endpoint> = z.input<E['body']>;
export type DataOf<E extends Endpoint> = z.output<E['data']>;

/** The answer of every call (spec 000 §7.1). */
export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

export const EXPIRED_MSG = '登录信息已过期请重新登录。';

export const empty = z.object({});
export const nothing = z.null();

/** A sorter item of a list request (spec 000 §3). */
export const sorterItem = z.object({
  field: z.string().max(64),
  order: z.enum(['asc', 'desc', 'ascend', 'descend']),
});

/** page_index, page_size, keyword, sorter: the list request of spec 000 §3. */
export const listQuery = z.object({
  page_index: z.coerce.number().int().min(1, '页码必须大于0').default(1),
  page_size: z.coerce.number().int().min(1, '每页条数必须大于0').max(200, '每页条数不能超过200').default(10),
  keyword: z.string().trim().max(100, '关键字不能超过100个字').optional().default(''),
  sorter: z.array(sorterItem).max(5).optional().default([]),
});
export type ListQuery = z.output<typeof listQuery>;

/** {rows, total_count} */
export function listOf<T extends z.ZodType>(row: T) {
  // total_estimated: total_count is the database's estimate, past the exact-count bound of very large lists.
  return z.object({ rows: z.array(row), total_count: z.number().int(), total_estimated: z.boolean().optional() });
}
export interface ListResult<T> {
  rows: T[];
  total_count: number;
  total_estimated?: boolean;
}
