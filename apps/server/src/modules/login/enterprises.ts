import type { Db } from '@/db/client';
import type { RenterRow } from './login.repository';

/** A user's membership of an enterprise: the staff row's status and shop, its role, the enterprise and its product. */
export interface Membership {
  staffId: string;
  status: number;
  shopId: string;
  renter: RenterRow;
  roleName: string;
  isOwner: boolean;
  productName: string;
  productType: number;
  productStr: string;
}

/** What opening an enterprise takes: its row's fields, the owner, and every menu key for the owner role. */
export interface NewEnterprise {
  name: string;
  industry: string;
  area: string[];
  productId: string;
  ownerUserId: string;
  ownerName: string;
  serviceEndAt: Date;
  allKeys: string[];
}

/**
 * The memberships a login needs, which login does not own: staff and roles are the team module's, shops the shop
 * module's, and both stand on login (users, renters). So login's calls that choose or open an enterprise take this
 * from their caller: app.ts hands `loginHandlers` team's `membershipsOfUser` and `openEnterprise`.
 */
export interface Enterprises {
  /** The enterprises of a user, oldest first (disabled memberships too, with their status). */
  ofUser(db: Db, userId: string): Promise<Membership[]>;
  /** Creates the enterprise with its first shop, the owner role and the owner's staff row. */
  open(db: Db, v: NewEnterprise): Promise<{ renter: RenterRow }>;
}
