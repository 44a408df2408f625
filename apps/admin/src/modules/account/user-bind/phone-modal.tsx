import { PHONE_RE } from '@contract/index';
import { App, Form, Input, Modal, Space } from 'antd';
import { useEffect } from 'react';
import { ApiError } from '@/api/client';
import { SmsCodeButton } from '@/shared';
import { useSendPhoneCode, useUpdatePhone } from '../account.queries';

interface Values {
  phone: string;
  code: string;
}

interface Props {
  open: boolean;
  onClose: () => void;
  onDone: () => void;
}

/** 更换手机号: a code to the new phone (which must not be registered), then the change. */
export function PhoneModal({ open, onClose, onDone }: Props) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const sendCode = useSendPhoneCode();
  const update = useUpdatePhone();
  useEffect(() => {
    if (open) form.resetFields();
  }, [open, form]);

  const send = async () => {
    try {
      await form.validateFields(['phone']);
    } catch {
      return undefined;
    }
    try {
      const r = await sendCode.mutateAsync(form.getFieldValue('phone'));
      message.success('验证码发送成功');
      return r.cooldown;
    } catch (e) {
      if (e instanceof ApiError) form.setFields([{ name: 'phone', errors: [e.message] }]);
      return undefined;
    }
  };
  const save = async (v: Values) => {
    try {
      await update.mutateAsync(v);
      message.success('手机号更换成功');
      onDone();
    } catch (e) {
      if (e instanceof ApiError) form.setFields([{ name: e.message.includes('验证码') ? 'code' : 'phone', errors: [e.message] }]);
    }
  };

  return (
    <Modal
      title="更换手机号"
      open={open}
      width={500}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText="确定"
      cancelText="取消"
      confirmLoading={update.isPending}
      forceRender
    >
      <Form<Values> form={form} layout="vertical" onFinish={save}>
        <Form.Item label="新手机号" required>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item
              name="phone"
              noStyle
              rules={[
                { required: true, message: '请输入新手机号' },
                { pattern: PHONE_RE, message: '手机号格式不正确' },
              ]}
            >
              <Input maxLength={11} placeholder="请输入新手机号" />
            </Form.Item>
            <SmsCodeButton send={send} width={150} />
          </Space.Compact>
        </Form.Item>
        <Form.Item
          name="code"
          label="验证码"
          rules={[
            { required: true, message: '请输入验证码' },
            { pattern: /^\d{6}$/, message: '验证码为6位数字' },
          ]}
        >
          <Input maxLength={6} placeholder="新手机号收到的验证码" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
