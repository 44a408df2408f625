import { App, Form } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ApiError } from '@/api/client';
import { useSession } from '@/store/session';
import { useCheckTransCode, useSendTransCodes, useTransferRenter } from '../account.queries';

export interface TransValues {
  phone: string;
  ownerCode: string;
  receiverCode: string;
  oldOwner: 'stay' | 'leave';
  roleId?: string;
}

export type CodeKind = 'ownerCode' | 'receiverCode';
const KIND_NO: Record<CodeKind, 1 | 2> = { ownerCode: 1, receiverCode: 2 };

/**
 * The steps of 企业转让: send the two codes for a receiver, check each code as it is typed, transfer after a last
 * confirm, then log out (both sides must log in again).
 */
export function useRenterTrans() {
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const logout = useSession((s) => s.logout);
  const sendCodes = useSendTransCodes();
  const checkCode = useCheckTransCode();
  const renterTrans = useTransferRenter();
  const [form] = Form.useForm<TransValues>();
  /** The receiver the codes were sent for (a changed phone needs new codes). */
  const [sent, setSent] = useState<{ phone: string; receiverName: string; ownerPhone: string } | null>(null);
  const [checked, setChecked] = useState<Record<CodeKind, boolean>>({ ownerCode: false, receiverCode: false });
  const phone = Form.useWatch('phone', form);
  const oldOwner = Form.useWatch('oldOwner', form);
  const step = !sent || sent.phone !== phone ? 0 : checked.ownerCode && checked.receiverCode ? 2 : 1;

  const send = async () => {
    try {
      await form.validateFields(['phone']);
    } catch {
      return undefined;
    }
    const p = form.getFieldValue('phone') as string;
    try {
      const r = await sendCodes.mutateAsync(p);
      message.success('验证码发送成功');
      setSent({ phone: p, receiverName: r.receiverName, ownerPhone: r.ownerPhone });
      setChecked({ ownerCode: false, receiverCode: false });
      return r.cooldown;
    } catch (e) {
      if (e instanceof ApiError) form.setFields([{ name: 'phone', errors: [e.message] }]);
      return undefined;
    }
  };

  /** Checks one code as soon as it has 6 digits: the field shows whether it is right. */
  const check = async (kind: CodeKind, code: string) => {
    setChecked((c) => ({ ...c, [kind]: false }));
    if (!sent || !/^\d{6}$/.test(code)) return;
    try {
      await checkCode.mutateAsync({ phone: sent.phone, kind: KIND_NO[kind], code });
      setChecked((c) => ({ ...c, [kind]: true }));
      form.setFields([{ name: kind, errors: [] }]);
    } catch (e) {
      if (e instanceof ApiError) form.setFields([{ name: kind, errors: [e.message] }]);
    }
  };

  const transfer = (v: TransValues) =>
    modal.confirm({
      title: '确定转让企业吗?',
      content: `企业将转让给 ${sent?.receiverName ?? ''}（${v.phone}），转让后您不再是企业所有者${
        v.oldOwner === 'leave' ? '并退出该企业' : ''
      }，双方都需要重新登录。此操作不可撤销。`,
      okText: '确定转让',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: async () => {
        try {
          await renterTrans.mutateAsync(v);
          message.success('企业转让成功，请重新登录');
          logout();
          qc.clear();
          navigate('/login', { replace: true });
        } catch (e) {
          const errors = ((e as ApiError).data as { errors?: { field: string; msg: string }[] } | null)?.errors ?? [];
          if (errors.length) form.setFields(errors.map((x) => ({ name: x.field as keyof TransValues, errors: [x.msg] })));
          else if (e instanceof ApiError) message.error(e.message);
        }
      },
    });

  return { form, sent, checked, step, phone, oldOwner, submitting: renterTrans.isPending, send, check, transfer };
}
