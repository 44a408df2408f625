import type { UseQueryResult } from '@tanstack/react-query';
import { App, Form } from 'antd';
import { useEffect, useState } from 'react';
import { showFieldErrors } from './form-errors';

/**
 * The load-and-save form of a settings screen: fills the form from the query (through `toForm`, e.g. to blank
 * secrets), saves, says 保存成功 and reloads; a refusal lands under its fields, or as a message.
 */
export function useSettingsForm<D, V>(
  q: UseQueryResult<D>,
  save: (v: V) => Promise<unknown>,
  toForm: (d: D) => Partial<V> = (d) => d as Partial<V>,
) {
  const { message } = App.useApp();
  const [form] = Form.useForm<V>();
  const [saving, setSaving] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: refill only when the loaded data changes
  useEffect(() => {
    if (q.data) form.setFieldsValue(toForm(q.data) as never);
  }, [q.data, form]);
  const onFinish = async (v: V) => {
    setSaving(true);
    try {
      await save(v);
      message.success('保存成功');
      await q.refetch();
    } catch (e) {
      if (!showFieldErrors(form, e)) message.error((e as Error).message);
    } finally {
      setSaving(false);
    }
  };
  return { form, saving, onFinish };
}
