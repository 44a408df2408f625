import type { Db } from '@/db/client';
import {
  catalogueRepo,
  type Membership,
  membershipRepo,
  type ProductRow,
  renterRepo,
  type RenterRow,
  renterServiceRepo,
  type UserRow,
  userRepo,
} from './login.repository';

/**
 * What other modules may ask of login's tables (users, renters, memberships, catalogues): the module's public face
 * (index.ts) exports these functions, never the repositories (test/borders.test.ts, rule b).
 */

/** A user by id. */
export const userById = (db: Db, id: string): Promise<UserRow | undefined> => userRepo.byId(db, id);

/** A user by phone. */
export const userByPhone = (db: Db, phone: string): Promise<UserRow | undefined> => userRepo.byPhone(db, phone);

/** Creates a user (the demo seed; sign-up goes through login's own service). */
export const createUser = (db: Db, v: Parameters<typeof userRepo.insert>[1]): Promise<UserRow> => userRepo.insert(db, v);

/** A user's name and picture (个人设置). */
export const saveUserProfile = (db: Db, id: string, v: { name: string; headimg: string }): Promise<void> => userRepo.update(db, id, v);

/** The enterprise a user enters first next time. */
export const setLastRenter = (db: Db, userId: string, renterId: string): Promise<void> =>
  userRepo.update(db, userId, { lastRenterId: renterId });

/** The user's membership of one enterprise (staff row, role, product), if any. */
export const membershipOf = (db: Db, userId: string, renterId: string): Promise<Membership | undefined> =>
  membershipRepo.one(db, userId, renterId);

/** An enterprise by id. */
export const renterById = (db: Db, id: string): Promise<RenterRow | undefined> => renterRepo.byId(db, id);

/** Creates an enterprise with its first shop, owner role and owner staff row. */
export const createRenter = (db: Db, v: Parameters<typeof renterRepo.create>[1]) => renterRepo.create(db, v);

/** The enterprise row, locked until the transaction ends (billing: two payments of one enterprise never interleave). */
export const lockRenter = (db: Db, id: string): Promise<RenterRow | undefined> => renterServiceRepo.lock(db, id);

/** A bought-out product: the service no longer ends. */
export const setRenterBuyout = (db: Db, id: string): Promise<RenterRow> => renterServiceRepo.setBuyout(db, id);

/** Years of service added from the later of now and the current end (trial days left are kept). */
export const addRenterYears = (db: Db, id: string, years: number): Promise<RenterRow> => renterServiceRepo.addYears(db, id, years);

/** The products (版本) of the catalogue, in their order. */
export const productList = (db: Db): Promise<ProductRow[]> => catalogueRepo.products(db);

/** A product (版本) of the catalogue. */
export const productById = (db: Db, id: string): Promise<ProductRow | undefined> => catalogueRepo.product(db, id);

/** An industry (所属行业) of the catalogue. */
export const industryById = (db: Db, id: string) => catalogueRepo.industry(db, id);

/** The areas of the given codes (any order). */
export const areasByCodes = (db: Db, codes: string[]) => catalogueRepo.areasByCodes(db, codes);

export type { Membership, ProductRow, RenterRow, UserRow };
