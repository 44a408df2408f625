import { formOrderFiguresRepo } from './form-orders.repository';
import type { Tenant } from '@/core/tenant';

/** The home dashboard's figures of form orders: orders to verify, fen paid since `since`. */
export const formOrderFigures = (tenant: Tenant, since: Date): Promise<{ ordersToVerify: number; paidSinceFen: number }> => {
  return formOrderFiguresRepo.of(tenant, since);
};
