import type { FormField } from '@contract/index';
import { App, Button, Form, Skeleton, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useCan } from '@/hooks/use-can';
import { DebouncedButton, preventEnterSubmit, useUnsavedGuard } from '@/shared';
import { useForm, useSaveForm } from '../forms.queries';
import { fieldProblem, newField } from './field-defs';
import { FormDesigner } from './form-designer';
import { type Settings, saveBody, settingsOf } from './form-settings';
import { FormSettingsCard } from './form-settings-card';

/** 编辑表单: the form designer (settings, fields from the palette, drag to reorder, field settings). */
export default function FormEditPage() {
  const [params] = useSearchParams();
  const id = params.get('id');
  const navigate = useNavigate();
  const { message } = App.useApp();
  const loaded = useForm(id);
  const [form] = Form.useForm<Settings>();
  const [fields, setFields] = useState<FormField[]>([]);
  const [selected, setSelected] = useState<string | null>(null);
  const saveForm = useSaveForm();
  const [dirty, setDirty] = useState(false);
  // A role that may only view sees the form read-only, without 保存 (the server refuses the save anyway).
  const canEdit = useCan()('form', 'edit');
  const { release } = useUnsavedGuard(dirty && canEdit);
  const editFields = (next: FormField[]) => {
    setDirty(true);
    setFields(next);
  };

  useEffect(() => {
    const d = loaded.data;
    if (!d) return;
    form.setFieldsValue(settingsOf(d));
    setFields(d.fields);
    setSelected(d.fields[0]?.id ?? null);
  }, [loaded.data, form]);

  if (id && loaded.isLoading) return <Skeleton active paragraph={{ rows: 10 }} />;

  const add = (kind: FormField['kind']) => {
    const f = newField(kind as never, fields);
    editFields([...fields, f]);
    setSelected(f.id);
  };

  const save = async (v: Settings) => {
    if (fields.length === 0) return message.error('请至少添加一个字段');
    const bad = fields.map((f) => fieldProblem(f, fields)).find(Boolean);
    if (bad) return message.error(bad);
    try {
      const r = await saveForm.mutateAsync(saveBody(id, v, fields));
      message.success('保存成功');
      release();
      navigate(`/form`, { state: { saved: r.formID } });
    } catch {
      // the reason is shown
    }
  };

  return (
    <Form<Settings>
      form={form}
      layout="vertical"
      onFinish={save}
      onValuesChange={() => setDirty(true)}
      // Enter in an input must not save the whole form: only 保存 does.
      onKeyDown={preventEnterSubmit}
      disabled={!canEdit}
      scrollToFirstError={{ behavior: 'smooth', block: 'center', focus: true }}
      // A new form starts unpublished (the server's default too): the merchant switches 生效 on when it is ready.
      initialValues={{ totalLimit: 0, personLimit: 0, needPay: false, needVerify: false, state: false, description: '', cover: '' }}
    >
      <FormSettingsCard id={id} canEdit={canEdit} />
      <FormDesigner fields={fields} selected={selected} canEdit={canEdit} onSelect={setSelected} onAdd={add} onChange={editFields} />
      <div
        style={{
          position: 'sticky',
          bottom: 0,
          background: '#fff',
          padding: '12px 24px',
          marginTop: 16,
          borderTop: '1px solid #e5e6eb',
          textAlign: 'center',
        }}
      >
        <Space>
          <Button disabled={false} onClick={() => (window.history.state?.idx > 0 ? navigate(-1) : navigate('/form'))}>
            {canEdit ? '取消' : '返回'}
          </Button>
          {canEdit && (
            <DebouncedButton type="primary" htmlType="submit" loading={saveForm.isPending}>
              保存
            </DebouncedButton>
          )}
        </Space>
      </div>
    </Form>
  );
}
