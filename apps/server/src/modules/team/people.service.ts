import type { Tenant } from '@/core/tenant';
import { userNames } from '@/modules/login';
import { type MemberRow, roleRepo, type StaffListQuery, staffRepo } from './team.repository';

/**
 * What other modules may ask of an enterprise's roles and staff (this module's tables): figures for the dashboard,
 * names by ids for the lists that show who did what, a page of members for a staff picker, the members for a 操作人
 * filter, an enterprise transfer's moves.
 */

const unique = (ids: string[]) => [...new Set(ids)];

/** Active staff (status 1) of the enterprise (首页). */
export const activeStaffCount = (tenant: Tenant): Promise<number> => staffRepo.activeCount(tenant);

/** Roles of the enterprise (首页). */
export const roleCount = (tenant: Tenant): Promise<number> => roleRepo.count(tenant);

/** The name each of these users has in the enterprise (its staff row), by user id; users not in it are absent. */
export async function staffNamesOfUsers(tenant: Tenant, userIds: string[]): Promise<Map<string, string>> {
  const rows = await staffRepo.ofUsers(tenant, unique(userIds));
  return new Map(rows.map((r) => [r.userId, r.name]));
}

/** The names of the enterprise's staff rows of these ids, by staff id. */
export async function staffNamesByIds(tenant: Tenant, ids: string[]): Promise<Map<string, string>> {
  const rows = await staffRepo.byIds(tenant, unique(ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** The names of the enterprise's roles of these ids, by role id. */
export async function roleNamesByIds(tenant: Tenant, ids: string[]): Promise<Map<string, string>> {
  const rows = await roleRepo.byIds(tenant, unique(ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** The enterprise's members, oldest first: user id, their name in it, the user's own name and phone. */
export async function enterpriseMembers(tenant: Tenant): Promise<{ userId: string; name: string; userName: string; phone: string }[]> {
  const rows = await staffRepo.all(tenant);
  const users = await userNames(
    tenant.db,
    rows.map((r) => r.userId),
  );
  return rows.flatMap((r) => {
    const u = users.get(r.userId);
    return u ? [{ userId: r.userId, name: r.name, userName: u.name, phone: u.phone }] : [];
  });
}

/** A page of the enterprise's members (staff row, phone, role, last login), newest first unless sorted. */
export const staffPage = (tenant: Tenant, q: StaffListQuery): Promise<{ rows: MemberRow[]; total: number }> => staffRepo.page(tenant, q);

/** The user's membership in the enterprise: its staff id and whether its role is the owner role; undefined if none. */
export async function memberOfUser(tenant: Tenant, userId: string): Promise<{ id: string; roleIsOwner: boolean } | undefined> {
  const [s] = await staffRepo.ofUsers(tenant, [userId]);
  if (!s) return undefined;
  const [withRole] = await staffRepo.byIdsWithRole(tenant, [s.id]);
  return { id: s.id, roleIsOwner: withRole?.roleIsOwner === true };
}

/** The enterprise's roles (id, name, isOwner), the owner role first. */
export const roleOptions = (tenant: Tenant) => roleRepo.all(tenant);

/** The enterprise's role of this id. */
export const roleById = (tenant: Tenant, id: string) => roleRepo.byId(tenant, id);

/** Gives the user's membership this role and enables it (enterprise transfer). */
export async function setMemberRole(tenant: Tenant, userId: string, roleId: string): Promise<void> {
  const [s] = await staffRepo.ofUsers(tenant, [userId]);
  if (s) await staffRepo.update(tenant, s.id, { roleId, status: 1 });
}

/** Makes the user a member with this role in this shop (enterprise transfer to an outsider). */
export async function addMember(
  tenant: Tenant,
  v: { userId: string; shopId: string; roleId: string; name: string; invitedBy?: string },
): Promise<void> {
  const made = await staffRepo.insert(tenant.db, { renterId: tenant.renterId, ...v });
  if (!made) throw new Error('addMember: the user is already a member');
}

/** Ends the user's membership (the account stays). */
export async function removeMember(tenant: Tenant, userId: string): Promise<void> {
  const [s] = await staffRepo.ofUsers(tenant, [userId]);
  if (s) await staffRepo.delete(tenant, [s.id]);
}

export type { MemberRow, RoleRow, StaffListQuery, StaffRow } from './team.repository';
