import { PHONE_RE } from '@contract/index';
import { App, Button } from 'antd';
import { useState } from 'react';
import { api } from '@/api/client';
import { useCountdown } from '@/hooks/use-countdown';

interface Props {
  /** Reads the phone typed so far. */
  getPhone: () => string | undefined;
  /** 1 register, 2 login, 3 reset password. */
  type: 1 | 2 | 3;
}

/** 获取验证码: sends the code, then counts down 60 s before it can be sent again. */
export function SmsCodeButton({ getPhone, type }: Props) {
  const { message } = App.useApp();
  const { left, running, start } = useCountdown();
  const [sending, setSending] = useState(false);
  const onClick = async () => {
    const phone = (getPhone() ?? '').trim();
    if (!phone) return message.error('请输入手机号');
    if (!PHONE_RE.test(phone)) return message.error('手机号格式不正确');
    setSending(true);
    try {
      const r = await api.login.getSmsCode({ phone, type });
      message.success('验证码发送成功');
      start(r.cooldown);
    } finally {
      setSending(false);
    }
  };
  return (
    <Button onClick={onClick} disabled={running} loading={sending} style={{ width: 120 }}>
      {running ? `${left}秒后重新获取` : '获取验证码'}
    </Button>
  );
}
