import type { MenuNode } from '@contract/index';
import { firstVisibleLeaf, indexMenu } from './menu';

/** Reachable without a token (spec 000 §2.1). */
export const PUBLIC_PATHS = ['/login', '/Register', '/Resetpwd', '/main', '/phonePreview', '/PhoneIndex', '/posterPreview', '/pageSort'];
/** Reachable with a token whatever the menu says. */
export const TOKEN_PATHS = ['/SelectCustomesr', '/403', '/404'];

export type Access =
  | { kind: 'public' }
  | { kind: 'token' }
  | { kind: 'page'; node: MenuNode; trail: MenuNode[] }
  | { kind: 'redirect'; to: string };

export interface AccessInput {
  pathname: string;
  search: string;
  hasToken: boolean;
  hasEnterprise: boolean;
  menu: MenuNode[];
  /** Paths the console has a screen for. */
  screens: ReadonlySet<string>;
}

/** Where a navigation lands, by the access rules of spec 000 §2.1. */
export function resolveAccess({ pathname, search, hasToken, hasEnterprise, menu, screens }: AccessInput): Access {
  if (PUBLIC_PATHS.includes(pathname)) return { kind: 'public' };
  if (!hasToken) {
    if (pathname === '/403' || pathname === '/404') return { kind: 'redirect', to: '/login' };
    return { kind: 'redirect', to: `/login?redirect=${encodeURIComponent(pathname + search)}` };
  }
  if (pathname === '/SelectCustomesr') return { kind: 'token' };
  if (!hasEnterprise) return { kind: 'redirect', to: '/SelectCustomesr' };
  if (TOKEN_PATHS.includes(pathname)) return { kind: 'token' };
  if (pathname === '/' || pathname === '') {
    const leaf = firstVisibleLeaf(menu);
    return { kind: 'redirect', to: leaf ? leaf.path : '/403' };
  }
  const entry = indexMenu(menu).get(pathname);
  // A screen the console has but this role's menu lacks is forbidden, not missing.
  if (!entry) return { kind: 'redirect', to: screens.has(pathname) ? '/403' : '/404' };
  if (entry.node.purchase === 2) return { kind: 'redirect', to: `/appmarket/appdesc?appid=${encodeURIComponent(entry.node.appid)}` };
  if (entry.node.childshow && entry.node.children.length > 0) {
    const leaf = firstVisibleLeaf(entry.node.children);
    if (leaf && leaf.path !== pathname) return { kind: 'redirect', to: leaf.path };
  }
  if (!screens.has(pathname)) return { kind: 'redirect', to: '/404' };
  return { kind: 'page', node: entry.node, trail: entry.trail };
}
