export {
  closePayment,
  createPayment,
  getPayStatus,
  handleNotify,
  REFUND_FAILED_MSG,
  REFUND_PENDING_MSG,
  refundPayment,
  settlePaid,
  type CreatedPayment,
  type CreatePaymentInput,
  type NotifyOutcome,
  type PayOrderView,
  type RefundResult,
} from './payment.service';
export { registerPaymentRoutes } from './payment.routes';
export {
  PAYMENT_SETTLE_JOB,
  paymentSettleJob,
  RECONCILE_AFTER_MINUTES,
  reconcilePayments,
  type SettleData,
} from './payment.jobs';
export { PAY_STATUS, REFUND_STATUS, type PayOrderRow, type PayRefundRow, type PayStatus } from './payment.tables';
export { createPayments, Payments, type PaidHandler, type RefundedHandler } from './payments';
export {
  createPaymentProvider,
  type PaymentProvider,
  PaymentRefusedError,
  type ProviderPayment,
  type ProviderRefund,
  SandboxPaymentProvider,
  type VerifiedNotify,
} from './provider';
