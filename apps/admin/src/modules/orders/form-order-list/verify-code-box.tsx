import { App, Button, Input, Space } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useVerifyFormOrderCode } from '../orders.queries';

/** 核销: the staff types the customer's 8-digit code; the order's detail opens (the lists read again). */
export function VerifyCodeBox() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const verify = useVerifyFormOrderCode();
  const submit = async () => {
    if (!/^\d{8}$/.test(code)) return message.error(code ? '核销码为8位数字' : '请输入核销码');
    try {
      const o = await verify.mutateAsync(code);
      message.success(`核销成功：${o.formName} ${o.orderNo}`);
      setCode('');
      navigate(`/FormOrderDetail?id=${o.id}`);
    } catch {
      // shown
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
      <Button type="primary" onClick={submit} loading={verify.isPending}>
        核销
      </Button>
    </Space.Compact>
  );
}
