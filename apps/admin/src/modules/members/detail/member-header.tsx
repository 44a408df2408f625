import { UserOutlined } from '@ant-design/icons';
import { type contract, type DataOf, LOGIN_PWD_RE } from '@contract/index';
import { App, Avatar, Badge, Col, Descriptions, Form, Input, Modal, Row, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { DebouncedButton } from '@/shared';
import { useResetMemberPassword, useSetMemberStatus } from './member-detail.queries';

export type MemberDetail = DataOf<typeof contract.memberDetail.GetUserDetail>;

export const FORBID_TEXT = '确定禁用该会员吗？禁用后该会员将无法登录商城，已登录的设备会立即退出。';
export const ALLOW_TEXT = '确定启用该会员吗？启用后该会员可以重新登录商城。';

/** The member's card: avatar, names, phone, level, tags, state; 禁用/启用 and 重置密码 for those who may edit. */
export function MemberHeader({ member: m, canEdit }: { member: MemberDetail; canEdit: boolean }) {
  const { message, modal } = App.useApp();
  const setStatus = useSetMemberStatus(m.id);
  const resetPassword = useResetMemberPassword(m.id);
  const [pwdOpen, setPwdOpen] = useState(false);
  const [form] = Form.useForm<{ pwd: string; again: string }>();
  const isMember = m.kind === 1;

  const toggle = () =>
    modal.confirm({
      title: m.status === 1 ? '禁用会员' : '启用会员',
      content: m.status === 1 ? FORBID_TEXT : ALLOW_TEXT,
      okButtonProps: m.status === 1 ? { danger: true } : undefined,
      onOk: async () => {
        await setStatus.mutateAsync(m.status === 1 ? 0 : 1);
        message.success(m.status === 1 ? '已禁用' : '已启用');
      },
    });

  const resetPwd = async (v: { pwd: string }) => {
    try {
      await resetPassword.mutateAsync(v.pwd);
      message.success('密码重置成功');
      setPwdOpen(false);
    } catch {
      // shown by the client
    }
  };

  const level = m.paidLevelName || m.levelName;
  return (
    <Row gutter={24} align="middle" wrap={false}>
      <Col flex="none">
        <Avatar size={72} src={m.avatar || undefined} icon={<UserOutlined />} />
      </Col>
      <Col flex="auto">
        <Space direction="vertical" size={6}>
          <Space wrap>
            <Typography.Title level={4} style={{ margin: 0 }}>
              {m.name || m.nickname || '未命名'}
            </Typography.Title>
            {m.name && m.nickname && <Typography.Text type="secondary">（{m.nickname}）</Typography.Text>}
            <Tag color={isMember ? 'blue' : 'default'}>{m.kindText}</Tag>
            {level && <Tag color="gold">{level}</Tag>}
            <Badge status={m.status === 1 ? 'success' : 'error'} text={m.statusText} />
          </Space>
          <Descriptions size="small" column={3} colon>
            <Descriptions.Item label="手机号">{m.phone || '—'}</Descriptions.Item>
            <Descriptions.Item label="来源">{m.sourceText}</Descriptions.Item>
            <Descriptions.Item label={isMember ? '成为会员' : '首次到访'}>
              {(isMember ? m.memberTime : m.createTime) || '—'}
            </Descriptions.Item>
          </Descriptions>
          <Space wrap size={[4, 4]}>
            <Typography.Text type="secondary">标签：</Typography.Text>
            {m.tags.length ? (
              m.tags.map((t) => <Tag key={t.id}>{t.name}</Tag>)
            ) : (
              <Typography.Text type="secondary">暂无标签</Typography.Text>
            )}
          </Space>
        </Space>
      </Col>
      {canEdit && (
        <Col flex="none">
          <Space>
            {isMember && <DebouncedButton onClick={() => setPwdOpen(true)}>重置密码</DebouncedButton>}
            <DebouncedButton danger={m.status === 1} onClick={toggle}>
              {m.status === 1 ? '禁用' : '启用'}
            </DebouncedButton>
          </Space>
        </Col>
      )}
      <Modal
        title="重置登录密码"
        open={pwdOpen}
        onCancel={() => setPwdOpen(false)}
        onOk={() => form.submit()}
        confirmLoading={resetPassword.isPending}
        destroyOnHidden
      >
        <p>为会员 {m.phone} 设置新的商城登录密码，请将新密码告知会员本人。</p>
        <Form form={form} layout="vertical" onFinish={resetPwd} preserve={false}>
          <Form.Item
            name="pwd"
            label="新密码"
            rules={[
              { required: true, message: '请输入新密码' },
              { pattern: LOGIN_PWD_RE, message: '密码须为8-16位字母和数字组合，不能全为数字或全为字母' },
            ]}
          >
            <Input.Password maxLength={16} autoComplete="new-password" />
          </Form.Item>
          <Form.Item
            name="again"
            label="确认新密码"
            dependencies={['pwd']}
            rules={[
              { required: true, message: '请再次输入新密码' },
              ({ getFieldValue }) => ({
                validator: (_, v) =>
                  !v || v === getFieldValue('pwd') ? Promise.resolve() : Promise.reject(new Error('两次输入的密码不一致')),
              }),
            ]}
          >
            <Input.Password maxLength={16} autoComplete="new-password" />
          </Form.Item>
        </Form>
      </Modal>
    </Row>
  );
}
