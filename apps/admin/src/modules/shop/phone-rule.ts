import { contactPhoneMsg, isContactPhone } from '@contract/index';
import type { FormRule } from 'antd';

/** The form rule of a contact phone: a mobile or a landline (and 400/800 numbers with `service`); '' passes. */
export const contactPhoneRule = (label: string, service = false): FormRule => ({
  validator: async (_r, v: string | undefined) => {
    const s = (v ?? '').trim();
    if (s && !isContactPhone(s, service)) throw new Error(contactPhoneMsg(label));
  },
});
