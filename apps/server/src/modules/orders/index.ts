export { formOrderHandlers } from './form-orders.routes';
export { formOrderRepo, takeRepo } from './form-orders.repository';
export { formOrderCode } from './form-orders.public';
