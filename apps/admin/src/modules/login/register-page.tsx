import { Button, Checkbox, Form, Input, Modal, Space, Typography } from 'antd';
import { Link, useNavigate } from 'react-router-dom';
import { useTitle } from '@/hooks/use-title';
import { useSession } from '@/store/session';
import { useAgreements, useRegister } from './login.queries';
import { codeRules, loginPwdRules, phoneRules } from './rules';
import { LoginSmsCodeButton } from './sms-code-button';

interface RegForm {
  phone: string;
  code: string;
  pwd: string;
  confirm: string;
  agree: boolean;
}

/** 注册: phone verified by SMS, then a password; next step is creating an enterprise. */
export default function RegisterPage() {
  useTitle('注册');
  const [form] = Form.useForm<RegForm>();
  const navigate = useNavigate();
  const login = useSession((s) => s.login);
  const register = useRegister();
  const agreements = useAgreements();

  const showAgreements = async () => {
    const list = await agreements.mutateAsync();
    Modal.info({
      title: '用户服务协议与隐私政策',
      width: 600,
      okText: '我知道了',
      content: list.map((a) => (
        <div key={a.id} style={{ marginBottom: 12 }}>
          <Typography.Title level={5}>{a.title}</Typography.Title>
          <Typography.Paragraph>{a.content}</Typography.Paragraph>
        </div>
      )),
    });
  };

  const onFinish = async (v: RegForm) => {
    try {
      const data = await register.mutateAsync({ phone: v.phone, code: v.code, pwd: v.pwd });
      login(data);
      navigate('/SelectCustomesr', { replace: true });
    } catch {
      // shown
    }
  };

  return (
    <div className="auth-page">
      <div className="auth-card">
        <h1>注册账号</h1>
        <Form<RegForm> form={form} size="large" onFinish={onFinish}>
          <Form.Item name="phone" rules={phoneRules()}>
            <Input placeholder="手机号" maxLength={11} />
          </Form.Item>
          <Form.Item>
            <Space.Compact style={{ width: '100%' }}>
              <Form.Item name="code" rules={codeRules()} noStyle>
                <Input placeholder="短信验证码" maxLength={6} />
              </Form.Item>
              <LoginSmsCodeButton type={1} getPhone={() => form.getFieldValue('phone')} />
            </Space.Compact>
          </Form.Item>
          <Form.Item name="pwd" rules={loginPwdRules()} extra="8-16位字母和数字组合">
            <Input.Password placeholder="设置密码" maxLength={16} autoComplete="new-password" />
          </Form.Item>
          <Form.Item
            name="confirm"
            dependencies={['pwd']}
            rules={[
              { required: true, message: '请再次输入密码' },
              ({ getFieldValue }) => ({
                validator: (_, v) =>
                  !v || v === getFieldValue('pwd') ? Promise.resolve() : Promise.reject(new Error('两次输入的密码不一致')),
              }),
            ]}
          >
            <Input.Password placeholder="确认密码" maxLength={16} autoComplete="new-password" />
          </Form.Item>
          <Form.Item
            name="agree"
            valuePropName="checked"
            rules={[{ validator: (_, v) => (v ? Promise.resolve() : Promise.reject(new Error('请阅读并同意用户服务协议'))) }]}
          >
            <Checkbox>
              我已阅读并同意
              <Typography.Link
                onClick={(e) => {
                  e.preventDefault();
                  void showAgreements();
                }}
              >
                《用户服务协议》与《隐私政策》
              </Typography.Link>
            </Checkbox>
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={register.isPending}>
            注册
          </Button>
        </Form>
        <div style={{ textAlign: 'center', marginTop: 16 }}>
          已有账号？<Link to="/login">去登录</Link>
        </div>
      </div>
    </div>
  );
}
