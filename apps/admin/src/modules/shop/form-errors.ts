import type { FormInstance } from 'antd';
import { ApiError } from '@/api/client';

/**
 * Shows a refused save's field messages ({errors: [{field, msg}]}) under the form's fields; answers whether any
 * field of the form took one (otherwise the caller shows the message).
 */
export function showFieldErrors(form: FormInstance, e: unknown): boolean {
  if (!(e instanceof ApiError)) return false;
  const errors = (e.data as { errors?: { field: string; msg: string }[] } | null)?.errors ?? [];
  const known = new Set(Object.keys(form.getFieldsValue(true)));
  const byField = new Map<string, string[]>();
  for (const x of errors) {
    const field = x.field.split('.')[0];
    if (known.has(field)) byField.set(field, [...(byField.get(field) ?? []), x.msg]);
  }
  form.setFields([...byField].map(([name, msgs]) => ({ name, errors: msgs })));
  if (byField.size > 0) form.scrollToField([...byField.keys()][0]);
  return byField.size > 0;
}
