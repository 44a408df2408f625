import { and, eq, gt, isNull } from 'drizzle-orm';
import { hashToken, serviceEnded } from '@/core/auth';
import type { SessionInfo } from '@/core/context';
import type { Db } from '@/db/client';
import { renters, roles, sessions, staff } from '@/db/schema';

/**
 * The live session behind a token, or null when missing, expired, revoked or its staff row is disabled. One
 * statement: every API call runs it, so the session and its membership come in one round trip.
 */
export async function resolveSession(db: Db, token: string): Promise<SessionInfo | null> {
  const [r] = await db
    .select({
      s: sessions,
      staffId: staff.id,
      status: staff.status,
      shopId: staff.shopId,
      roleId: roles.id,
      isOwner: roles.isOwner,
      menuKeys: roles.menuKeys,
      mdornf: renters.mdornf,
      serviceEndAt: renters.serviceEndAt,
    })
    .from(sessions)
    .leftJoin(staff, and(eq(staff.renterId, sessions.renterId), eq(staff.userId, sessions.userId)))
    .leftJoin(roles, and(eq(roles.id, staff.roleId), eq(roles.renterId, staff.renterId)))
    .leftJoin(renters, eq(renters.id, sessions.renterId))
    .where(and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())))
    .limit(1);
  if (!r) return null;
  const { s } = r;
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
  // A disabled or removed member's sessions in that enterprise end at once (so does one whose role is gone).
  if (r.status !== 1 || !r.staffId || !r.roleId) return null;
  return {
    ...base,
    renterId: s.renterId,
    shopId: s.shopId ?? r.shopId,
    staffId: r.staffId,
    roleId: r.roleId,
    isOwner: r.isOwner ?? false,
    grants: new Set(r.menuKeys ?? []),
    expired: serviceEnded(r.mdornf ?? 0, r.serviceEndAt),
  };
}
