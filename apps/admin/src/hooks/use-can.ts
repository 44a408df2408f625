import { acceptedGrants, grantKey } from '@contract/core/endpoint';
import type { contract, DataOf, Op, Permission } from '@contract/index';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/api/client';
import { useSession } from '@/store/session';

type UserInfo = DataOf<typeof contract.staff.GetUserInfo>;

/** The current user's info (menu, grants, version), shared with the shell's query. */
export function useUserInfo() {
  const renterId = useSession((s) => s.info?.self.renterID);
  return useQuery({
    queryKey: ['staff', 'userInfo', renterId],
    queryFn: () => api.staff.GetUserInfo(),
    enabled: Boolean(renterId),
  });
}

/**
 * Whether the current role may do `op` on the menu entry `menu` (the owner may do everything), and whether the
 * enterprise's service has ended (then only view and export work). Buttons the server would refuse are hidden with it;
 * the server checks again on every call.
 */
export function useCan(): (menu: string, op: Op) => boolean {
  const { data } = useUserInfo();
  return (menu, op) => canDo(data, menu, op);
}

/** useCan's rule, as the server applies it (core/register.ts checkPermission). */
export function canDo(info: Pick<UserInfo, 'isOwner' | 'grants' | 'expired'> | undefined, menu: string, op: Op): boolean {
  if (!info) return false;
  if (info.expired && op !== 'view' && op !== 'export') return false;
  return info.isOwner || info.grants.includes(grantKey({ menu, op }));
}

/**
 * Whether the role may make a call whose permission is a menu grant (any of its accepted grants, as the server's
 * checkPermission reads it): the image uploads several screens share, for instance. Other permissions answer true.
 */
export function canCall(info: Pick<UserInfo, 'isOwner' | 'grants' | 'expired'> | undefined, permission: Permission): boolean {
  if (typeof permission !== 'object') return Boolean(info);
  return acceptedGrants(permission).some((g) => canDo(info, g.menu, g.op));
}
