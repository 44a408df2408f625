import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '@/db/client';
import type { SessionInfo } from './context';

/** Whether an enterprise's service has ended: a buyout (mdornf 1) never does; trial and annual end at service_end_at. */
export function serviceEnded(mdornf: number, serviceEndAt: Date | null, now = new Date()): boolean {
  return mdornf !== 1 && (!serviceEndAt || serviceEndAt.getTime() <= now.getTime());
}

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Finds the live staff session of a console token (null when missing, expired, revoked, or its staff row disabled).
 * The login module answers it (its tables); app.ts hands it to core/register and the hub.
 */
export type SessionResolver = (db: Db, token: string) => Promise<SessionInfo | null>;
