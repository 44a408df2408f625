// The fill page's own tiny client: fetch over the contract's paths. Only types come from the contract, so no zod
// (and nothing of the console) reaches this bundle.
import type { DataOf, Envelope, InputOf } from '@contract/core/endpoint';
import type { filesEndpoints } from '@contract/files/files.endpoints';
import type { fromOrderEndpoints } from '@contract/forms/form-orders.endpoints';
import type { loginEndpoints } from '@contract/login/login.endpoints';
import type { h5Endpoints } from '@contract/members/h5.endpoints';
import routes from 'virtual:contract-routes';
import type { contract } from '@contract/index';
import { keepVisitor, keptVisitor } from './storage';

type Fill = typeof fromOrderEndpoints;

export type FormInfo = DataOf<Fill['GetFromInfo']>;
export type FormField = FormInfo['fields'][number];
export type SubmitNum = DataOf<Fill['GetSubmitNum']>;
export type SubmitResult = DataOf<Fill['Create']>;
export type SubmitCode = DataOf<Fill['GetSubmitCode']>;
export type AreaItem = DataOf<(typeof loginEndpoints)['GetArea']>[number];
export type UploadedFile = DataOf<(typeof filesEndpoints)['FromOrderUpLoad']>;
type VisitorIssued = DataOf<(typeof h5Endpoints)['VisitorIssue']>;

type Contract = typeof contract;

/**
 * The contract's path of an endpoint, from the build's `virtual:contract-routes` (tools/vite-plugins; this app's
 * build puts in only the modules of CUSTOMER_MODULES in vite.config.ts: method and path, no schema).
 */
export function pathOf<M extends keyof Contract>(module: M, name: keyof Contract[M] & string): string {
  const route = routes[module]?.[name];
  if (!route) throw new Error(`${String(module)}.${name} is not among the shop's routes (apps/shop/vite.config.ts)`);
  return route.path;
}

/** The paths of the endpoints the fill page calls. */
export const PATHS = {
  info: pathOf('fromOrder', 'GetFromInfo'),
  submitNum: pathOf('fromOrder', 'GetSubmitNum'),
  create: pathOf('fromOrder', 'Create'),
  submitCode: pathOf('fromOrder', 'GetSubmitCode'),
  upload: pathOf('files', 'FromOrderUpLoad'),
  area: pathOf('login', 'GetArea'),
  visitor: pathOf('h5', 'VisitorIssue'),
};

const BASE: string = import.meta.env.VITE_API_BASE ?? '';

export class ApiError extends Error {
  constructor(
    public readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

/** The answer's data and message (a success message the page shows, e.g. 已加入购物车（…已调整为5件）). */
async function sendFull<T>(
  path: string,
  body: BodyInit,
  headers: Record<string, string>,
  timeoutMs: number,
): Promise<{ data: T; msg: string }> {
  const ctrl = new AbortController();
  const timer = setTimeout(() => ctrl.abort(), timeoutMs);
  let res: Response;
  try {
    res = await fetch(BASE + path, { method: 'POST', headers, body, signal: ctrl.signal });
  } catch {
    throw new ApiError(-1, ctrl.signal.aborted ? '请求超时，请稍后再试' : '网络异常，请检查网络后重试');
  } finally {
    clearTimeout(timer);
  }
  let env: Envelope<T> | undefined;
  try {
    env = (await res.json()) as Envelope<T>;
  } catch {
    env = undefined;
  }
  if (!env || typeof env.code !== 'number') throw new ApiError(res.status, `请求失败（${res.status}）`);
  if (env.code !== 0) throw new ApiError(env.code, env.msg || `请求失败（${env.code}）`);
  return { data: env.data, msg: env.msg };
}

const send = async <T>(path: string, body: BodyInit, headers: Record<string, string>, timeoutMs: number): Promise<T> =>
  (await sendFull<T>(path, body, headers, timeoutMs)).data;

/** One file (multipart field `file`) after the text fields (the server reads them first); two minutes to send. */
export function postFile<T>(path: string, file: File, headers: Record<string, string>, fields: Record<string, string> = {}): Promise<T> {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  fd.append('file', file, file.name);
  return send<T>(path, fd, headers, 120_000);
}

const JSON_HEADERS = { 'content-type': 'application/json' };
export const postJsonFull = <T>(path: string, body: unknown, headers: Record<string, string> = {}) =>
  sendFull<T>(path, JSON.stringify(body), { ...JSON_HEADERS, ...headers }, 30_000);
export const postJson = async <T>(path: string, body: unknown, headers: Record<string, string> = {}) =>
  (await postJsonFull<T>(path, body, headers)).data;

/**
 * The visitor id the server signed for this browser (header `visitor`): asked for once per page load, renewed with the
 * kept one (the same id); a kept one the server refuses (another server secret, run out) is replaced by a new one.
 */
let visitorReady: Promise<string> | null = null;
function visitor(): Promise<string> {
  visitorReady ??= (async () => {
    const kept = keptVisitor();
    let issued: VisitorIssued | undefined;
    if (kept) issued = await postJson<VisitorIssued>(PATHS.visitor, {}, { visitor: kept }).catch(() => undefined);
    issued ??= await postJson<VisitorIssued>(PATHS.visitor, {});
    keepVisitor(issued.visitor);
    return issued.visitor;
  })();
  visitorReady.catch(() => {
    visitorReady = null;
  });
  return visitorReady;
}

/** A call as this visitor; a visitor id refused meanwhile (401) is replaced once and the call made again. */
async function asVisitor<T>(call: (headers: Record<string, string>) => Promise<T>): Promise<T> {
  try {
    return await call({ visitor: await visitor() });
  } catch (e) {
    if (!(e instanceof ApiError) || e.code !== 401) throw e;
    keepVisitor(null);
    visitorReady = null;
    return call({ visitor: await visitor() });
  }
}

export const h5api = {
  info: (b: InputOf<Fill['GetFromInfo']>) => postJson<FormInfo>(PATHS.info, b),
  submitNum: (b: InputOf<Fill['GetSubmitNum']>) => asVisitor((h) => postJson<SubmitNum>(PATHS.submitNum, b, h)),
  create: (b: InputOf<Fill['Create']>) => asVisitor((h) => postJson<SubmitResult>(PATHS.create, b, h)),
  submitCode: (b: InputOf<Fill['GetSubmitCode']>) => asVisitor((h) => postJson<SubmitCode>(PATHS.submitCode, b, h)),
  area: (code: string) => postJson<AreaItem[]>(PATHS.area, { code }),
  /** Multipart: formId, then the one file (the server reads text fields before the file); the visitor in its header. */
  upload: (formId: string, file: File) => asVisitor((h) => postFile<UploadedFile>(PATHS.upload, file, h, { formId })),
};

export const errMsg = (e: unknown) => (e instanceof Error ? e.message : String(e));
