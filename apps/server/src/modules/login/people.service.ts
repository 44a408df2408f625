import type { Db } from '@/db/client';
import type { Tenant } from '@/core/tenant';
import { peopleRepo } from './people.repository';

/**
 * What other modules may ask of an enterprise's people (staff, roles, logins: login's tables): figures for the
 * dashboard, names by ids for the lists that show who did what (operation log), the members for a 操作人 filter.
 */

/** Active staff (status 1) of the enterprise (首页). */
export const activeStaffCount = (tenant: Tenant): Promise<number> => peopleRepo.activeStaffCount(tenant);

/** Roles of the enterprise (首页). */
export const roleCount = (tenant: Tenant): Promise<number> => peopleRepo.roleCount(tenant);

/** Successful logins into the enterprise per day (YYYY-MM-DD in the zone) since `since`; days without any are absent. */
export const loginsByDay = (tenant: Tenant, since: Date, timeZone: string): Promise<{ day: string; count: number }[]> =>
  peopleRepo.loginsByDay(tenant, since, timeZone);

const unique = (ids: string[]) => [...new Set(ids)];

/** Name and phone of the users of these ids (absent ones are not in the map). */
export async function userNames(db: Db, ids: string[]): Promise<Map<string, { name: string; phone: string }>> {
  const rows = await peopleRepo.users(db, unique(ids));
  return new Map(rows.map((r) => [r.id, { name: r.name, phone: r.phone }]));
}

/** The name each of these users has in the enterprise (its staff row), by user id; users not in it are absent. */
export async function staffNamesOfUsers(tenant: Tenant, userIds: string[]): Promise<Map<string, string>> {
  const rows = await peopleRepo.staffOfUsers(tenant, unique(userIds));
  return new Map(rows.map((r) => [r.userId, r.name]));
}

/** The names of the enterprise's staff rows of these ids, by staff id. */
export async function staffNamesByIds(tenant: Tenant, ids: string[]): Promise<Map<string, string>> {
  const rows = await peopleRepo.staffNames(tenant, unique(ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** The names of the enterprise's roles of these ids, by role id. */
export async function roleNamesByIds(tenant: Tenant, ids: string[]): Promise<Map<string, string>> {
  const rows = await peopleRepo.roleNames(tenant, unique(ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** The enterprise's members, oldest first: user id, their name in it, the user's own name and phone. */
export const enterpriseMembers = (tenant: Tenant): Promise<{ userId: string; name: string; userName: string; phone: string }[]> =>
  peopleRepo.members(tenant);
