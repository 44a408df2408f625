// The fill page's own tiny client: fetch over the contract's paths. Only types come from the contract, so no zod
// (and nothing of the console) reaches this bundle.
import type { DataOf, Envelope, InputOf } from '@contract/core/endpoint';
import type { filesEndpoints } from '@contract/files/files.endpoints';
import type { fromOrderEndpoints } from '@contract/forms/form-orders.endpoints';
import type { loginEndpoints } from '@contract/login/login.endpoints';

type Fill = typeof fromOrderEndpoints;

export type FormInfo = DataOf<Fill['GetFromInfo']>;
export type FormField = FormInfo['fields'][number];
export type SubmitNum = DataOf<Fill['GetSubmitNum']>;
export type SubmitResult = DataOf<Fill['Create']>;
export type SubmitCode = DataOf<Fill['GetSubmitCode']>;
export type AreaItem = DataOf<(typeof loginEndpoints)['GetArea']>[number];
export type UploadedFile = DataOf<(typeof filesEndpoints)['FromOrderUpLoad']>;

/** The contract's paths of the endpoints this page calls (fromOrderEndpoints, GetArea, FromOrderUpLoad). */
export const PATHS = {
  info: '/Order/FromOrder/GetFromInfo',
  submitNum: '/Order/FromOrder/GetSubmitNum',
  create: '/Order/FromOrder/Create',
  submitCode: '/Order/FromOrder/GetSubmitCode',
  upload: '/Order/FromOrder/UpLoad',
  area: '/api/Login/GetArea',
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

const postJson = <T>(path: string, body: unknown) => send<T>(path, JSON.stringify(body), { 'content-type': 'application/json' }, 30_000);

export const h5api = {
  info: (b: InputOf<Fill['GetFromInfo']>) => postJson<FormInfo>(PATHS.info, b),
  submitNum: (b: InputOf<Fill['GetSubmitNum']>) => postJson<SubmitNum>(PATHS.submitNum, b),
  create: (b: InputOf<Fill['Create']>) => postJson<SubmitResult>(PATHS.create, b),
  submitCode: (b: InputOf<Fill['GetSubmitCode']>) => postJson<SubmitCode>(PATHS.submitCode, b),
  area: (code: string) => postJson<AreaItem[]>(PATHS.area, { code }),
  /** Multipart: formId, visitor, then the one file (the server reads text fields before the file). */
  upload: (formId: string, visitor: string, file: File) => {
    const fd = new FormData();
    fd.append('formId', formId);
    fd.append('visitor', visitor);
    fd.append('file', file, file.name);
    return send<UploadedFile>(PATHS.upload, fd, {}, 120_000);
  },
};

export const errMsg = (e: unknown) => (e instanceof Error ? e.message : String(e));
