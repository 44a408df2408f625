export { formOrderHandlers } from './form-orders.routes';
export {
  type FormOrderRow,
  insertFormOrder,
  lockFormOrder,
  lockFormOrderByCode,
  moveFormOrder,
  staleUnpaidFormOrders,
} from './workflow.service';
export { formOrderCode } from './form-orders.public';
export { formOrderFigures } from './dashboard.service';
export { customerOrderFigures, customerOrderMonths, type OrderOwner, orderNosOfSubmissions } from './lookup.service';
