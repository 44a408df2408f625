/** Materialised paths ('/3/17/42/': category numbers from the top down to the row itself) and nesting. */

/** The category numbers of a path, top first, the row's own last. */
export const nosOf = (path: string): number[] => path.split('/').filter(Boolean).map(Number);

/** 1 for a top-level category. */
export const levelOf = (path: string): number => nosOf(path).length;

/** The numbers of the ancestors, top first. */
export const ancestorNosOf = (path: string): number[] => nosOf(path).slice(0, -1);

/** The path of a category numbered no under a parent of parentPath (null at the top). */
export const childPath = (parentPath: string | null, no: number): string => `${parentPath ?? '/'}${no}/`;

/**
 * A path this long still fits the btree index of (renter_id, path) with room to spare (an index entry holds
 * ~2.7 KB): about 250 levels of 7-digit numbers.
 */
export const MAX_PATH_LENGTH = 2000;

/** `食品 / 水果 / 苹果` from the names of the categories on a path. */
export function pathNameOf(path: string, nameByNo: ReadonlyMap<number, string>): string {
  return nosOf(path)
    .map((n) => nameByNo.get(n) ?? '')
    .join(' / ');
}

interface Linked {
  id: string;
  parentId: string | null;
}

/**
 * Nests rows under their parents, top-level rows first. Siblings keep the order they have in rows; a row whose
 * parent is not among rows is left out (with its own subtree).
 */
export function nest<T extends Linked, N>(rows: T[], toNode: (row: T, children: N[] | undefined) => N): N[] {
  const byParent = new Map<string | null, T[]>();
  for (const r of rows) {
    const list = byParent.get(r.parentId);
    if (list) list.push(r);
    else byParent.set(r.parentId, [r]);
  }
  const build = (parentId: string | null): N[] =>
    (byParent.get(parentId) ?? []).map((r) => {
      const children = byParent.has(r.id) ? build(r.id) : undefined;
      return toNode(r, children);
    });
  return build(null);
}

/** The rows of nest() in depth-first order (a parent, then its subtree, then its next sibling). */
export function treeOrder<T extends Linked>(rows: T[]): T[] {
  const out: T[] = [];
  const walk = (nodes: { row: T; children?: unknown[] }[]) => {
    for (const n of nodes) {
      out.push(n.row);
      if (n.children) walk(n.children as { row: T; children?: unknown[] }[]);
    }
  };
  walk(nest(rows, (row, children) => ({ row, children })));
  return out;
}
