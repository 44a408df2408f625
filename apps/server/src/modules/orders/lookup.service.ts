import { type OrderOwner, orderHeaderRepo } from './core/orders.repository';
import { formOrderRepo } from './form-orders.repository';
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
 * A customer's paid goods and form orders, from the order header (members' 会员详情 and its recount, `member-figures.routes.ts`): as the member, by
 * the visitor who ordered or the phone typed; count, fen kept (paid less refunded) and the last payment, and the same by
 * month of payment since `since`.
 */
export const customerOrderFigures = (tenant: Tenant, who: OrderOwner) => orderHeaderRepo.figures(tenant, who);
export const customerOrderMonths = (tenant: Tenant, who: OrderOwner, since: Date, timeZone: string) =>
  orderHeaderRepo.byMonth(tenant, who, since, timeZone);
