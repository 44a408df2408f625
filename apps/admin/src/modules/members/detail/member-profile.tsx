import { App, Button, Descriptions, Form, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { ProfileFields } from '@/modules/members/shared/profile-fields';
import type { MemberDetail } from './member-header';
import { useMemberOper } from './member-detail.queries';

interface ProfileForm {
  name: string;
  sex: 0 | 1 | 2;
  birthday: Dayjs | null;
  remark: string;
}

/** 基本信息: the profile, editable by those who may edit (name, sex, birthday, note). */
export function MemberProfile({ member: m, canEdit }: { member: MemberDetail; canEdit: boolean }) {
  const { message } = App.useApp();
  const oper = useMemberOper(m.id);
  const [editing, setEditing] = useState(false);
  const [form] = Form.useForm<ProfileForm>();

  const save = async (v: ProfileForm) => {
    try {
      await oper.mutateAsync({
        oper: 'profile',
        name: v.name ?? '',
        sex: v.sex,
        birthday: v.birthday ? v.birthday.format('YYYY-MM-DD') : '',
        remark: v.remark ?? '',
      });
      message.success('保存成功');
      setEditing(false);
    } catch {
      // shown by the client
    }
  };

  if (editing)
    return (
      <Form<ProfileForm>
        form={form}
        layout="horizontal"
        labelCol={{ span: 3 }}
        wrapperCol={{ span: 10 }}
        initialValues={{ name: m.name, sex: m.sex as 0 | 1 | 2, birthday: m.birthday ? dayjs(m.birthday) : null, remark: m.remark }}
        onFinish={save}
      >
        <ProfileFields />
        <Form.Item wrapperCol={{ offset: 3 }}>
          <Space>
            <Button type="primary" htmlType="submit" loading={oper.isPending}>
              保存
            </Button>
            <Button onClick={() => setEditing(false)}>取消</Button>
          </Space>
        </Form.Item>
      </Form>
    );

  return (
    <>
      <Descriptions column={2} bordered size="middle">
        <Descriptions.Item label="手机号">{m.phone || '—'}</Descriptions.Item>
        <Descriptions.Item label="昵称">{m.nickname || '—'}</Descriptions.Item>
        <Descriptions.Item label="姓名">{m.name || '—'}</Descriptions.Item>
        <Descriptions.Item label="性别">{m.sexText}</Descriptions.Item>
        <Descriptions.Item label="生日">{m.birthday || '—'}</Descriptions.Item>
        <Descriptions.Item label="客户类型">{m.kindText}</Descriptions.Item>
        <Descriptions.Item label="来源">{m.sourceText}</Descriptions.Item>
        <Descriptions.Item label="审核状态">{m.auditText}</Descriptions.Item>
        <Descriptions.Item label="首次到访">{m.createTime}</Descriptions.Item>
        <Descriptions.Item label="成为会员">{m.memberTime || '—'}</Descriptions.Item>
        <Descriptions.Item label="最近登录">{m.lastLoginTime || '—'}</Descriptions.Item>
        <Descriptions.Item label="所在分组">{m.groups.map((g) => g.name).join('、') || '—'}</Descriptions.Item>
        <Descriptions.Item label="备注" span={2}>
          {m.remark || '—'}
        </Descriptions.Item>
      </Descriptions>
      {canEdit && (
        <Button type="primary" style={{ marginTop: 16 }} onClick={() => setEditing(true)}>
          编辑资料
        </Button>
      )}
    </>
  );
}
