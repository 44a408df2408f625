import { PHONE_RE, STAFF_NAME_MAX, TEAM_REMARK_MAX } from '@contract/index';
import { App, Button, Card, Form, Input, Select, Skeleton, Space } from 'antd';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError } from '@/api/client';
import { useCan } from '@/hooks/use-can';
import { DebouncedButton, ExceptionPage } from '@/shared';
import { useInviteStaff, useMember, useStaffOptions, useUpdateStaff } from '../team.queries';

interface Values {
  phone: string;
  name: string;
  roleId: string;
  shopId: string;
  remark: string;
}

const FIELDS = new Set(['phone', 'name', 'roleId', 'shopId', 'remark']);

/**
 * 编辑员工 (/EditStaff): without ?id= it adds a member by inviting a phone (an SMS tells them how to log in); with ?id=
 * it edits name, role, shop and remark. The owner's role and one's own role stay as they are.
 */
export default function StaffEditPage() {
  const [params] = useSearchParams();
  const id = params.get('id');
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const member = useMember(id);
  const options = useStaffOptions();
  const updateStaff = useUpdateStaff();
  const inviteStaff = useInviteStaff();
  // A role that may only view sees the member read-only, without 保存 (the server refuses the save anyway).
  const canEdit = useCan()('staffManagement', 'edit');

  useEffect(() => {
    const m = member.data;
    if (m) form.setFieldsValue({ phone: m.phone, name: m.name, roleId: m.roleId, shopId: m.shopId, remark: m.remark });
  }, [member.data, form]);
  useEffect(() => {
    // A new member starts in the first shop (most enterprises have one).
    const first = options.data?.shops[0];
    if (!id && first && !form.getFieldValue('shopId')) form.setFieldsValue({ shopId: first.id });
  }, [id, options.data, form]);

  if ((id && member.isLoading) || options.isLoading) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (id && member.error) return <ExceptionPage status={404} onHome={() => navigate('/staffManagement')} />;
  const m = member.data;
  const roleLocked = m ? m.isOwner || m.isSelf : false;
  // The owner role is the owner's alone: offered only to show the owner's own.
  const roles = (options.data?.roles ?? []).filter((r) => !r.isOwner || m?.isOwner);

  const save = async (v: Values) => {
    try {
      const fields = { name: v.name, roleId: v.roleId, shopId: v.shopId, remark: v.remark ?? '' };
      if (id) {
        await updateStaff.mutateAsync({ id, ...fields });
        message.success('保存成功');
      } else {
        await inviteStaff.mutateAsync({ phone: v.phone, ...fields });
        message.success('添加成功，已发送邀请短信');
      }
      navigate('/staffManagement');
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      const errors = (e.data as { errors?: { field: string; msg: string }[] } | null)?.errors ?? [];
      const onForm = errors.filter((x) => FIELDS.has(x.field));
      if (onForm.length) form.setFields(onForm.map((x) => ({ name: x.field as keyof Values, errors: [x.msg] })));
      else message.error(e.message);
    }
  };

  return (
    <Card title={!canEdit ? '查看员工' : id ? '编辑员工' : '添加员工'}>
      <Form<Values>
        form={form}
        labelCol={{ flex: '100px' }}
        style={{ maxWidth: 560 }}
        onFinish={save}
        initialValues={{ remark: '' }}
        disabled={!canEdit}
        scrollToFirstError={{ behavior: 'smooth', block: 'center', focus: true }}
      >
        <Form.Item
          name="phone"
          label="手机号"
          extra={id ? undefined : '已注册的用户直接加入本企业；未注册的手机号会收到邀请短信，在登录页通过“忘记密码”设置密码后登录'}
          rules={
            id
              ? []
              : [
                  { required: true, whitespace: true, message: '请输入手机号' },
                  { pattern: PHONE_RE, message: '手机号格式不正确' },
                ]
          }
        >
          <Input placeholder="员工的手机号" maxLength={11} disabled={Boolean(id) || !canEdit} />
        </Form.Item>
        <Form.Item
          name="name"
          label="姓名"
          rules={[
            { required: true, whitespace: true, message: '请输入员工姓名' },
            { max: STAFF_NAME_MAX, message: `员工姓名不能超过${STAFF_NAME_MAX}个字` },
          ]}
        >
          <Input placeholder="员工姓名" maxLength={STAFF_NAME_MAX} />
        </Form.Item>
        <Form.Item
          name="roleId"
          label="岗位"
          rules={[{ required: true, message: '请选择岗位' }]}
          extra={m?.isOwner ? '企业所有者的岗位不能修改' : m?.isSelf ? '不能修改自己的岗位' : undefined}
        >
          <Select
            placeholder="请选择岗位"
            disabled={roleLocked || !canEdit}
            options={roles.map((r) => ({ value: r.id, label: r.name }))}
            notFoundContent="还没有岗位，请先在「角色权限」中新增岗位"
          />
        </Form.Item>
        <Form.Item name="shopId" label="门店" rules={[{ required: true, message: '请选择门店' }]}>
          <Select placeholder="请选择门店" options={(options.data?.shops ?? []).map((s) => ({ value: s.id, label: s.name }))} />
        </Form.Item>
        <Form.Item name="remark" label="备注" rules={[{ max: TEAM_REMARK_MAX, message: `备注不能超过${TEAM_REMARK_MAX}个字` }]}>
          <Input.TextArea rows={3} maxLength={TEAM_REMARK_MAX} showCount placeholder="选填" />
        </Form.Item>
        <Form.Item label=" " colon={false}>
          <Space>
            {canEdit && (
              <DebouncedButton type="primary" htmlType="submit" loading={updateStaff.isPending || inviteStaff.isPending}>
                {id ? '保存' : '添加并发送邀请'}
              </DebouncedButton>
            )}
            <Button disabled={false} onClick={() => (window.history.state?.idx > 0 ? navigate(-1) : navigate('/staffManagement'))}>
              返回
            </Button>
          </Space>
        </Form.Item>
      </Form>
    </Card>
  );
}
