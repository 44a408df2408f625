import { PHONE_RE } from '@contract/core/rules';
import { App } from 'antd';
import { SmsCodeButton } from '@/shared/sms-code-button';
import { useSendLoginCode } from './login.queries';

interface Props {
  /** Reads the phone typed so far. */
  getPhone: () => string | undefined;
  /** 1 register, 2 login, 3 reset password. */
  type: 1 | 2 | 3;
}

/** 获取验证码 of the login pages: checks the typed phone, sends a code of the type, then counts down 60 s. */
export function LoginSmsCodeButton({ getPhone, type }: Props) {
  const { message } = App.useApp();
  const sendCode = useSendLoginCode();
  const send = async () => {
    const phone = (getPhone() ?? '').trim();
    if (!phone) return void message.error('请输入手机号');
    if (!PHONE_RE.test(phone)) return void message.error('手机号格式不正确');
    const r = await sendCode.mutateAsync({ phone, type });
    message.success('验证码发送成功');
    return r.cooldown;
  };
  return <SmsCodeButton send={send} />;
}
