// The fill page's own tiny client: fetch over the contract's paths. Only types come from the contract, so no zod
// (and nothing of the console) reaches this bundle.
import type { DataOf, Envelope, InputOf } from '@contract/core/endpoint';
import type { filesEndpoints } from '@contract/files/files.endpoints';
import type { fromOrderEndpoints } from '@contract/forms/form-orders.endpoints';
import type { loginEndpoints } from '@contract/login/login.endpoints';
import type { h5Endpoints } from '@contract/members/h5.endpoints';
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

/** The contract's paths of the endpoints this page calls (fromOrderEndpoints, GetArea, FromOrderUpLoad, VisitorIssue). */
export const PATHS = {
  info: '/Order/FromOrder/GetFromInfo',
  submitNum: '/Order/FromOrder/GetSubmitNum',
  create: '/Order/FromOrder/Create',
  submitCode: '/Order/FromOrder/GetSubmitCode',
  upload: '/Order/FromOrder/UpLoad',
  area: '/api/Login/GetArea',
  visitor: '/h5/Visitor/Issue',
} as const;

const BASE: string = import.meta.env.VITE_API_BASE ?? '';

export class ApiError extends Error {
  constructor(
    public readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

async function send<T>(path: string, body: BodyInit, headers: Record<string, string>, timeoutMs: number): Promise<T> {
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
  return env.data;
}

const JSON_HEADERS = { 'content-type': 'application/json' };
export const postJson = <T>(path: string, body: unknown, headers: Record<string, string> = {}) =>
  send<T>(path, JSON.stringify(body), { ...JSON_HEADERS, ...headers }, 30_000);

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
  upload: (formId: string, file: File) =>
    asVisitor((h) => {
      const fd = new FormData();
      fd.append('formId', formId);
      fd.append('file', file, file.name);
      return send<UploadedFile>(PATHS.upload, fd, h, 120_000);
    }),
};

export const errMsg = (e: unknown) => (e instanceof Error ? e.message : String(e));
