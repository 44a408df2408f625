import type { Services } from '../core/context';
import { setPublicUploadGuard } from '../modules/files';
import { formRepo, openState } from '../modules/forms';
import { formOrderRefunded } from './cancel-form-order';
import { FORM_ORDER_BIZ, formOrderPaid } from './submit-form';

/** Connects the modules that react to each other: payments to orders, uploads to forms. Called once per app. */
export function wireWorkflows(services: Services): void {
  services.payment.onPaid(FORM_ORDER_BIZ, (tx, pay) => formOrderPaid(tx, pay.renterId, pay.bizId));
  services.payment.onRefunded(FORM_ORDER_BIZ, (tx, pay) => formOrderRefunded(tx, pay.renterId, pay.bizId));
  // A customer may upload only to a form that takes submissions now.
  setPublicUploadGuard(async (db, formId) => {
    const f = await formRepo.byIdPublic(db, formId);
    return f && openState(f).open ? { renterId: f.renterId } : null;
  });
}

export { expireFormOrders } from './expire-form-orders';
