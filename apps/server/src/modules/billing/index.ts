export { billingHandlers } from './billing.routes';
