import type { UseQueryResult } from '@tanstack/react-query';
import { App, Form } from 'antd';
import { useEffect } from 'react';
import { showFieldErrors } from './form-errors';

/**
 * The load-and-save form of a settings screen: fills the form from the query (through `toForm`, e.g. to blank
 * secrets), saves through the screen's mutation (which reads the settings again), says 保存成功; a refusal lands
 * under its fields, or as a message. `toBody` turns the form's values into what is sent.
 */
export function useSettingsForm<D, V, B = V>(
  q: UseQueryResult<D>,
  save: { mutateAsync: (body: B) => Promise<unknown>; isPending: boolean },
  toForm: (d: D) => Partial<V> = (d) => d as Partial<V>,
  toBody: (v: V) => B = (v) => v as unknown as B,
) {
  const { message } = App.useApp();
  const [form] = Form.useForm<V>();
  // biome-ignore lint/correctness/useExhaustiveDependencies: refill only when the loaded data changes
  useEffect(() => {
    if (q.data) form.setFieldsValue(toForm(q.data) as never);
  }, [q.data, form]);
  const onFinish = async (v: V) => {
    try {
      await save.mutateAsync(toBody(v));
      message.success('保存成功');
    } catch (e) {
      if (!showFieldErrors(form, e)) message.error((e as Error).message);
    }
  };
  return { form, saving: save.isPending, onFinish };
}
