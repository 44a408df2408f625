import { ROLE_NAME_MAX, TEAM_REMARK_MAX } from '@contract/index';
import { App, Button, Card, Form, Input, Skeleton, Space } from 'antd';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError } from '@/api/client';
import { DebouncedButton, ExceptionPage } from '@/shared';
import { useRole, useRoleMenu, useSaveRole } from '../team.queries';
import { PermissionTable } from './permission-table';

interface Values {
  name: string;
  remark: string;
  grants: string[];
}

/** 编辑岗位 (/editjob, ?id= to edit): name, remark and the role's grants per menu entry and operation. */
export default function RoleEditPage() {
  const [params] = useSearchParams();
  const id = params.get('id');
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const role = useRole(id);
  const menu = useRoleMenu();
  const saveRole = useSaveRole();

  useEffect(() => {
    if (role.data) form.setFieldsValue({ name: role.data.name, remark: role.data.remark, grants: role.data.grants });
  }, [role.data, form]);

  if ((id && role.isLoading) || menu.isLoading) return <Skeleton active paragraph={{ rows: 12 }} />;
  if ((id && role.error) || menu.error) return <ExceptionPage status={404} onHome={() => navigate('/rolePermissions')} />;
  const readOnly = role.data?.isOwner ?? false;

  const save = async (v: Values) => {
    try {
      await saveRole.mutateAsync({ id: id ?? undefined, name: v.name, remark: v.remark ?? '', grants: v.grants ?? [] });
      message.success('保存成功');
      navigate('/rolePermissions');
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      const errors = (e.data as { errors?: { field: string; msg: string }[] } | null)?.errors ?? [];
      const onForm = errors.filter((x) => x.field === 'name' || x.field === 'remark' || x.field === 'grants');
      if (onForm.length) form.setFields(onForm.map((x) => ({ name: x.field as keyof Values, errors: [x.msg] })));
      message.error(e.message);
    }
  };

  return (
    <Form<Values> form={form} labelCol={{ flex: '100px' }} onFinish={save} initialValues={{ name: '', remark: '', grants: [] }}>
      <Card title={id ? '编辑岗位' : '新增岗位'} style={{ marginBottom: 16 }}>
        <Form.Item
          name="name"
          label="岗位名称"
          rules={[
            { required: true, whitespace: true, message: '请输入岗位名称' },
            { max: ROLE_NAME_MAX, message: `岗位名称不能超过${ROLE_NAME_MAX}个字` },
          ]}
        >
          <Input maxLength={ROLE_NAME_MAX} showCount placeholder="如：店长、收银员" style={{ maxWidth: 400 }} disabled={readOnly} />
        </Form.Item>
        <Form.Item name="remark" label="备注" rules={[{ max: TEAM_REMARK_MAX, message: `备注不能超过${TEAM_REMARK_MAX}个字` }]}>
          <Input.TextArea
            rows={2}
            maxLength={TEAM_REMARK_MAX}
            showCount
            placeholder="岗位职责说明（选填）"
            style={{ maxWidth: 600 }}
            disabled={readOnly}
          />
        </Form.Item>
      </Card>
      <Card
        title="权限设置"
        extra={readOnly ? '企业所有者的岗位拥有全部权限，不能修改' : '勾选编辑、删除或导出时会同时勾选查看'}
        style={{ marginBottom: 16 }}
      >
        <Form.Item name="grants" noStyle>
          <PermissionTable areas={menu.data ?? []} disabled={readOnly} />
        </Form.Item>
      </Card>
      <Card>
        <Space>
          {!readOnly && (
            <DebouncedButton type="primary" htmlType="submit" loading={saveRole.isPending}>
              保存
            </DebouncedButton>
          )}
          <Button onClick={() => navigate('/rolePermissions')}>返回</Button>
        </Space>
      </Card>
    </Form>
  );
}
