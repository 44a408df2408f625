import { customerOrdersRepo, formOrderRepo, type OrderOwner } from './form-orders.repository';
import type { Tenant } from '@/core/tenant';
export type { OrderOwner };

/**
 * What other modules' lists ask of orders: the forms' submissions list shows each paid submission's order number
 * (the app's routes pass this to forms' listSubmissions, as orders imports forms). Never the repository
 * (test/borders.test.ts, rule c).
 */

/** The order number of each of these submissions that has an order, by submission id. */
export const orderNosOfSubmissions = async (tenant: Tenant, submissionIds: string[]): Promise<Map<string, string>> => {
  const rows = await formOrderRepo.noOfSubmissions(tenant, [...new Set(submissionIds)]);
  return new Map(rows.map((r) => [r.submissionId, r.orderNo]));
};

/**
 * A customer's paid form orders (members' 会员详情 and its recount, `member-figures.routes.ts`), by the visitor who ordered or the phone typed:
 * count, fen and the last payment, and the same by month of payment since `since`.
 */
export const customerOrderFigures = (tenant: Tenant, who: OrderOwner) => customerOrdersRepo.figures(tenant, who);
export const customerOrderMonths = (tenant: Tenant, who: OrderOwner, since: Date, timeZone: string) =>
  customerOrdersRepo.byMonth(tenant, who, since, timeZone);
