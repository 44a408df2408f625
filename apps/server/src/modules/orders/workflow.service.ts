import type { Db } from '@/db/client';
import { type FormOrderRow, formOrderRepo } from './form-orders.repository';
import type { Tenant } from '@/core/tenant';

/**
 * What the form-order flows (form-orders/: submit, pay, cancel, expire) ask of the form-order table: the moves and the
 * locked reads. The module's face (index.ts) exports a few of these, never the repositories (test/borders.test.ts, rule b).
 */

/** The order, locked (`for update`) until the transaction ends. */
export const lockFormOrder = (tenant: Tenant, id: string): Promise<FormOrderRow | undefined> => {
  return formOrderRepo.lock(tenant, id);
};

/** The order holding a verification code, locked; the code must be unique per renter. */
export const lockFormOrderByCode = (tenant: Tenant, code: string): Promise<FormOrderRow | undefined> => {
  return formOrderRepo.lockByCode(tenant, code);
};

/** Stores a new order. */
export const insertFormOrder = (db: Db, v: Parameters<typeof formOrderRepo.insert>[1]): Promise<FormOrderRow> =>
  formOrderRepo.insert(db, v);

export { FORM_ORDER_MOVES, type FormOrderMove, logFormOrderPlaced, moveFormOrder, patchUnpaidFormOrder } from './form-order.states';

export type { FormOrderRow };
