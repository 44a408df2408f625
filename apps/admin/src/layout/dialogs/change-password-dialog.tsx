import { PWD_WEAK_MSG, STRONG_PWD_RE } from '@contract/index';
import { App, Form, Input, Modal, Typography } from 'antd';
import { useChangePwd } from '@/modules/login/login.queries';

interface Props {
  open: boolean;
  onClose: () => void;
  onForgot: () => void;
}

interface PwdForm {
  oldpwd: string;
  newpwd: string;
  confirm: string;
}

/** 修改密码 (410 px): old password, then a strong new one (spec 000 §5). */
export function ChangePasswordDialog({ open, onClose, onForgot }: Props) {
  const [form] = Form.useForm<PwdForm>();
  const { message } = App.useApp();
  const changePwd = useChangePwd();
  const submit = async (v: PwdForm) => {
    try {
      await changePwd.mutateAsync({ oldpwd: v.oldpwd, newpwd: v.newpwd });
      message.success('密码修改成功!');
      onClose();
    } catch (e) {
      const msg = (e as Error).message;
      if (msg === PWD_WEAK_MSG) form.setFields([{ name: 'newpwd', errors: [msg] }]);
      else if (msg.includes('原始密码')) form.setFields([{ name: 'oldpwd', errors: [msg] }]);
      else message.error(msg);
    }
  };
  return (
    <Modal
      title="修改密码"
      width={410}
      open={open}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={changePwd.isPending}
      destroyOnHidden
    >
      <Form<PwdForm> form={form} layout="vertical" onFinish={submit} preserve={false}>
        <Form.Item name="oldpwd" label="原始密码" rules={[{ required: true, message: '请输入原始密码' }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          name="newpwd"
          label="新密码"
          rules={[
            { required: true, message: '请输入密码' },
            { pattern: STRONG_PWD_RE, message: PWD_WEAK_MSG },
          ]}
        >
          <Input.Password autoComplete="new-password" maxLength={30} />
        </Form.Item>
        <Form.Item
          name="confirm"
          label="确认新密码"
          dependencies={['newpwd']}
          rules={[
            { required: true, message: '请再次输入密码' },
            ({ getFieldValue }) => ({
              validator: (_, v) =>
                !v || v === getFieldValue('newpwd') ? Promise.resolve() : Promise.reject(new Error('两次输入的密码不一致')),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" maxLength={30} />
        </Form.Item>
        <Typography.Link onClick={onForgot}>忘记原始密码？通过短信验证码重置</Typography.Link>
      </Form>
    </Modal>
  );
}
