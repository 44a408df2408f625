import { hashToken, serviceEnded } from '@/core/auth';
import type { Tenant } from '@/core/tenant';
import type { Db } from '@/db/client';
import {
  catalogueRepo,
  type LoginLogQuery,
  loginLogRepo,
  type ProductRow,
  renterRepo,
  type RenterRow,
  renterServiceRepo,
  sessionRepo,
  type UserRow,
  userRepo,
} from './login.repository';

/**
 * What other modules may ask of login's tables (users, renters, sessions, login records, catalogues): the module's
 * public face (index.ts) exports these functions, never the repositories (test/borders.test.ts).
 */

/** A user by id. */
export const userById = (db: Db, id: string): Promise<UserRow | undefined> => userRepo.byId(db, id);

/** A user by phone. */
export const userByPhone = (db: Db, phone: string): Promise<UserRow | undefined> => userRepo.byPhone(db, phone);

/** Creates a user (the demo seed; sign-up goes through login's own service). */
export const createUser = (db: Db, v: Parameters<typeof userRepo.insert>[1]): Promise<UserRow> => userRepo.insert(db, v);

/**
 * The user of an invited phone: the one registered, else a new one with the name and password hash given (or the one
 * another request created at the same moment). `created` tells which.
 */
export async function userForInvite(
  db: Db,
  v: { phone: string; name: string; passwordHash: string },
): Promise<{ id: string; created: boolean }> {
  const made = await userRepo.insertIfNew(db, v);
  if (made) return { id: made.id, created: true };
  const found = await userRepo.byPhone(db, v.phone);
  if (!found) throw new Error('invited user vanished');
  return { id: found.id, created: false };
}

/** A user's name and picture (个人设置). */
export const saveUserProfile = (db: Db, id: string, v: { name: string; headimg: string }): Promise<void> => userRepo.update(db, id, v);

/** A user's login phone (账号绑定); the caller checks the new phone is free and proven. */
export const setUserPhone = (db: Db, id: string, phone: string): Promise<void> => userRepo.update(db, id, { phone });

/** The enterprise a user enters first next time. */
export const setLastRenter = (db: Db, userId: string, renterId: string): Promise<void> =>
  userRepo.update(db, userId, { lastRenterId: renterId });

const unique = (ids: string[]) => [...new Set(ids)];

/** Name and phone of the users of these ids (absent ones are not in the map). */
export async function userNames(db: Db, ids: string[]): Promise<Map<string, { name: string; phone: string }>> {
  const rows = await userRepo.names(db, unique(ids));
  return new Map(rows.map((r) => [r.id, { name: r.name, phone: r.phone }]));
}

/** An enterprise by id. */
export const renterById = (db: Db, id: string): Promise<RenterRow | undefined> => renterRepo.byId(db, id);

/** These enterprises, each with its product (版本) or null, in no order. */
export const rentersWithProducts = (db: Db, ids: string[]): Promise<{ r: RenterRow; p: ProductRow | null }[]> =>
  renterRepo.withProducts(db, unique(ids));

/** Creates an enterprise's own row on a trial; its shop, roles and staff are made by their owners (team's openEnterprise). */
export const insertRenter = (db: Db, v: Parameters<typeof renterRepo.insert>[1]): Promise<RenterRow> => renterRepo.insert(db, v);

/** The tenant's own enterprise row (企业信息, the owner of 员工管理, the contact of 通用设置). */
export const renterOfTenant = (tenant: Tenant): Promise<RenterRow | undefined> => renterRepo.ofTenant(tenant);

/** The tenant's enterprise row, locked until the transaction ends (edits and transfers of it queue up). */
export const lockRenterOfTenant = (tenant: Tenant): Promise<RenterRow | undefined> => renterRepo.ofTenant(tenant, true);

/** Changes fields of the tenant's enterprise row. */
export const updateRenterOfTenant = (tenant: Tenant, v: Partial<Omit<RenterRow, 'id' | 'createdAt'>>): Promise<void> =>
  renterRepo.updateOfTenant(tenant, v);

/** The enterprise row, locked until the transaction ends (billing: two payments of one enterprise never interleave). */
export const lockRenter = (db: Db, id: string): Promise<RenterRow | undefined> => renterServiceRepo.lock(db, id);

/** A bought-out product: the service no longer ends. */
export const setRenterBuyout = (db: Db, id: string): Promise<RenterRow> => renterServiceRepo.setBuyout(db, id);

/** Years of service added from the later of now and the current end (trial days left are kept). */
export const addRenterYears = (db: Db, id: string, years: number): Promise<RenterRow> => renterServiceRepo.addYears(db, id, years);

/**
 * The live session of a token (not expired, not revoked) with whether its enterprise's service has ended; undefined
 * otherwise. The membership behind it is team's (team's resolveSession adds it).
 */
export async function liveSession(db: Db, token: string) {
  const r = await sessionRepo.live(db, hashToken(token));
  if (!r) return undefined;
  return { ...r.s, serviceEnded: serviceEnded(r.mdornf ?? 0, r.serviceEndAt) };
}

/** Ends the live sessions of these users in the tenant's enterprise; answers the ended session ids (to close their connections). */
export const endSessionsIn = (tenant: Tenant, userIds: string[]): Promise<string[]> => sessionRepo.revokeIn(tenant, unique(userIds));

/** A user's own login records, newest first, a page (登录信息). */
export const loginLogPage = (db: Db, userId: string, q: LoginLogQuery) => loginLogRepo.page(db, userId, q);

/** A user's latest login attempts into the tenant's enterprise (员工详情). */
export const recentLoginsIn = (tenant: Tenant, userId: string, limit: number) => loginLogRepo.recentIn(tenant, userId, limit);

/** Successful logins into the enterprise per day (YYYY-MM-DD in the zone) since `since`; days without any are absent. */
export const loginsByDay = (tenant: Tenant, since: Date, timeZone: string): Promise<{ day: string; count: number }[]> =>
  loginLogRepo.byDay(tenant, since, timeZone);

/** The products (版本) of the catalogue, in their order. */
export const productList = (db: Db): Promise<ProductRow[]> => catalogueRepo.products(db);

/** A product (版本) of the catalogue. */
export const productById = (db: Db, id: string): Promise<ProductRow | undefined> => catalogueRepo.product(db, id);

/** An industry (所属行业) of the catalogue. */
export const industryById = (db: Db, id: string) => catalogueRepo.industry(db, id);

/** The areas of the given codes (any order). */
export const areasByCodes = (db: Db, codes: string[]) => catalogueRepo.areasByCodes(db, codes);

export type { LoginLogQuery, ProductRow, RenterRow, UserRow };
