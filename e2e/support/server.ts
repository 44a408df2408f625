import fs from 'node:fs';

/** Where global setup writes the state of the run's server; tests and teardown read it. */
export const STATE_ENV = 'SHOP_E2E_STATE';

export interface ServerState {
  /** e.g. http://127.0.0.1:41234 */
  baseURL: string;
  /** The server's stdout and stderr (JSON log lines). */
  logFile: string;
  /** Temp dir of this run: holds the data dir, the log and this state. */
  runDir: string;
  dataDir: string;
  /** Process id of `node scripts/start.mjs`. */
  pid: number;
}

export function serverState(): ServerState {
  const file = process.env[STATE_ENV];
  if (!file || !fs.existsSync(file))
    throw new Error(`${STATE_ENV} is not set: run the tests through playwright (global setup starts the server)`);
  return JSON.parse(fs.readFileSync(file, 'utf8')) as ServerState;
}

/** Every code the dev SMS provider logged for a phone, oldest first. */
export function smsCodes(phone: string): string[] {
  const text = fs.readFileSync(serverState().logFile, 'utf8');
  const codes: string[] = [];
  for (const line of text.split('\n')) {
    if (!line.includes('[dev-sms]')) continue;
    // The JSON log line carries sms: {phone, code, purpose}; the message repeats them.
    const m = /\[dev-sms\] phone=(\d+) code=(\d+)/.exec(line);
    if (m && m[1] === phone) codes.push(m[2]);
  }
  return codes;
}

/**
 * The latest SMS code sent to a phone. Pass `after` (the count of codes seen before the request,
 * from smsCodes(phone).length) to wait for a new one rather than take an older code.
 */
export async function smsCode(
  phone: string,
  { after = 0, timeoutMs = 10_000 }: { after?: number; timeoutMs?: number } = {},
): Promise<string> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const codes = smsCodes(phone);
    if (codes.length > after) return codes[codes.length - 1];
    if (Date.now() > until) throw new Error(`no SMS code for ${phone} in the server log within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The run's server: its address and the SMS codes it sent. */
export const server = {
  get baseURL(): string {
    return serverState().baseURL;
  },
  smsCode,
  smsCodes,
};
