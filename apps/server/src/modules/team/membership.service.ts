import type { SessionInfo } from '@/core/context';
import type { Db } from '@/db/client';
import { insertRenter, liveSession, type Membership, type NewEnterprise, type RenterRow, rentersWithProducts } from '@/modules/login';
import { createShop } from '@/modules/shop';
import { roleRepo, sessionMember, staffOfUser, staffRepo } from './team.repository';

/**
 * Memberships: what a login, a session and the screens that show "who am I here" need of the staff and roles tables.
 * Login stands below this module (users, renters, sessions are its), so login's calls that choose or open an
 * enterprise are handed `membershipsOfUser` and `openEnterprise` by app.ts (login's `Enterprises`).
 */

/** The enterprises of a user, oldest first, disabled memberships too (with their status). */
export async function membershipsOfUser(db: Db, userId: string): Promise<Membership[]> {
  const rows = await staffOfUser(db, userId);
  const renters = new Map(
    (
      await rentersWithProducts(
        db,
        rows.map((x) => x.s.renterId),
      )
    ).map((x) => [x.r.id, x]),
  );
  return rows.flatMap(({ s, role }) => {
    const found = renters.get(s.renterId);
    if (!found) return [];
    const p = found.p;
    return [
      {
        staffId: s.id,
        status: s.status,
        shopId: s.shopId,
        renter: found.r,
        roleName: role.name,
        isOwner: role.isOwner,
        productName: p?.name ?? '',
        productType: p?.productType ?? 1,
        productStr: p?.productStr ?? '',
      },
    ];
  });
}

/** The user's membership of one enterprise (staff row, role, product), if any. */
export async function membershipOf(db: Db, userId: string, renterId: string): Promise<Membership | undefined> {
  return (await membershipsOfUser(db, userId)).find((m) => m.renter.id === renterId);
}

/** Creates an enterprise: its row (login), its first shop (shop), the owner role with every grant and the owner's staff row. */
export async function openEnterprise(db: Db, v: NewEnterprise) {
  const renter: RenterRow = await insertRenter(db, {
    name: v.name,
    industry: v.industry,
    area: v.area,
    productId: v.productId,
    ownerUserId: v.ownerUserId,
    serviceEndAt: v.serviceEndAt,
  });
  const shop = await createShop(db, { renterId: renter.id, name: v.name });
  const role = await roleRepo.insert(db, { renterId: renter.id, name: '超级管理员', isOwner: true, menuKeys: v.allKeys });
  const member = await staffRepo.insert(db, {
    renterId: renter.id,
    userId: v.ownerUserId,
    shopId: shop.id,
    roleId: role.id,
    name: v.ownerName,
  });
  if (!member) throw new Error('openEnterprise: the owner is already a member');
  return { renter, shop, role, member };
}

/**
 * The live session behind a token, or null when missing, expired, revoked or its staff row is disabled: login's
 * session row, then this module's membership (two statements on every API call).
 */
export async function resolveSession(db: Db, token: string): Promise<SessionInfo | null> {
  const s = await liveSession(db, token);
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
  const m = await sessionMember(db, { renterId: s.renterId, userId: s.userId });
  // A disabled or removed member's sessions in that enterprise end at once (so does one whose role is gone).
  if (m?.status !== 1 || !m.roleId) return null;
  return {
    ...base,
    renterId: s.renterId,
    shopId: s.shopId ?? m.shopId,
    staffId: m.staffId,
    roleId: m.roleId,
    isOwner: m.isOwner ?? false,
    grants: new Set(m.menuKeys ?? []),
    expired: s.serviceEnded,
  };
}
