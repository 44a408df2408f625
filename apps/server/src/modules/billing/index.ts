import type { Services } from '@/core/context';
import { BILLING_BIZ, billingPaid } from './billing.service';

export { billingHandlers } from './billing.routes';
export { boughtApps } from './apps.service';
export { seedApps, APPS } from './billing.seed';
export { BILLING_BIZ } from './billing.service';

/** Connects billing to the payment: a paid purchase extends the service. Called once per app (app.ts). */
export function registerBilling(services: Services): void {
  services.payment.onPaid(BILLING_BIZ, (tx, pay) => billingPaid(tx, pay));
}
