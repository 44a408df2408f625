import { LockOutlined, MobileOutlined, SafetyOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input, Space } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError } from '@/api/client';
import { useSession } from '@/store/session';
import { useLoginByPwd, useSmsLogin } from './login.queries';
import { codeRules, phoneRules } from './rules';
import { loginRedirect } from './redirect';
import { LoginSmsCodeButton } from './sms-code-button';
import { LoginTabs } from './login-tabs';
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
  const byPwd = useLoginByPwd();
  const bySms = useSmsLogin();
  const busy = byPwd.isPending || bySms.isPending;
  const [smsForm] = Form.useForm<SmsForm>();
  /** The phone whose password login is locked: the owner is offered the SMS login right there (it lifts the lock). */
  const [lockedPhone, setLockedPhone] = useState('');

  const toSmsLogin = () => {
    smsForm.setFieldsValue({ phone: lockedPhone });
    setTab('sms');
  };

  type Session = Awaited<ReturnType<typeof byPwd.mutateAsync>>;
  const done = (data: Session) => {
    login(data);
    if (!data.self.renterID) navigate('/SelectCustomesr', { replace: true });
    else navigate(loginRedirect(params.get('redirect')), { replace: true });
  };
  const run = async (fn: () => Promise<Session>, phone = '') => {
    try {
      done(await fn());
    } catch (e) {
      // The msg is already shown; a lock also offers the SMS login.
      const locked = e instanceof ApiError && (e.data as { locked?: boolean } | null)?.locked === true;
      if (phone) setLockedPhone(locked ? phone : '');
    }
  };

  return (
    <div className="auth-page">
      <div className="auth-card">
        <h1>
          <img src="/logo.svg" alt="" width={32} style={{ verticalAlign: 'middle', marginRight: 8 }} />
          商家后台
        </h1>
        <LoginTabs
          activeKey={tab}
          onChange={setTab}
          items={[
            {
              key: 'pwd',
              label: '密码登录',
              children: (
                <Form<PwdForm> size="large" onFinish={(v) => run(() => byPwd.mutateAsync(v), v.phone.trim())} autoComplete="on">
                  {lockedPhone && (
                    <Alert
                      type="warning"
                      showIcon
                      style={{ marginBottom: 16 }}
                      message="密码错误次数过多，账号已锁定"
                      description={
                        <>
                          <div>使用短信验证码登录即可解除锁定，也可通过“忘记密码”重置密码。</div>
                          <Button size="small" type="primary" style={{ marginTop: 8 }} onClick={toSmsLogin}>
                            短信验证码登录
                          </Button>
                        </>
                      }
                    />
                  )}
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
                <Form<SmsForm> form={smsForm} size="large" onFinish={(v) => run(() => bySms.mutateAsync(v))}>
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
