import { formRepo } from './forms.repository';
import type { Tenant } from '@/core/tenant';

/**
 * What other modules' lists ask of forms (the form orders and their verifications show the form's name and filter on
 * it): names and ids, never the repository (test/borders.test.ts, rule c).
 */

/** The name of each of these forms of the renter that still exists, by id. */
export const formNamesByIds = async (tenant: Tenant, ids: string[]): Promise<Map<string, string>> => {
  const rows = await formRepo.namesByIds(tenant, [...new Set(ids)]);
  return new Map(rows.map((f) => [f.id, f.name]));
};

/** The ids of the renter's forms whose name contains the keyword (case-insensitive, like the lists' keyword filters). */
export const formIdsNameContaining = (tenant: Tenant, keyword: string): Promise<string[]> => {
  return formRepo.idsNameContaining(tenant, keyword);
};
