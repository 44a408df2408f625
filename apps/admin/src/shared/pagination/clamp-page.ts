export interface ClampedPage {
  page: number;
  outOfRange: boolean;
}

/** Page count for a list; an empty list still has one (empty) page. */
export function pageCountOf(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** Brings a typed page number into 1..pageCount, reporting whether it had to. */
export function clampPage(input: number, pageCount: number): ClampedPage {
  const last = Math.max(1, Math.floor(pageCount));
  const page = Math.trunc(input);
  if (Number.isNaN(page) || page < 1) return { page: 1, outOfRange: true };
  if (page > last) return { page: last, outOfRange: true };
  return { page, outOfRange: false };
}
