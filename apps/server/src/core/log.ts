/**
 * What an error may put in the log: never the values a query was bound with. Drizzle's query errors carry the
 * parameters (`params`, and a `params: …` line in the message and stack), PostgreSQL's errors a `detail` that quotes
 * the row (`Key (phone)=(…) already exists`); both are dropped, at any depth of `cause`. The SQL text itself has
 * only placeholders ($1) and stays, to find the query.
 */
const DROPPED = new Set(['params', 'parameters', 'detail', 'internalQuery']);

const withoutParams = (text: string) => text.replace(/\nparams: [\s\S]*?(?=\n\s+at |$)/, '\nparams: [not logged]');

export interface LoggedError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}

export function logSafeError(err: unknown, depth = 0): LoggedError {
  if (typeof err !== 'object' || err === null) return { type: typeof err, message: String(err), stack: '' };
  const e = err as Error & Record<string, unknown>;
  const out: LoggedError = {
    type: e.constructor?.name ?? 'Error',
    message: withoutParams(String(e.message ?? '')),
    stack: typeof e.stack === 'string' ? withoutParams(e.stack) : '',
  };
  for (const [k, v] of Object.entries(e)) {
    if (DROPPED.has(k) || k in out) continue;
    if (k === 'cause' || (v instanceof Error && depth < 5)) out[k] = depth < 5 ? logSafeError(v, depth + 1) : '[cause]';
    else if (typeof v !== 'function') out[k] = v;
  }
  if (e.cause !== undefined && !('cause' in out)) out.cause = depth < 5 ? logSafeError(e.cause, depth + 1) : '[cause]';
  return out;
}

/** A request as logged: its path without the query string (GET calls carry keywords, phones and ids there). */
export function logSafeRequest(req: {
  method?: string;
  url?: string;
  headers?: Record<string, unknown>;
  socket?: { remoteAddress?: string };
}) {
  return {
    method: req.method,
    url: String(req.url ?? '').split('?')[0],
    host: typeof req.headers?.host === 'string' ? req.headers.host : undefined,
    remoteAddress: req.socket?.remoteAddress,
  };
}

/** The logger's serializers: every `{ err }` goes through logSafeError, every request through logSafeRequest. */
export const logSerializers = { err: logSafeError, error: logSafeError, req: logSafeRequest };
