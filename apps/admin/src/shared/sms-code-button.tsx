import { Button } from 'antd';
import { useState } from 'react';
import { useCountdown } from '@/hooks/use-countdown';

interface Props {
  /** Sends the code; answers the cooldown in seconds, or undefined when nothing was sent (a bad phone). */
  send: () => Promise<number | undefined>;
  width?: number;
}

/** 获取验证码 (spec 000 §4): while a code is on its way the button waits, then counts down before it can send again. */
export function SmsCodeButton({ send, width = 120 }: Props) {
  const { left, running, start } = useCountdown();
  const [sending, setSending] = useState(false);
  const onClick = async () => {
    setSending(true);
    try {
      const cooldown = await send();
      if (cooldown !== undefined) start(cooldown);
    } finally {
      setSending(false);
    }
  };
  return (
    <Button onClick={onClick} disabled={running} loading={sending} style={{ width }}>
      {running ? `${left}秒后重新获取` : '获取验证码'}
    </Button>
  );
}
