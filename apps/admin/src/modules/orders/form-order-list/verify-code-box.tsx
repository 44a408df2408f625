import { App, Button, Input, Space } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { api } from '@/api/client';

/** 核销: the staff types the customer's 8-digit code. */
export function VerifyCodeBox({ onDone }: { onDone: () => void }) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    if (!/^\d{8}$/.test(code)) return message.error(code ? '核销码为8位数字' : '请输入核销码');
    setBusy(true);
    try {
      const o = await api.formOrder.verificationCode({ code });
      message.success(`核销成功：${o.formName} ${o.orderNo}`);
      setCode('');
      onDone();
      navigate(`/FormOrderDetail?id=${o.id}`);
    } catch {
      // shown
    } finally {
      setBusy(false);
    }
  };
  return (
    <Space.Compact>
      <Input
        placeholder="输入顾客的8位核销码"
        value={code}
        maxLength={8}
        onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
        onPressEnter={submit}
        style={{ width: 220 }}
        aria-label="核销码"
      />
      <Button type="primary" onClick={submit} loading={busy}>
        核销
      </Button>
    </Space.Compact>
  );
}
