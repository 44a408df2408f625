import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { roles, sessions, staff } from '../db/schema';
import type { SessionInfo } from './context';

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The live session behind a token, or null when missing, expired, revoked or its staff row is disabled. */
export async function resolveSession(db: Db, token: string): Promise<SessionInfo | null> {
  const [s] = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())))
    .limit(1);
  if (!s) return null;
  const base: SessionInfo = {
    sessionId: s.id,
    userId: s.userId,
    renterId: null,
    shopId: null,
    staffId: null,
    roleId: null,
    isOwner: false,
    grants: new Set(),
  };
  if (!s.renterId) return base;
  const [m] = await db
    .select({
      staffId: staff.id,
      status: staff.status,
      shopId: staff.shopId,
      roleId: roles.id,
      isOwner: roles.isOwner,
      menuKeys: roles.menuKeys,
    })
    .from(staff)
    .innerJoin(roles, and(eq(roles.id, staff.roleId), eq(roles.renterId, staff.renterId)))
    .where(and(eq(staff.renterId, s.renterId), eq(staff.userId, s.userId)))
    .limit(1);
  // A disabled or removed member's sessions in that enterprise end at once.
  if (m?.status !== 1) return null;
  return {
    ...base,
    renterId: s.renterId,
    shopId: s.shopId ?? m.shopId,
    staffId: m.staffId,
    roleId: m.roleId,
    isOwner: m.isOwner,
    grants: new Set(m.menuKeys),
  };
}
