import { LockOutlined, MobileOutlined, SafetyOutlined } from '@ant-design/icons';
import { Button, Form, Input, Space, Tabs } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { api } from '@/api/client';
import { useSession } from '@/store/session';
import { codeRules, phoneRules } from './rules';
import { LoginSmsCodeButton } from './sms-code-button';
import { useTitle } from '@/hooks/use-title';

interface PwdForm {
  phone: string;
  pwd: string;
}
interface SmsForm {
  phone: string;
  code: string;
}

/** 登录: phone + password, or phone + SMS code. */
export default function LoginPage() {
  useTitle('登录');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const login = useSession((s) => s.login);
  const [tab, setTab] = useState('pwd');
  const [busy, setBusy] = useState(false);
  const [smsForm] = Form.useForm<SmsForm>();

  const done = (data: Awaited<ReturnType<typeof api.login.LoginByPwd>>) => {
    login(data);
    const redirect = params.get('redirect');
    if (!data.self.renterID) navigate('/SelectCustomesr', { replace: true });
    else navigate(redirect?.startsWith('/') ? redirect : '/', { replace: true });
  };
  const run = async (fn: () => Promise<Awaited<ReturnType<typeof api.login.LoginByPwd>>>) => {
    setBusy(true);
    try {
      done(await fn());
    } catch {
      // the msg is already shown
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="auth-page">
      <div className="auth-card">
        <h1>
          <img src="/logo.svg" alt="" width={32} style={{ verticalAlign: 'middle', marginRight: 8 }} />
          商家后台
        </h1>
        <Tabs
          activeKey={tab}
          onChange={setTab}
          centered
          items={[
            {
              key: 'pwd',
              label: '密码登录',
              children: (
                <Form<PwdForm> size="large" onFinish={(v) => run(() => api.login.LoginByPwd(v))} autoComplete="on">
                  <Form.Item name="phone" rules={phoneRules()}>
                    <Input prefix={<MobileOutlined />} placeholder="手机号" maxLength={11} autoComplete="username" />
                  </Form.Item>
                  {/* Only required here: a password set in 修改密码 (8-30 with special characters) must still log in. */}
                  <Form.Item name="pwd" rules={[{ required: true, message: '请输入密码' }]}>
                    <Input.Password prefix={<LockOutlined />} placeholder="密码" maxLength={30} autoComplete="current-password" />
                  </Form.Item>
                  <Button type="primary" htmlType="submit" block loading={busy}>
                    登录
                  </Button>
                </Form>
              ),
            },
            {
              key: 'sms',
              label: '验证码登录',
              children: (
                <Form<SmsForm> form={smsForm} size="large" onFinish={(v) => run(() => api.login.smsLogin(v))}>
                  <Form.Item name="phone" rules={phoneRules()}>
                    <Input prefix={<MobileOutlined />} placeholder="手机号" maxLength={11} />
                  </Form.Item>
                  <Form.Item>
                    <Space.Compact style={{ width: '100%' }}>
                      <Form.Item name="code" rules={codeRules()} noStyle>
                        <Input prefix={<SafetyOutlined />} placeholder="验证码" maxLength={6} />
                      </Form.Item>
                      <LoginSmsCodeButton type={2} getPhone={() => smsForm.getFieldValue('phone')} />
                    </Space.Compact>
                  </Form.Item>
                  <Button type="primary" htmlType="submit" block loading={busy}>
                    登录
                  </Button>
                </Form>
              ),
            },
          ]}
        />
        <div style={{ display: 'flex', justifyContent: 'space-between', marginTop: 16 }}>
          <Link to="/Register">注册账号</Link>
          <Link to="/Resetpwd">忘记密码</Link>
        </div>
      </div>
    </div>
  );
}
