import { formOrderRepo } from './form-orders.repository';
import type { Tenant } from '@/core/tenant';

/**
 * What other modules' lists ask of orders: the forms' submissions list shows each paid submission's order number
 * (workflows/routes.ts passes this to forms' listSubmissions, as orders imports forms). Never the repository
 * (test/borders.test.ts, rule c).
 */

/** The order number of each of these submissions that has an order, by submission id. */
export const orderNosOfSubmissions = async (tenant: Tenant, submissionIds: string[]): Promise<Map<string, string>> => {
  const rows = await formOrderRepo.noOfSubmissions(tenant, [...new Set(submissionIds)]);
  return new Map(rows.map((r) => [r.submissionId, r.orderNo]));
};
