export {
  closePayment,
  closeUnpaidPayment,
  createPayment,
  openPayment,
  openPayOrder,
  PAYMENT_REFUND_JOB,
  payLinkOf,
  type RefundJobData,
  type RefundRef,
  type RefundRequest,
  requestRefund,
  runRefund,
  STRAY_PAYMENT,
  getPayStatus,
  handleNotify,
  REFUND_FAILED_MSG,
  REFUND_PENDING_MSG,
  REFUND_STARTED,
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
  paymentRefundJob,
  paymentSettleJob,
  RECONCILE_AFTER_MINUTES,
  reconcilePayments,
  type SettleData,
} from './payment.jobs';
export { PAY_STATUS, REFUND_STATUS, type PayOrderRow, type PayRefundRow, type PayStatus } from './payment.tables';
export { createPayments, PAYMENT_REJECTED, Payments, type PaidHandler, type RefundedHandler, type RefundFailedHandler } from './payments';
export {
  createPaymentProvider,
  type PaymentProvider,
  PaymentRefusedError,
  type ProviderPayment,
  type ProviderRefund,
  SandboxPaymentProvider,
  type VerifiedNotify,
} from './provider';
