import type { GoodsTypeNode, TreeSelNode } from '@contract/index';

/** The categories at the same level as id (its parent's children, or the top level), and its place among them. */
export function siblingsOf(tree: GoodsTypeNode[], id: string): { siblings: GoodsTypeNode[]; index: number } | null {
  const index = tree.findIndex((n) => n.id === id);
  if (index >= 0) return { siblings: tree, index };
  for (const n of tree) {
    const found = n.children ? siblingsOf(n.children, id) : null;
    if (found) return found;
  }
  return null;
}

/** The list with the item at from moved to to. */
export function moveItem<T>(list: T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item);
  return next;
}

/** The sort body that puts siblings in this order: 1, 2, 3… (smaller first). */
export const sortBodyOf = (siblings: { id: string }[]) => siblings.map((s, i) => ({ id: s.id, sort: i + 1 }));

/** Ids of the categories that have children (the rows a tree table can expand). */
export function parentIds(tree: GoodsTypeNode[]): string[] {
  return tree.flatMap((n) => (n.children ? [n.id, ...parentIds(n.children)] : []));
}

export function countNodes(tree: GoodsTypeNode[]): number {
  return tree.reduce((sum, n) => sum + 1 + countNodes(n.children ?? []), 0);
}

/** The tree as TreeSelect data, without the category excludeId and what is under it (where it cannot move). */
export function toTreeSelect(tree: GoodsTypeNode[], excludeId?: string): (TreeSelNode & { disabled?: boolean })[] {
  return tree
    .filter((n) => n.id !== excludeId)
    .map((n) => {
      const children = n.children ? toTreeSelect(n.children, excludeId) : [];
      return { value: n.id, title: n.status === 1 ? n.name : `${n.name}（已禁用）`, ...(children.length ? { children } : {}) };
    });
}

export function findNode(tree: GoodsTypeNode[], id: string): GoodsTypeNode | undefined {
  for (const n of tree) {
    if (n.id === id) return n;
    const found = n.children ? findNode(n.children, id) : undefined;
    if (found) return found;
  }
  return undefined;
}
