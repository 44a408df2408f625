import { UserOutlined } from '@ant-design/icons';
import { App, Avatar, Button, Card, Descriptions, Form, Input, Skeleton, Space } from 'antd';
import { useEffect } from 'react';
import { useSession } from '@/store/session';
import { useProfile, useSaveProfile } from '../home.queries';

interface ProfileForm {
  name: string;
  headimg: string;
}

/** 个人设置: name and avatar of the logged-in user; account facts beside them. */
export default function ProfilePage() {
  const q = useProfile();
  const saveProfile = useSaveProfile();
  const { message } = App.useApp();
  const update = useSession((s) => s.update);
  const [form] = Form.useForm<ProfileForm>();
  const headimg = Form.useWatch('headimg', form);
  useEffect(() => {
    if (q.data) form.setFieldsValue({ name: q.data.name, headimg: q.data.headimg });
  }, [q.data, form]);
  if (q.isLoading || !q.data) return <Skeleton active />;
  const save = async (v: ProfileForm) => {
    try {
      await saveProfile.mutateAsync(v);
      message.success('保存成功');
      update({ uname: v.name });
    } catch {
      // shown
    }
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }} size={16}>
      <Card title="基本信息">
        <Form<ProfileForm> form={form} labelCol={{ span: 4 }} wrapperCol={{ span: 12 }} onFinish={save}>
          <Form.Item label="头像">
            <Avatar size={64} src={headimg || undefined} icon={<UserOutlined />} />
          </Form.Item>
          <Form.Item
            name="headimg"
            label="头像地址"
            rules={[{ type: 'url', message: '请输入正确的图片地址' }]}
            extra="填写图片地址（素材库上线后可直接选择图片）"
          >
            <Input placeholder="https://" allowClear />
          </Form.Item>
          <Form.Item
            name="name"
            label="姓名"
            rules={[
              { required: true, whitespace: true, message: '请输入姓名' },
              { max: 20, message: '姓名不能超过20个字' },
            ]}
          >
            <Input maxLength={20} showCount />
          </Form.Item>
          <Form.Item wrapperCol={{ offset: 4 }}>
            <Button type="primary" htmlType="submit" loading={saveProfile.isPending}>
              保存
            </Button>
          </Form.Item>
        </Form>
      </Card>
      <Card title="账号信息">
        <Descriptions column={2}>
          <Descriptions.Item label="手机号">{q.data.phone}</Descriptions.Item>
          <Descriptions.Item label="当前企业">{q.data.renterName}</Descriptions.Item>
          <Descriptions.Item label="角色">{q.data.roleName}</Descriptions.Item>
          <Descriptions.Item label="注册时间">{q.data.createTime}</Descriptions.Item>
          <Descriptions.Item label="最近登录">{q.data.lastLoginTime || '—'}</Descriptions.Item>
        </Descriptions>
      </Card>
    </Space>
  );
}
