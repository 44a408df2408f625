import type { Tenant } from '@/core/tenant';
import { formRepo } from './forms.repository';

/** The names of the renter's forms of these ids, by id (for lists of other modules that name forms: 操作日志). */
export async function formNamesByIds(tenant: Tenant, ids: string[]): Promise<Map<string, string>> {
  const rows = await formRepo.names(tenant, [...new Set(ids)]);
  return new Map(rows.map((r) => [r.id, r.name]));
}
