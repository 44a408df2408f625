import { App, Form, Modal } from 'antd';
import { useResetPwd } from '@/modules/login/login.queries';
import { type ResetForm, ResetPwdFields } from '@/modules/login/reset-pwd-page';

interface Props {
  open: boolean;
  phone: string;
  onClose: () => void;
  /** All sessions end after a reset: log in again. */
  onDone: () => void;
}

/** 重置密码 by SMS (500 px, 60 s countdown). */
export function ResetPasswordDialog({ open, phone, onClose, onDone }: Props) {
  const [form] = Form.useForm<ResetForm>();
  const { message } = App.useApp();
  const reset = useResetPwd();
  const submit = async (v: ResetForm) => {
    try {
      await reset.mutateAsync(v);
      message.success('密码重置成功!');
      onDone();
    } catch {
      // shown
    }
  };
  return (
    <Modal
      title="重置密码"
      width={500}
      open={open}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={reset.isPending}
      destroyOnHidden
    >
      <Form<ResetForm> form={form} layout="vertical" onFinish={submit} initialValues={{ phone }} preserve={false}>
        <ResetPwdFields form={form} />
      </Form>
    </Modal>
  );
}
