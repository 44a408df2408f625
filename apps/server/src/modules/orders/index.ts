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
// Level and rights-card orders (issue 15, member orders).
export {
  foundMemberOrder,
  listMemberOrders,
  memberOrderDetail,
  memberOrderMissing,
  myMemberOrder,
  myMemberOrders,
  orderKindName,
  paidText,
  setMemberOrderNotes,
} from './member-orders/member-orders.service';
export {
  addMemberOrderRefund,
  addMemberOrderStep,
  insertMemberOrder,
  lockMemberOrder,
  type MemberOrderRow,
  moveMemberOrder,
  newMemberOrderNo,
} from './member-orders/member-orders.workflow';
