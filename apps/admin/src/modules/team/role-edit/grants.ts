import { grantKey, type Op } from '@contract/index';

/** An entry of the role editor: a menu entry and the operations it offers. */
export interface GrantEntry {
  key: string;
  ops: Op[];
}

const keysOf = (e: GrantEntry) => e.ops.map((op) => grantKey({ menu: e.key, op }));

/**
 * Ticks or unticks one operation of an entry. Any of 编辑/删除/导出 brings 查看 with it; unticking 查看 unticks the
 * entry's other operations (they mean nothing without it).
 */
export function toggleOp(grants: ReadonlySet<string>, entry: GrantEntry, op: Op, on: boolean): Set<string> {
  const next = new Set(grants);
  if (on) {
    next.add(entry.key);
    next.add(grantKey({ menu: entry.key, op }));
  } else if (op === 'view') {
    for (const k of keysOf(entry)) next.delete(k);
  } else {
    next.delete(grantKey({ menu: entry.key, op }));
  }
  return next;
}

/** Ticks or unticks every operation of every entry given (a group, or 全选). */
export function toggleAll(grants: ReadonlySet<string>, entries: GrantEntry[], on: boolean): Set<string> {
  const next = new Set(grants);
  for (const k of entries.flatMap(keysOf)) {
    if (on) next.add(k);
    else next.delete(k);
  }
  return next;
}

/** How many of the entries' operations are ticked, of how many: for a group's checkbox (ticked, half, none). */
export function tickState(grants: ReadonlySet<string>, entries: GrantEntry[]): { checked: boolean; indeterminate: boolean } {
  const keys = entries.flatMap(keysOf);
  const ticked = keys.filter((k) => grants.has(k)).length;
  return { checked: keys.length > 0 && ticked === keys.length, indeterminate: ticked > 0 && ticked < keys.length };
}
