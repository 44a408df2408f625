import { TAG_NAME_MAX } from '@contract/index';
import { App, Button, Card, Form, Input, Radio, Skeleton, Space } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError } from '@/api/client';
import { useCan } from '@/hooks/use-can';
import { ExceptionPage, preventEnterSubmit } from '@/shared';
import { fieldErrorsOf } from '@/shared/field-errors';
import { RuleEditor } from '@/modules/members/rule-editor/rule-editor';
import { type RuleDraft, toRule } from '@/modules/members/rule-editor/rule-draft';
import { TagPreview } from './tag-preview';
import { useSaveTag, useTag } from './tags.queries';

interface Values {
  name: string;
  kind: 1 | 2;
  remark: string;
}
const EMPTY: RuleDraft = { op: 'and', items: [{ field: 'spend', min: 100 }] };

/** 编辑标签 (/labeltag/edittag, ?id= to edit): name, kind, remark; an automatic tag's rule with its live count and preview. */
export default function TagEditPage() {
  const [params] = useSearchParams();
  const id = params.get('id');
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const canEdit = useCan()('labeltag', 'edit');
  const loaded = useTag(id);
  const saveTag = useSaveTag();
  const [rule, setRule] = useState<RuleDraft>(EMPTY);
  const [tried, setTried] = useState(false);
  const kind = Form.useWatch('kind', form) ?? 1;
  const checked = useMemo(() => toRule(rule), [rule]);

  useEffect(() => {
    const d = loaded.data;
    if (!d) return;
    form.setFieldsValue({ name: d.name, kind: d.kind as 1 | 2, remark: d.remark });
    if (d.rule) setRule(d.rule as RuleDraft);
  }, [loaded.data, form]);

  if (id && loaded.isLoading) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (id && loaded.error) return <ExceptionPage status={404} onHome={() => navigate('/labeltag')} />;

  const back = () => (window.history.state?.idx > 0 ? navigate(-1) : navigate('/labeltag'));
  const save = async (v: Values) => {
    setTried(true);
    if (v.kind === 2 && (!checked.rule || checked.rule.items.length === 0)) {
      message.error(checked.rule ? '请设置自动标签的条件' : '请完善自动标签的条件');
      return;
    }
    try {
      await saveTag.mutateAsync({
        id: id ?? undefined,
        name: v.name,
        kind: v.kind,
        remark: v.remark ?? '',
        rule: v.kind === 2 ? checked.rule : null,
      });
      message.success(v.kind === 2 ? '保存成功，正在计算标签成员' : '保存成功');
      navigate('/labeltag');
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      const onName = fieldErrorsOf(e).find((x) => x.field === 'name');
      if (onName) form.setFields([{ name: 'name', errors: [onName.msg] }]);
      message.error(e.message);
    }
  };

  return (
    <Card title={id ? (canEdit ? '编辑标签' : '查看标签') : '新建标签'}>
      <Form<Values>
        form={form}
        layout="horizontal"
        labelCol={{ flex: '110px' }}
        initialValues={{ name: '', kind: 1, remark: '' }}
        onFinish={save}
        onKeyDown={preventEnterSubmit}
        disabled={!canEdit}
      >
        <Form.Item
          label="标签名称"
          name="name"
          rules={[
            { required: true, whitespace: true, message: '请输入标签名称' },
            { max: TAG_NAME_MAX, message: `标签名称不能超过${TAG_NAME_MAX}个字` },
          ]}
        >
          <Input placeholder="如：高消费客户" style={{ maxWidth: 360 }} showCount maxLength={TAG_NAME_MAX} />
        </Form.Item>
        <Form.Item
          label="标签类型"
          name="kind"
          extra={kind === 2 ? '符合条件的会员自动打上标签，不再符合的自动移除；每小时重新计算一次。' : '在客户查询中手动给会员打标签。'}
        >
          <Radio.Group>
            <Radio value={1}>手动标签</Radio>
            <Radio value={2}>自动标签</Radio>
          </Radio.Group>
        </Form.Item>
        {kind === 2 && (
          <Form.Item label="标签条件" required>
            <RuleEditor
              value={rule}
              onChange={setRule}
              checked={checked}
              showErrors={tried || rule.items.length > 0}
              disabled={!canEdit}
              excludeTagId={id ?? undefined}
            />
            <TagPreview rule={checked.rule} tagId={id ?? undefined} onIncomplete={() => setTried(true)} />
          </Form.Item>
        )}
        <Form.Item label="备注" name="remark" rules={[{ max: 200, message: '备注不能超过200个字' }]}>
          <Input.TextArea rows={3} style={{ maxWidth: 480 }} maxLength={200} showCount />
        </Form.Item>
        <Form.Item label=" " colon={false}>
          <Space>
            {canEdit && (
              <Button type="primary" htmlType="submit" loading={saveTag.isPending}>
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
