export { billingHandlers } from './billing.routes';
export { boughtApps } from './apps.service';
export { seedApps, APPS } from './billing.seed';
export { BILLING_BIZ, billingPaid } from './billing.service';
