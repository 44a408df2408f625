export {
  closePayment,
  createPayment,
  getPayStatus,
  handleNotify,
  refundPayment,
  type CreatedPayment,
  type CreatePaymentInput,
  type NotifyOutcome,
  type PayOrderView,
  type RefundResult,
} from './payment.service';
export { registerPaymentRoutes } from './payment.routes';
export { PAY_STATUS, REFUND_STATUS, type PayOrderRow, type PayRefundRow, type PayStatus } from './payment.tables';
export { createPayments, Payments, type PaidHandler, type RefundedHandler } from './payments';
export {
  createPaymentProvider,
  type PaymentProvider,
  SandboxPaymentProvider,
  type VerifiedNotify,
} from './provider';
