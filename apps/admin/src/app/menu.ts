import type { MenuNode } from '@contract/index';

export interface MenuEntry {
  node: MenuNode;
  /** From the first level down to the node. */
  trail: MenuNode[];
}

/** Every node with a path, by path; the deepest node wins where a parent shares its first leaf's path. */
export function indexMenu(menu: MenuNode[]): Map<string, MenuEntry> {
  const map = new Map<string, MenuEntry>();
  const walk = (nodes: MenuNode[], trail: MenuNode[]) => {
    for (const n of nodes) {
      const t = [...trail, n];
      if (n.path && (!map.has(n.path) || n.children.length === 0)) map.set(n.path, { node: n, trail: t });
      walk(n.children, t);
    }
  };
  walk(menu, []);
  return map;
}

/** The first visible leaf below (or at) a node. */
export function firstVisibleLeaf(nodes: MenuNode[]): MenuNode | undefined {
  for (const n of nodes) {
    if (!n.isshow) continue;
    if (n.children.length === 0) return n.path ? n : undefined;
    const leaf = firstVisibleLeaf(n.children);
    if (leaf) return leaf;
  }
  return undefined;
}
