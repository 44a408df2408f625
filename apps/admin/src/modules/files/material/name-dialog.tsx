import { Form, Input, Modal } from 'antd';
import { useState } from 'react';

interface Props {
  title: string;
  label: string;
  initial?: string;
  max: number;
  /** Resolves when saved; a rejection keeps the dialog open (the reason was shown). */
  onSubmit: (name: string) => Promise<unknown>;
  onClose: () => void;
}

/** One name to type: 新建目录, 重命名目录, 重命名文件. */
export function NameDialog({ title, label, initial = '', max, onSubmit, onClose }: Props) {
  const [form] = Form.useForm<{ name: string }>();
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    const { name } = await form.validateFields();
    setSaving(true);
    try {
      await onSubmit(name.trim());
      onClose();
    } catch {
      // the server's reason is shown by the client
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open
      title={title}
      width={410}
      okText="确定"
      cancelText="取消"
      confirmLoading={saving}
      onOk={submit}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ name: initial }} onFinish={submit}>
        <Form.Item
          name="name"
          label={label}
          rules={[
            { required: true, whitespace: true, message: `请输入${label}` },
            { max, message: `${label}不能超过${max}个字` },
            { pattern: /^[^\\/]*$/, message: `${label}不能包含 / 或 \\` },
          ]}
        >
          <Input autoFocus maxLength={max} showCount placeholder={`请输入${label}`} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
