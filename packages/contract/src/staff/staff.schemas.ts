import { z } from 'zod';
import { versionInfo } from '../login/login.schemas';

export interface MenuNode {
  id: string;
  name: string;
  path: string;
  key: string;
  icon: string;
  is_parent: boolean;
  childshow: boolean;
  isshow: boolean;
  prentids: string;
  /** 2 means the entry's app must be bought first. */
  purchase: number;
  appid: string;
  /** For a hidden page: the key of the entry it belongs to (lit in the sidebar while it is open); '' otherwise. */
  under: string;
  children: MenuNode[];
}

export const menuNode: z.ZodType<MenuNode> = z.lazy(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    path: z.string(),
    key: z.string(),
    icon: z.string(),
    is_parent: z.boolean(),
    childshow: z.boolean(),
    isshow: z.boolean(),
    prentids: z.string(),
    purchase: z.number().int(),
    appid: z.string(),
    under: z.string(),
    children: z.array(menuNode),
  }),
);

export const userInfo = z.object({
  user: z.object({ id: z.string(), name: z.string(), phone: z.string(), headimg: z.string() }),
  roleName: z.string(),
  isOwner: z.boolean(),
  /** The role's grants (grantKey: `Goodlist`, `Goodlist:delete`, …): the console hides what the server would refuse. */
  grants: z.array(z.string()),
  /** The enterprise's service has ended: only looking, exporting and paying work until it renews. */
  expired: z.boolean(),
  menu: z.array(menuNode),
  version: versionInfo,
});
