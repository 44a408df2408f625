import { App } from 'antd';
import { useState } from 'react';
import { ApiError } from '@/api/client';

export interface BulkDialogProps {
  ids: string[];
  onCancel: () => void;
  onDone: () => void;
}

/** A modal form that sends one call; a refusal stays open with the message shown. */
export function useBulkSubmit(onDone: () => void) {
  const { message } = App.useApp();
  const [saving, setSaving] = useState(false);
  const run = async (work: () => Promise<unknown>, ok: string) => {
    setSaving(true);
    try {
      await work();
      message.success(ok);
      onDone();
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
    } finally {
      setSaving(false);
    }
  };
  return { saving, run };
}

export const countTitle = (title: string, n: number) => `${title}（已选 ${n} 个商品）`;
