import { App, Button, Form, Input, Space } from 'antd';
import { Link, useNavigate } from 'react-router-dom';
import { useTitle } from '@/hooks/use-title';
import { codeRules, loginPwdRules, phoneRules } from './rules';
import { useResetPwd } from './login.queries';
import { LoginSmsCodeButton } from './sms-code-button';

interface ResetForm {
  phone: string;
  code: string;
  pwd: string;
}

/** The fields of a password reset by SMS, shared by /Resetpwd and the shell's dialog. */
export function ResetPwdFields({ form }: { form: ReturnType<typeof Form.useForm<ResetForm>>[0] }) {
  return (
    <>
      <Form.Item name="phone" label="手机号" rules={phoneRules('请输入注册手机号')}>
        <Input placeholder="注册手机号" maxLength={11} />
      </Form.Item>
      <Form.Item label="验证码" required>
        <Space.Compact style={{ width: '100%' }}>
          <Form.Item name="code" rules={codeRules('请输入验证码')} noStyle>
            <Input placeholder="短信验证码" maxLength={6} />
          </Form.Item>
          <LoginSmsCodeButton type={3} getPhone={() => form.getFieldValue('phone')} />
        </Space.Compact>
      </Form.Item>
      <Form.Item name="pwd" label="新密码" rules={loginPwdRules('请输入新密码')} extra="8-16位字母和数字组合">
        <Input.Password placeholder="新密码" maxLength={16} autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
export type { ResetForm };

/** 找回密码 by SMS code (type 3). */
export default function ResetPwdPage() {
  useTitle('找回密码');
  const [form] = Form.useForm<ResetForm>();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const reset = useResetPwd();
  const onFinish = async (v: ResetForm) => {
    try {
      await reset.mutateAsync(v);
      message.success('密码重置成功!');
      navigate('/login', { replace: true });
    } catch {
      // shown
    }
  };
  return (
    <div className="auth-page">
      <div className="auth-card">
        <h1>找回密码</h1>
        <Form<ResetForm> form={form} layout="vertical" onFinish={onFinish}>
          <ResetPwdFields form={form} />
          <Button type="primary" htmlType="submit" block loading={reset.isPending}>
            重置密码
          </Button>
        </Form>
        <div style={{ textAlign: 'center', marginTop: 16 }}>
          <Link to="/login">返回登录</Link>
        </div>
      </div>
    </div>
  );
}
