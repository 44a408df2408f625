import type { Tenant } from '@/core/tenant';
import { nextSequence } from './sequence';
import { fmtDay } from './time';

/**
 * The one allocator of human-facing order numbers: prefix + the day in the display zone (yyyyMMdd) + that day's
 * counter of the renter for the kind (6 digits, more past 999,999), e.g. G20261129000042. Readable, sortable by day,
 * unique per renter by construction. The counter is one atomic upsert: called outside a long transaction (as checkout
 * does) its row is locked only for that statement, so concurrent checkouts do not queue on it; a number drawn by a
 * checkout that then fails is left unused (gaps are fine, duplicates impossible).
 */
export async function nextOrderNo(tenant: Tenant, o: { prefix: string; counter: string; now?: Date }): Promise<string> {
  const day = fmtDay(o.now ?? new Date()).replaceAll('-', '');
  const seq = await nextSequence(tenant, `${o.counter}:${day}`);
  return `${o.prefix}${day}${String(seq).padStart(6, '0')}`;
}
