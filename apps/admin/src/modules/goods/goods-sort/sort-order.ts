/** The list with the item at from moved to to. */
export function moveItem<T>(list: T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item);
  return next;
}

/** BatchSort's body for a page shown in this order: the places (1-based, in the whole on-sale order) of its rows. */
export function placesOf(rows: { id: string }[], pageIndex: number, pageSize: number): { id: string; sort: number }[] {
  const first = (pageIndex - 1) * pageSize + 1;
  return rows.map((r, i) => ({ id: r.id, sort: first + i }));
}

/** Whether two orders of the same rows differ. */
export const orderChanged = (a: { id: string }[], b: { id: string }[]) => a.length !== b.length || a.some((r, i) => r.id !== b[i].id);

/** The last place: BatchSort puts a place past the end at the end. */
export const LAST_PLACE = 999_999;
