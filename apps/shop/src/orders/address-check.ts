// The address form's check, kept out of order-rules.ts: it carries zod/mini, which must stay in the order pages' lazy
// chunk and off the shop's first screen (README "Budget").
import { addressFields } from '@contract/orders/address-rules';
import type { AddressDraft, AddressErrors } from './order-rules';

/**
 * The address form's messages, field by field: the contract's own address fields (the server checks the same ones),
 * the first message of each field, plus an area picked only part of the way down.
 */
export function addressErrors(d: AddressDraft): AddressErrors {
  const e: AddressErrors = {};
  const r = addressFields.safeParse({ name: d.name, phone: d.phone, area: d.codes, address: d.address });
  if (!r.success) {
    for (const issue of r.error.issues) {
      const key = issue.path[0] as keyof AddressErrors;
      e[key] ??= issue.message;
    }
  }
  if (!e.area && !d.complete) e.area = '请选择所在地区';
  return e;
}
