import { z } from 'zod';

/** What a role may do on a menu entry (spec 000 §6: roles grant menu entries and operations). */
export const OPS = ['view', 'edit', 'delete', 'export'] as const;
export type Op = (typeof OPS)[number];
export const OP_NAMES: Record<Op, string> = { view: '查看', edit: '编辑', delete: '删除', export: '导出' };

/** One operation on one menu entry: what a menu endpoint requires and a role grants. */
export interface MenuGrant {
  menu: string;
  op: Op;
}

/**
 * Who may call an endpoint: anyone, any logged-in session, any member of the chosen enterprise, its owner only, or the
 * members whose role grants an operation on a menu entry.
 */
export type Permission = 'public' | 'session' | 'renter' | 'owner' | EndpointGrant;

/**
 * An endpoint's menu grant; a call several screens make (an image upload) also names the other grants that let it
 * through (`or`): any one of them is enough. The service-ended rule reads the first grant's operation.
 */
export interface EndpointGrant extends MenuGrant {
  or?: readonly MenuGrant[];
}

/** A permission satisfied by any one of these grants (the first is the endpoint's own screen). */
export function anyGrant(first: MenuGrant, ...others: MenuGrant[]): EndpointGrant {
  return { ...first, or: others };
}

/** Every grant that lets an endpoint through: its own and its alternatives. */
export function acceptedGrants(p: EndpointGrant): MenuGrant[] {
  return [{ menu: p.menu, op: p.op }, ...(p.or ?? [])];
}

/** The four operations of a menu entry, for endpoint declarations: `permission: goodlist.edit`. */
export function menuPermission(menu: string): Record<Op, MenuGrant> {
  return { view: { menu, op: 'view' }, edit: { menu, op: 'edit' }, delete: { menu, op: 'delete' }, export: { menu, op: 'export' } };
}

/**
 * How a role stores a grant: the menu key for view (which also shows the entry), `key:op` for the others
 * (`Goodlist:delete`).
 */
export function grantKey(g: MenuGrant): string {
  return g.op === 'view' ? g.menu : `${g.menu}:${g.op}`;
}

/**
 * Who calls a customer-side endpoint (DESIGN §9): 'member' needs a member's token of the shop named by the call;
 * 'visitor' is open to anyone, known by a server-signed visitor id, and also callable by a logged-in member.
 */
export type CustomerActor = 'member' | 'visitor';

interface EndpointBase<B extends z.ZodType = z.ZodType, D extends z.ZodType = z.ZodType> {
  method: 'GET' | 'POST';
  /** The spec's path, to the letter. */
  path: string;
  summary: string;
  /** JSON body for POST, query string for GET. */
  body: B;
  /** The `data` of the envelope. */
  data: D;
  /** Answers a file instead of the envelope. */
  blob?: boolean;
  /** Reads multipart/form-data: the text fields are the body, the one file is the handler's ctx.upload. */
  multipart?: boolean;
  /**
   * A creation the console may send twice (double click, retry after a time-out): the console sends an
   * `Idempotency-Key` header, one per user action, and the server answers a repeat of the key with the first answer.
   */
  idempotent?: boolean;
  /** The size limit a multipart call is read within: UPLOAD_MAX_MB ('image', the default) or UPLOAD_VIDEO_MAX_MB ('video'). */
  uploadMax?: 'image' | 'video';
  /**
   * Largest body in bytes, refused before it is read (请求数据过大): by default JSON_BODY_LIMIT, PUBLIC_BODY_LIMIT for
   * public and customer-side calls; 'upload' for a base64 upload (the upload limit as base64 text). Multipart calls are read within
   * their upload limit instead.
   */
  bodyLimit?: number | 'upload';
}

/** Body limits (bytes) of JSON calls: staff calls, public calls, and the few that carry more (rich text, designers). */
export const JSON_BODY_LIMIT = 64 * 1024;
export const PUBLIC_BODY_LIMIT = 16 * 1024;
export const KB = 1024;
export const BODY_TOO_LARGE_MSG = '请求数据过大';

/** A console (staff) endpoint: a staff session's permission, or public. */
export interface StaffEndpoint<B extends z.ZodType = z.ZodType, D extends z.ZodType = z.ZodType> extends EndpointBase<B, D> {
  permission: Permission;
  actor?: undefined;
}

/** A customer-side endpoint (H5 shop, fill page): an actor instead of a menu permission; no staff token passes. */
export interface CustomerEndpoint<B extends z.ZodType = z.ZodType, D extends z.ZodType = z.ZodType> extends EndpointBase<B, D> {
  actor: CustomerActor;
  permission?: undefined;
  /**
   * A call of one shop: the SHOP_HEADER names it (checked against the shops table), and a member's token counts only
   * for that shop's renter. Every member call names its shop; the fill page's calls find the renter by the form.
   */
  shop?: true;
}

export type Endpoint<B extends z.ZodType = z.ZodType, D extends z.ZodType = z.ZodType> = StaffEndpoint<B, D> | CustomerEndpoint<B, D>;

export type EndpointMap = Record<string, Endpoint>;

/** Declares one console endpoint; keeps the literal types of body and data. */
export function endpoint<B extends z.ZodType, D extends z.ZodType>(e: StaffEndpoint<B, D>): StaffEndpoint<B, D> {
  return e;
}

/** Declares one customer-side endpoint (`actor` instead of `permission`). */
export function customerEndpoint<B extends z.ZodType, D extends z.ZodType>(e: CustomerEndpoint<B, D>): CustomerEndpoint<B, D> {
  return e;
}

/** The path prefix of the customer-side API (the H5 shop and the mini-program). */
export const H5_PREFIX = '/h5/';
/** The header naming the shop a customer-side call belongs to (module members README "Which renter"). */
export const SHOP_HEADER = 'shop-id';
/** The header carrying the server-signed visitor id of a customer who has not logged in. */
export const VISITOR_HEADER = 'visitor';
/** A visitor call without a visitor id, or with one the server did not sign (or that ran out). */
export const VISITOR_MISSING_MSG = '缺少访客标识';
export const VISITOR_INVALID_MSG = '访客标识不正确';
export const SHOP_MISSING_MSG = '店铺不存在';

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
export const FORBIDDEN_MSG = '没有权限执行此操作';
export const OWNER_ONLY_MSG = '仅企业所有者可以执行此操作';
/** A write to business data by an enterprise whose service has ended (it can still log in, look and pay). */
export const SERVICE_EXPIRED_MSG = '店铺服务已到期，续费后才能继续操作';

export const empty = z.object({});
export const nothing = z.null();

/** A sorter item of a list request (spec 000 §3). */
export const sorterItem = z.object({
  field: z.string().max(64),
  order: z.enum(['asc', 'desc', 'ascend', 'descend']),
});

/**
 * How far into a list pages reach: rows past the first 10,000 of a filter are found by narrowing it (as Taobao and
 * search engines do), so a page never makes the database walk past this many rows (DESIGN §8).
 */
export const LIST_WINDOW = 10_000;
export const LIST_WINDOW_MSG = `页码超出范围：最多可翻阅前${LIST_WINDOW}条，请使用筛选条件缩小范围`;

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
