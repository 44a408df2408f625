import { grantKey, type Op } from '@contract/index';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/api/client';
import { useSession } from '@/store/session';

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
  return (menu, op) => {
    if (!data) return false;
    if (data.expired && op !== 'view' && op !== 'export') return false;
    return data.isOwner || data.grants.includes(grantKey({ menu, op }));
  };
}
