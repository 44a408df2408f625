import { randomBytes } from 'node:crypto';
import type { Config } from '@/config';
import { signExpiring, verifyExpiring } from '@/core/signed';

const PURPOSE = 'visitor';
const ID_RE = /^v[A-Za-z0-9_-]{22}$/;

/**
 * A visitor id signed by the server: `<id>.<expiry>.<mac>` (core/signed, as pay links). The id is `v` + 16 random
 * bytes in base64url; submissions, form orders and visitor uploads store the id part. The browser keeps the whole
 * token and sends it in the `visitor` header; an id it made up has no signature and is refused.
 */
export function issueVisitor(config: Config, id = `v${randomBytes(16).toString('base64url')}`) {
  const seconds = config.visitorDays * 86_400;
  const token = `${id}.${signExpiring(config.visitorSecret, PURPOSE, id, Math.floor(Date.now() / 1000) + seconds)}`;
  return { id, token, expires_in: seconds };
}

/** The id inside a visitor token the server signed and that has not run out; null for anything else. */
export function visitorIdIn(config: Config, token: string): string | null {
  const dot = token.indexOf('.');
  if (dot < 0) return null;
  const id = token.slice(0, dot);
  if (!ID_RE.test(id)) return null;
  return verifyExpiring(config.visitorSecret, PURPOSE, id, token.slice(dot + 1), Math.floor(Date.now() / 1000)) ? id : null;
}
