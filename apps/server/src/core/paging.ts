import { type AnyColumn, asc, desc, type SQL } from 'drizzle-orm';

/**
 * ORDER BY terms for a list request's sorter (spec 000 §3), using only the columns a list allows
 * (anything else is ignored, never passed to SQL).
 */
export function sortBy(sorter: { field: string; order: string }[], columns: Record<string, AnyColumn | SQL>): SQL[] {
  return sorter
    .filter((s) => Object.hasOwn(columns, s.field))
    .map((s) => (s.order.startsWith('asc') ? asc(columns[s.field]) : desc(columns[s.field])));
}

/** Runs a page query and its filtered count together: {rows, total}. */
export async function paged<R>(rows: Promise<R[]>, total: Promise<{ n: number }[]>): Promise<{ rows: R[]; total: number }> {
  const [r, [t]] = await Promise.all([rows, total]);
  return { rows: r, total: Number(t?.n ?? 0) };
}
