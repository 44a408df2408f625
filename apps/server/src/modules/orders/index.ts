export { formOrderHandlers, fromOrderHandlers } from './form-orders.routes';
export { h5MemberOrderHandlers, lvOrderHandlers, vipOrderHandlers } from './member-orders/member-orders.routes';
export {
  type FormOrderRow,
  insertFormOrder,
  lockFormOrder,
  lockFormOrderByCode,
  logFormOrderPlaced,
  moveFormOrder,
  patchUnpaidFormOrder,
} from './workflow.service';
export { type MoveBy, SYSTEM_BY } from './core/moves';
export { notePaymentAfterClose } from './core/stray-payment';
export { staffBy } from './goods-orders/console/staff';
export { formOrderCode } from './form-orders.public';
export { formOrderFigures } from './dashboard.service';
export { orderNosOfSubmissions } from './lookup.service';
export { memberOrderFigureHandlers } from './member-figures.routes';
export { GOODS_ORDER_MOVES, moveGoodsOrder, refusalOf, type GoodsOrderMove } from './goods-orders/goods-order.states';
export {
  autoCancelJob,
  autoConfirmJob,
  buyerCancel,
  byOf,
  confirmReceipt,
  GOODS_ORDER_BIZ,
  goodsOrderPaid,
  goodsOrderRefunded,
  merchantCancel,
} from './goods-orders/lifecycle';
export { payLink, placeGoodsOrder, type PlaceInput, type Placed } from './goods-orders/checkout';
export { priceOrder, type PricedOrder } from './pricing/price-order';
// Customer side (H5): cart, addresses, checkout, my orders (README "Customer side").
export { h5OrdersHandlers } from './h5/h5.routes';
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
  patchUnpaidMemberOrder,
} from './member-orders/member-orders.workflow';
// Goods orders: the console (H4)
export { goodsOrderHandlers } from './goods-orders/console/console.routes';
export { goodsOrderPaidNotice } from './goods-orders/console/notice';
export { shipInTx } from './goods-orders/console/ship.service';
export { GOODS_ORDERS_EXPORT, goodsOrdersExportKind } from './goods-orders/console/export';
// 核销工具 / 核销记录
export { verifyHandlers } from './verify/verify.routes';
export { activityOrders } from './goods-orders/console/activity-orders';
// After-sales (售后维权: /Order/Service/ and /h5/AfterSale/; README "After-sales").
export { afterSaleHandlers } from './after-sales/after-sales.console';
export { h5AfterSaleHandlers } from './after-sales/after-sales.h5';
export { AFTER_SALE_REFUND, afterSaleRefunded, afterSaleRefundFailed, afterSaleTimeoutJob } from './after-sales/after-sale.flow';
// The flows of form orders and of level and card orders (each with its steps and what undoes them).
export { FORM_ORDER_BIZ, formOrderPaid, submitForm } from './form-orders/submit.flow';
export { cancelFormOrder, formOrderRefunded } from './form-orders/cancel.flow';
export { expireFormOrder, FORM_ORDER_EXPIRE_JOB, FORM_ORDER_PAY_MINUTES, formOrderExpireJob } from './form-orders/expiry.job';
export {
  buyMemberOrder,
  CARD_ORDER_BIZ,
  cancelLvOrder,
  cancelVipOrder,
  LEVEL_ORDER_BIZ,
  memberOrderExpireJob,
  memberOrderPaid,
  memberOrderRefunded,
  refundLvOrder,
} from './member-orders/member-order.flow';
