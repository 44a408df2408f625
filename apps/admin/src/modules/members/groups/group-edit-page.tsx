import { GROUP_NAME_MAX } from '@contract/index';
import { Alert, App, Button, Card, Form, Input, Skeleton, Space } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError } from '@/api/client';
import { useCan } from '@/hooks/use-can';
import { ExceptionPage, preventEnterSubmit } from '@/shared';
import { fieldErrorsOf } from '@/shared/field-errors';
import { RuleEditor } from '@/modules/members/rule-editor/rule-editor';
import { type RuleDraft, toRule } from '@/modules/members/rule-editor/rule-draft';
import { useGroup, useSaveGroup } from './groups.queries';

interface Values {
  name: string;
  remark: string;
}
const EMPTY: RuleDraft = { op: 'and', items: [{ field: 'lastOrderTime', withinDays: 30 }] };

/** 编辑分组 (/EditGroup, ?id= to edit): name, remark and the rule with the live count; recounted on save. */
export default function GroupEditPage() {
  const [params] = useSearchParams();
  const id = params.get('id');
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const canEdit = useCan()('mebgroup', 'edit');
  const loaded = useGroup(id);
  const saveGroup = useSaveGroup();
  const [rule, setRule] = useState<RuleDraft>(EMPTY);
  const [tried, setTried] = useState(false);
  const checked = useMemo(() => toRule(rule), [rule]);
  const added = loaded.data?.addedCount ?? 0;

  useEffect(() => {
    const d = loaded.data;
    if (!d) return;
    form.setFieldsValue({ name: d.name, remark: d.remark });
    setRule(d.rule as RuleDraft);
  }, [loaded.data, form]);

  if (id && loaded.isLoading) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (id && loaded.error) return <ExceptionPage status={404} onHome={() => navigate('/mebgroup')} />;

  const back = () => (window.history.state?.idx > 0 ? navigate(-1) : navigate('/mebgroup'));
  const save = async (v: Values) => {
    setTried(true);
    if (!checked.rule) {
      message.error('请完善分组条件');
      return;
    }
    if (checked.rule.items.length === 0 && added === 0) {
      message.error('请设置分组条件');
      return;
    }
    try {
      await saveGroup.mutateAsync({ id: id ?? undefined, name: v.name, remark: v.remark ?? '', rule: checked.rule });
      message.success('保存成功');
      navigate('/mebgroup');
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      const onName = fieldErrorsOf(e).find((x) => x.field === 'name');
      if (onName) form.setFields([{ name: 'name', errors: [onName.msg] }]);
      message.error(e.message);
    }
  };

  return (
    <Card title={id ? (canEdit ? '编辑分组' : '查看分组') : '新建分组'}>
      <Form<Values>
        form={form}
        labelCol={{ flex: '110px' }}
        initialValues={{ name: '', remark: '' }}
        onFinish={save}
        onKeyDown={preventEnterSubmit}
        disabled={!canEdit}
      >
        <Form.Item
          label="分组名称"
          name="name"
          rules={[
            { required: true, whitespace: true, message: '请输入分组名称' },
            { max: GROUP_NAME_MAX, message: `分组名称不能超过${GROUP_NAME_MAX}个字` },
          ]}
        >
          <Input placeholder="如：近30天消费客户" style={{ maxWidth: 360 }} showCount maxLength={GROUP_NAME_MAX} />
        </Form.Item>
        <Form.Item label="分组条件" required={added === 0}>
          {added > 0 && (
            <Alert
              type="info"
              showIcon
              style={{ marginBottom: 12, maxWidth: 640 }}
              message={`另有 ${added} 位会员是在客户查询中手动加入的，他们始终属于该分组。`}
            />
          )}
          <RuleEditor value={rule} onChange={setRule} checked={checked} showErrors={tried || rule.items.length > 0} disabled={!canEdit} />
        </Form.Item>
        <Form.Item label="备注" name="remark" rules={[{ max: 200, message: '备注不能超过200个字' }]}>
          <Input.TextArea rows={3} style={{ maxWidth: 480 }} maxLength={200} showCount />
        </Form.Item>
        <Form.Item label=" " colon={false}>
          <Space>
            {canEdit && (
              <Button type="primary" htmlType="submit" loading={saveGroup.isPending}>
                保存
              </Button>
            )}
            <Button disabled={false} onClick={back}>
              返回
            </Button>
          </Space>
        </Form.Item>
      </Form>
    </Card>
  );
}
