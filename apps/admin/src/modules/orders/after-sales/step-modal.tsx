import type { contract, DataOf } from '@contract/index';
import { App, Modal } from 'antd';
import type { ReactNode } from 'react';
import { refundAmountError } from '../member-orders/refund-rules';

export type AfterSaleDetail = DataOf<typeof contract.afterSale.GetServerDetail>;
export type ActionOpen = 'agree' | 'refuse' | 'refund' | 'resend' | 'message' | null;

/** Runs a step's call, then says it is done and closes the dialog; a refusal is shown by the api client. */
export function useStepRun(onClose: () => void) {
  const { message } = App.useApp();
  return async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
      message.success(done);
      onClose();
    } catch {
      // shown by the api client
    }
  };
}

/** The dialog shell of a step: a form submitted by OK, the busy state on OK. */
export function StepModal(p: {
  title: string;
  okText: string;
  open: boolean;
  busy: boolean;
  danger?: boolean;
  onOk: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Modal
      title={p.title}
      open={p.open}
      onCancel={p.onClose}
      onOk={p.onOk}
      okText={p.okText}
      okButtonProps={{ danger: p.danger }}
      cancelText="取消"
      confirmLoading={p.busy}
      destroyOnHidden
    >
      {p.children}
    </Modal>
  );
}

/** A refund amount: more than 0, at most 2 decimals, at most what may still be refunded. */
export const amountRule = (refundable: number) => ({
  validator: (_: unknown, v: string) => {
    const why = refundAmountError(v ?? '', refundable);
    return why ? Promise.reject(new Error(why)) : Promise.resolve();
  },
});
