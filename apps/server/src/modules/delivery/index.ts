import type { Services } from '@/core/context';
import { EXPRESS_BIZ, expressPaid } from './express.service';

export { deliveryHandlers, h5DeliveryHandlers } from './delivery.routes';
export { deliveryMethodsOf, type DeliveryMethods } from './settings.service';
export { pickupPointNames, pickupPointOf, staffMayVerifyAt } from './pickup.service';
export { checkFreightTemplate, quoteFreight } from './freight.service';
export type { Quote, QuoteItem } from './freight.rules';
export { EXPRESS_BIZ, EXPRESS_PACKAGES } from './express.service';

/** Connects delivery to the payment: a paid waybill package adds to the quota. Called once per app (app.ts). */
export function registerDelivery(services: Services): void {
  services.payment.onPaid(EXPRESS_BIZ, (tx, pay) => expressPaid(tx, pay));
}
