import type { Contract, DataOf, Endpoint, Envelope, InputOf } from '@contract/index';
import { EXPIRED_MSG } from '@contract/core/endpoint';
import routes from 'virtual:contract-routes';
import { message } from 'antd';
import { useLoading } from '@/shared/loading';
import { useSession } from '@/store/session';
import { beginAction } from './idempotency';

/** Spec 000 §7.1: 60000 ms in one reading, 120000 ms in another; we wait the longer. */
export const REQUEST_TIMEOUT_MS = 120_000;
export const API_BASE = import.meta.env.VITE_API_BASE ?? '';

export class ApiError extends Error {
  constructor(
    public readonly code: number,
    message: string,
    public readonly data: unknown = null,
  ) {
    super(message);
  }
}

export interface CallOptions {
  /** Do not show the error msg (the caller shows it inline). */
  silent?: boolean;
  /** Do not show the full-screen loading. */
  quiet?: boolean;
  /** The Idempotency-Key of an `idempotent` endpoint; by default one per action (api/idempotency.ts). */
  idempotencyKey?: string;
}

export interface BlobResult {
  data: Blob;
  filename: string;
}

let onExpired: () => void = () => {};
/** What to do after a 401 (set by the app: leave for the login page). */
export function setExpiredHandler(fn: () => void) {
  onExpired = fn;
}

/**
 * Shows an error toast; the same text shown again replaces the one on screen (antd's key) instead of stacking, so a
 * page whose calls all fail at once (数据库暂时不可用) shows one toast, not one per call.
 */
function showError(msg: string, duration?: number) {
  message.error(duration === undefined ? { content: msg, key: msg } : { content: msg, key: msg, duration });
}

const tokenNow = () => useSession.getState().info?.token;

async function send(e: Endpoint, body: unknown, opts: CallOptions, token: string | undefined): Promise<Response> {
  const headers: Record<string, string> = {};
  if (token) headers.token = token;
  let url = API_BASE + e.path;
  let payload: string | undefined;
  if (e.method === 'GET') {
    const qs = new URLSearchParams(Object.entries((body ?? {}) as Record<string, unknown>).map(([k, v]) => [k, String(v)]));
    if ([...qs].length) url += `?${qs}`;
  } else {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body ?? {});
  }
  // A creation the contract marks idempotent carries its action's key: a double click or a retry creates one thing.
  const action = e.idempotent && !opts.idempotencyKey ? beginAction(e.path, body) : null;
  const key = opts.idempotencyKey ?? action?.key;
  if (e.idempotent && key) headers['Idempotency-Key'] = key;
  const ctrl = new AbortController();
  const timer = setTimeout(() => ctrl.abort(), REQUEST_TIMEOUT_MS);
  if (!opts.quiet) useLoading.getState().begin();
  try {
    const res = await fetch(url, { method: e.method, headers, body: payload, signal: ctrl.signal });
    action?.done(res.status === 200);
    return res;
  } catch (err) {
    action?.done(false);
    const msg = ctrl.signal.aborted ? '请求超时，请稍后再试' : `请求失败：${(err as Error).message}`;
    showError(msg);
    throw new ApiError(-1, msg);
  } finally {
    clearTimeout(timer);
    if (!opts.quiet) useLoading.getState().end();
  }
}

/**
 * The token whose end was already announced. A page loading several lists sends them at once, and each comes back
 * 401: the first shows the one toast and leaves for the login page, the others only reject. A new login (another
 * token) is announced again when it ends.
 */
let announcedToken: string | undefined | null = null;

function rejectStatus(res: Response, token: string | undefined): never {
  if (res.status === 401) {
    if (token !== announcedToken) {
      announcedToken = token;
      showError(EXPIRED_MSG, 5);
      onExpired();
    }
    throw new ApiError(401, EXPIRED_MSG);
  }
  throw new ApiError(res.status, `请求失败（${res.status}）`);
}

/** code of a refusal because the enterprise's service ended (core/errors.ts CODE.expiredService). */
const CODE_SERVICE_EXPIRED = 1010;
let onServiceExpired: ((msg: string) => void) | null = null;
/** What to do with a 1010 answer (the service ended): the shell shows the message with 去续费. */
export function setServiceExpiredHandler(fn: ((msg: string) => void) | null) {
  onServiceExpired = fn;
}

/** Shows a refusal: a 1010 goes to the shell's renew prompt, any other msg as an error message. */
function showRefusal(env: Envelope<unknown>, opts: CallOptions) {
  if (env.code === CODE_SERVICE_EXPIRED && onServiceExpired) onServiceExpired(env.msg);
  else if (!opts.silent) showError(env.msg);
}

/** Calls one endpoint of the contract; resolves its data, rejects (and shows msg) on code ≠ 0. */
export async function call<E extends Endpoint>(e: E, body?: InputOf<E>, opts: CallOptions = {}): Promise<DataOf<E>> {
  const token = tokenNow();
  const res = await send(e, body, opts, token);
  if (res.status !== 200) rejectStatus(res, token);
  const env = (await res.json()) as Envelope<DataOf<E>>;
  if (env.code !== 0) {
    showRefusal(env, opts);
    throw new ApiError(env.code, env.msg, env.data);
  }
  lastMsg = env.msg;
  return env.data;
}

let lastMsg = '';
/** The msg of the last successful call (success texts such as '删除成功!'). */
export function lastSuccessMsg() {
  return lastMsg;
}

/** Calls a file endpoint; the filename comes from content-disposition. */
export async function callBlob<E extends Endpoint>(e: E, body?: InputOf<E>, opts: CallOptions = {}): Promise<BlobResult> {
  const token = tokenNow();
  const res = await send(e, body, opts, token);
  if (res.status !== 200) rejectStatus(res, token);
  const type = res.headers.get('content-type') ?? '';
  if (type.includes('application/json')) {
    const env = (await res.json()) as Envelope<unknown>;
    showRefusal(env, opts);
    throw new ApiError(env.code, env.msg, env.data);
  }
  const cd = res.headers.get('content-disposition') ?? '';
  const m = /filename\*=UTF-8''([^;]+)/i.exec(cd) ?? /filename="?([^";]+)"?/i.exec(cd);
  return { data: await res.blob(), filename: m ? decodeURIComponent(m[1]) : 'download' };
}

/** Sends one file (and text fields) to a multipart endpoint; resolves its data. */
export async function upload<E extends Endpoint>(
  e: E,
  file: Blob & { name?: string },
  fields: Record<string, string> = {},
  opts: CallOptions = {},
): Promise<DataOf<E>> {
  const token = tokenNow();
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', file, file.name ?? 'upload');
  const res = await fetch(API_BASE + e.path, { method: 'POST', headers: token ? { token } : {}, body: form });
  if (res.status !== 200) rejectStatus(res, token);
  const env = (await res.json()) as Envelope<DataOf<E>>;
  if (env.code !== 0) {
    showRefusal(env, opts);
    throw new ApiError(env.code, env.msg, env.data);
  }
  return env.data;
}

type ModuleApi<M extends Record<string, Endpoint>> = {
  [K in keyof M]: (body?: InputOf<M[K]>, opts?: CallOptions) => Promise<DataOf<M[K]>>;
};
export type Api = { [M in keyof Contract]: ModuleApi<Contract[M]> };

/** The typed client: api.login.LoginByPwd({phone, pwd}). */
export const api = Object.fromEntries(
  Object.entries(routes).map(([m, endpoints]) => [
    m,
    Object.fromEntries(
      Object.entries(endpoints).map(([name, e]) => [
        name,
        (body?: unknown, opts?: CallOptions) => call(e as Endpoint, body as never, opts),
      ]),
    ),
  ]),
) as Api;
