/*
 * The catalogue of events, apart from the outbox (events.ts) so that core/context can name the app's subscribers
 * (`Services.events`) without importing the outbox, which imports the context (test/borders.test.ts refuses import
 * cycles, type-only ones too).
 */

/**
 * The catalogue of domain events (DESIGN §10): what a business write tells the rest of the product. A payload
 * carries what subscribers need so that they do not read the writer's tables.
 */
export interface DomainEvents {
  /** Goods were created (新增 or 复制): one event per goods. */
  'goods.created': { goodsId: string; goodsNo: string; title: string };
  /**
   * A customer submitted a form; `paid` forms tell their order's payment later, not now. `visitor` is the visitor id
   * of the page and `phone` the form's phone answer ('' without one): who the customer is (members).
   */
  'form.submitted': {
    formId: string;
    formName: string;
    submissionId: string;
    subNo: string;
    paid: boolean;
    visitor: string;
    phone: string;
  };
  /** A form order's payment arrived (its order is 待核销 or 已完成 now); `visitor` and `phone` as in form.submitted. */
  'form-order.paid': {
    orderId: string;
    orderNo: string;
    formId: string;
    formName: string;
    amountFen: number;
    paidAt: string;
    visitor: string;
    phone: string;
  };
  /** A goods order's payment arrived (待发货 now): members' figures, the console's notice and sound. */
  'goods-order.paid': { orderId: string; orderNo: string; memberId: string; title: string; payFen: number; paidAt: string };
  /** A goods order completed (确认收货 or 自提核销). */
  'goods-order.completed': { orderId: string; orderNo: string; memberId: string; completedAt: string };
  /** A goods order closed; `paidFen` > 0 when it had been paid (its money goes back: members' figures undo it). */
  'goods-order.closed': { orderId: string; orderNo: string; memberId: string; paidFen: number; reason: string };
  /**
   * A payment arrived for a pay order closed here (the payer was on the page while it closed): taken and refunded in
   * full by a job. The record it was for (`bizType`, `bizId`: an order's id for the order kinds) notes it.
   */
  'payment.stray': { payOrderId: string; bizType: string; bizId: string; amountFen: number };
  /** An after-sale refund went through; `orderClosed` when it closed the order (every unit refunded before shipping). */
  'after-sale.refunded': { afterSaleId: string; orderId: string; memberId: string; refundFen: number; orderClosed: boolean };
}
export type EventType = keyof DomainEvents;

/** An event as subscribers get it. */
export interface DeliveredEvent<T extends EventType> {
  id: string;
  type: T;
  renterId: string | null;
  payload: DomainEvents[T];
}
