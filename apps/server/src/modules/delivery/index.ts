export { deliveryHandlers, h5DeliveryHandlers } from './delivery.routes';
export { deliveryMethodsOf, type DeliveryMethods } from './settings.service';
export { pickupPointNames, pickupPointOf, staffMayVerifyAt } from './pickup.service';
export { checkFreightTemplate, quoteFreight } from './freight.service';
export type { Quote, QuoteItem } from './freight.rules';
export { EXPRESS_BIZ, EXPRESS_PACKAGES, expressPaid } from './express.service';
