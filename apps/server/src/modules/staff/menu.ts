import { MENU, type MenuDef, type MenuNode } from '@shop/contract';

export interface MenuGrant {
  isOwner: boolean;
  grants: ReadonlySet<string>;
  /** Add-on apps the enterprise has bought. */
  apps: ReadonlySet<string>;
}

function firstPath(nodes: MenuNode[]): string {
  for (const n of nodes) {
    if (n.isshow && n.path && n.children.length === 0) return n.path;
    const p = firstPath(n.children);
    if (p) return p;
  }
  return '';
}

/** The menu a role sees: the catalogue filtered by its grants (spec 000 §6). */
export function buildMenu(g: MenuGrant, defs: MenuDef[] = MENU, parents: string[] = []): MenuNode[] {
  const out: MenuNode[] = [];
  for (const d of defs) {
    const children = d.children ? buildMenu(g, d.children, [...parents, d.key]) : [];
    const granted = d.ownerOnly ? g.isOwner : g.isOwner || d.always || g.grants.has(d.under ?? d.key);
    if (d.children ? children.length === 0 : !granted) continue;
    out.push({
      id: d.key,
      name: d.name,
      path: d.path ?? firstPath(children),
      key: d.key,
      icon: d.icon ?? '',
      is_parent: children.length > 0,
      childshow: children.some((c) => c.isshow),
      isshow: !d.hidden,
      prentids: parents.join(','),
      purchase: d.app && !g.apps.has(d.app) ? 2 : 1,
      appid: d.app ?? '',
      under: d.under ?? '',
      children,
    });
  }
  return out;
}
