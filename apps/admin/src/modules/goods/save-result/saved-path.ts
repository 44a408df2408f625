import { indexMenu } from '@/app/menu';
import { useSession } from '@/store/session';

/**
 * Where the goods form goes after a successful save: the result page (/SaveGood) when the user's menu has it,
 * otherwise the goods list.
 */
export function savedGoodsPath(id: string, created: boolean): string {
  const menu = useSession.getState().info?.menu ?? [];
  if (!indexMenu(menu).has('/SaveGood')) return '/Goodlist';
  return `/SaveGood?id=${encodeURIComponent(id)}${created ? '&new=1' : ''}`;
}
