/**
 * The flows that span forms, orders, members and the payment and have not moved into the module that owns their
 * outcome yet: a form's submission and its order's payment, a form order's cancel and refund, the timer of an unpaid form
 * orders, level and rights-card orders. The app's routes (src/routes.ts) call them, its start list (src/wiring.ts)
 * hands their payment handlers to the payment, and src/jobs.ts lists their jobs. Modules never import them.
 */
export { FORM_ORDER_BIZ, formOrderPaid, submitForm } from './submit-form';
export { cancelFormOrder, formOrderRefunded } from './cancel-form-order';
export { expireFormOrder, FORM_ORDER_EXPIRE_JOB, formOrderExpireJob } from './expire-form-orders';
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
} from './member-orders';
