import { App, Card, Checkbox, Switch, Table, Typography } from 'antd';
import { useRegFields, useSaveRegFields } from './levels.queries';

/** 注册资料项: which profile fields members fill, and which are required. */
export function RegFieldsCard({ canEdit }: { canEdit: boolean }) {
  const { message } = App.useApp();
  const fields = useRegFields();
  const saveFields = useSaveRegFields();
  const save = async (key: string, patch: { on?: boolean; required?: boolean }) => {
    const rows = (fields.data ?? []).map((f) => (f.key === key ? { ...f, ...patch } : f));
    await saveFields.mutateAsync({ fields: rows.map(({ key: k, on, required }) => ({ key: k, on, required: on && required })) });
    message.success('保存成功');
  };
  return (
    <Card title="注册资料项" extra={<Typography.Text type="secondary">会员填写全部开启的资料项后获得「完善资料」成长值</Typography.Text>}>
      <Table
        rowKey="key"
        pagination={false}
        loading={fields.isFetching || saveFields.isPending}
        dataSource={fields.data ?? []}
        columns={[
          { title: '资料项', dataIndex: 'label' },
          {
            title: '是否填写',
            dataIndex: 'on',
            render: (v: boolean, r) => <Switch checked={v} disabled={!canEdit} onChange={(c) => save(r.key, { on: c })} />,
          },
          {
            title: '必填',
            dataIndex: 'required',
            render: (v: boolean, r) => (
              <Checkbox checked={v} disabled={!canEdit || !r.on} onChange={(e) => save(r.key, { required: e.target.checked })} />
            ),
          },
        ]}
      />
    </Card>
  );
}
