import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed, expiring tokens that any instance can check without storing them (DESIGN §6): `<expiry>.<HMAC-SHA256 hex of
 * "<purpose>\n<subject>\n<expiry>">`, expiry in Unix seconds. The purpose keeps one kind of token from passing for
 * another under the same secret. Pay links (integrations/payment) and visitor ids (members module) use it.
 */
export function signExpiring(secret: string, purpose: string, subject: string, expiresAt: number): string {
  return `${expiresAt}.${mac(secret, purpose, subject, String(expiresAt))}`;
}

/** Whether the token was made by signExpiring for this purpose and subject and has not expired at `now` (seconds). */
export function verifyExpiring(secret: string, purpose: string, subject: string, token: unknown, now: number): boolean {
  if (typeof token !== 'string') return false;
  const m = /^(\d{1,12})\.([0-9a-f]{64})$/.exec(token);
  if (!m) return false;
  const expected = Buffer.from(mac(secret, purpose, subject, m[1]), 'hex');
  if (!timingSafeEqual(Buffer.from(m[2], 'hex'), expected)) return false;
  return Number(m[1]) >= now;
}

function mac(secret: string, purpose: string, subject: string, expiresAt: string): string {
  return createHmac('sha256', secret).update(`${purpose}\n${subject}\n${expiresAt}`).digest('hex');
}
