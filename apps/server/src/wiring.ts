import type { Services } from './core/context';
import { BILLING_BIZ, billingPaid } from './modules/billing';
import { EXPRESS_BIZ, expressPaid } from './modules/delivery';
import { formOrderPaidNotice, formSubmittedNotice } from './modules/home';
import {
  customerOnFormOrderPaid,
  customerOnFormSubmitted,
  figuresOnAfterSaleRefunded,
  figuresOnGoodsOrderClosed,
  figuresOnGoodsOrderPaid,
} from './modules/members';
import {
  AFTER_SALE_REFUND,
  afterSaleRefunded,
  afterSaleRefundFailed,
  GOODS_ORDER_BIZ,
  goodsOrderPaid,
  goodsOrderPaidNotice,
  goodsOrderRefunded,
  CARD_ORDER_BIZ,
  FORM_ORDER_BIZ,
  formOrderPaid,
  formOrderRefunded,
  LEVEL_ORDER_BIZ,
  memberOrderPaid,
  memberOrderRefunded,
  notePaymentAfterClose,
} from './modules/orders';

/**
 * The app's start list: who reacts to what, on this app's services (each app built in a process has its own). The
 * rest of the start is in app.ts (the services, the routes of src/routes.ts) and src/jobs.ts (the jobs).
 */
export function wire(services: Services): void {
  const { payment, events } = services;

  // 1. Payments: the record each kind of pay order pays for (onPaid, in the payment's transaction), and what a refund
  //    of each refund type completes (onRefunded; the after-sale's also when the provider refused it).
  payment.onPaid(FORM_ORDER_BIZ, formOrderPaid);
  payment.onRefunded(FORM_ORDER_BIZ, formOrderRefunded);
  payment.onPaid(GOODS_ORDER_BIZ, goodsOrderPaid);
  payment.onRefunded(GOODS_ORDER_BIZ, goodsOrderRefunded);
  payment.onRefunded(AFTER_SALE_REFUND, (tx, _pay, refund) => afterSaleRefunded(tx, refund), afterSaleRefundFailed);
  payment.onPaid(LEVEL_ORDER_BIZ, memberOrderPaid);
  payment.onRefunded(LEVEL_ORDER_BIZ, memberOrderRefunded);
  payment.onPaid(CARD_ORDER_BIZ, memberOrderPaid);
  payment.onRefunded(CARD_ORDER_BIZ, memberOrderRefunded);
  payment.onPaid(BILLING_BIZ, billingPaid); // a bought product or app extends the enterprise's service
  payment.onPaid(EXPRESS_BIZ, expressPaid); // a bought waybill package adds to the quota

  // 2. Reactions to outbox events (core/jobs README), each delivered once per subscriber. The first argument is the
  //    subscriber's delivery key: never rename one (its past deliveries would be made again).
  events.subscribe('members.figures.goods-order-paid', 'goods-order.paid', figuresOnGoodsOrderPaid);
  events.subscribe('members.figures.goods-order-closed', 'goods-order.closed', figuresOnGoodsOrderClosed);
  events.subscribe('members.figures.after-sale-refunded', 'after-sale.refunded', figuresOnAfterSaleRefunded);
  events.subscribe('home.notice.goods-order-paid', 'goods-order.paid', goodsOrderPaidNotice);
  events.subscribe('home.notice.form-submitted', 'form.submitted', formSubmittedNotice);
  events.subscribe('home.notice.form-order-paid', 'form-order.paid', formOrderPaidNotice);
  events.subscribe('members.customer.form-submitted', 'form.submitted', customerOnFormSubmitted);
  events.subscribe('members.customer.form-order-paid', 'form-order.paid', customerOnFormOrderPaid);
  events.subscribe('orders.timeline.payment-stray', 'payment.stray', notePaymentAfterClose);
}
