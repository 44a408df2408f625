import { CheckCircleFilled } from '@ant-design/icons';
import { PHONE_RE } from '@contract/index';
import { Alert, Button, Card, Form, Input, Radio, Select, Space, Steps, Typography } from 'antd';
import { SmsCodeButton } from '@/shared';
import { useTransRoles } from '../account.queries';
import { type CodeKind, type TransValues, useRenterTrans } from './use-renter-trans';

/**
 * 企业转让 (owner only): the receiver's phone, a code to each phone, what becomes of the old owner, a last confirm.
 * Afterwards both must log in again.
 */
export default function RenterTransPage() {
  const roles = useTransRoles();
  const { form, sent, checked, step, phone, oldOwner, submitting, send, check, transfer } = useRenterTrans();

  const ok = (kind: CodeKind) => (checked[kind] ? <CheckCircleFilled style={{ color: '#52c41a' }} aria-label="验证通过" /> : <span />);

  return (
    <Card title="企业转让">
      <Steps
        current={step}
        style={{ maxWidth: 720, marginBottom: 24 }}
        items={[{ title: '填写接收人' }, { title: '短信验证' }, { title: '确认转让' }]}
      />
      <Alert
        type="warning"
        showIcon
        style={{ maxWidth: 720, marginBottom: 24 }}
        message="转让后，接收人成为企业所有者（超级管理员），您将失去所有者权限；双方在本企业的登录都会失效。"
      />
      <Form<TransValues>
        form={form}
        labelCol={{ flex: '130px' }}
        wrapperCol={{ style: { maxWidth: 480 } }}
        initialValues={{ oldOwner: 'stay' }}
        onFinish={transfer}
      >
        <Form.Item label="接收人手机号" required>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item
              name="phone"
              noStyle
              rules={[
                { required: true, message: '请输入接收人手机号' },
                { pattern: PHONE_RE, message: '手机号格式不正确' },
              ]}
            >
              <Input maxLength={11} placeholder="接收人须已注册" />
            </Form.Item>
            <SmsCodeButton send={send} width={150} />
          </Space.Compact>
        </Form.Item>
        {sent && sent.phone === phone && (
          <Form.Item label=" " colon={false}>
            <Typography.Text type="secondary">
              验证码已发送至您的手机 {sent.ownerPhone} 和接收人 {sent.receiverName} 的手机
            </Typography.Text>
          </Form.Item>
        )}
        <Form.Item
          name="ownerCode"
          label="您的验证码"
          rules={[
            { required: true, message: '请输入您手机收到的验证码' },
            { pattern: /^\d{6}$/, message: '验证码为6位数字' },
          ]}
        >
          <Input
            maxLength={6}
            placeholder="您手机收到的验证码"
            suffix={ok('ownerCode')}
            onChange={(e) => check('ownerCode', e.target.value)}
          />
        </Form.Item>
        <Form.Item
          name="receiverCode"
          label="接收人验证码"
          rules={[
            { required: true, message: '请输入接收人手机收到的验证码' },
            { pattern: /^\d{6}$/, message: '验证码为6位数字' },
          ]}
        >
          <Input
            maxLength={6}
            placeholder="接收人手机收到的验证码"
            suffix={ok('receiverCode')}
            onChange={(e) => check('receiverCode', e.target.value)}
          />
        </Form.Item>
        <Form.Item name="oldOwner" label="转让后您">
          <Radio.Group
            options={[
              { value: 'stay', label: '留在企业' },
              { value: 'leave', label: '退出企业' },
            ]}
          />
        </Form.Item>
        {oldOwner === 'stay' && (
          <Form.Item name="roleId" label="您的岗位" rules={[{ required: true, message: '请选择原所有者转让后的岗位' }]}>
            <Select
              placeholder={roles.data?.length === 0 ? '暂无其他岗位，请先在「角色权限」中新建' : '请选择岗位'}
              loading={roles.isLoading}
              options={(roles.data ?? []).map((r) => ({ value: r.id, label: r.name }))}
              notFoundContent="暂无其他岗位"
            />
          </Form.Item>
        )}
        <Form.Item label=" " colon={false}>
          <Button type="primary" danger htmlType="submit" loading={submitting} disabled={!sent || sent.phone !== phone}>
            确认转让
          </Button>
        </Form.Item>
      </Form>
    </Card>
  );
}
