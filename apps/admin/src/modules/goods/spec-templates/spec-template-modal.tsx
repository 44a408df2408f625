import { PlusOutlined } from '@ant-design/icons';
import { SPEC_TEMPLATE_NAME_MAX } from '@contract/index';
import { App, Button, Form, Input, Modal, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { ApiError } from '@/api/client';
import { MAX_SPEC_VALUES, MAX_SPECS, SpecRow } from '../goods-edit/spec-editor';
import { useSaveSpecTemplate } from './spec-templates.queries';

export interface SpecTemplate {
  id: string;
  name: string;
  specs: { name: string; values: string[] }[];
}

/** A new template ('new') or one to edit. */
export type SpecTemplateEditing = 'new' | SpecTemplate;

interface Props {
  editing: SpecTemplateEditing | null;
  onClose: () => void;
  onSaved: () => void;
}

/** What is wrong with the specs as typed, or null: the server's rules, checked before sending. */
export function specsProblem(specs: SpecTemplate['specs']): string | null {
  if (specs.length === 0) return '请至少添加一个规格';
  const names = new Set<string>();
  for (const s of specs) {
    const name = s.name.trim();
    if (!name) return '请输入规格名';
    if (names.has(name)) return `规格名「${name}」重复`;
    names.add(name);
    if (s.values.length === 0) return `请为规格「${name}」添加规格值`;
  }
  return null;
}

/** 新增 / 编辑规格模板: a name and up to three specs, each with its values as tags. */
export function SpecTemplateModal({ editing, onClose, onSaved }: Props) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ name: string }>();
  const [specs, setSpecs] = useState<SpecTemplate['specs']>([]);
  const [specsError, setSpecsError] = useState<string | null>(null);
  const saveTemplate = useSaveSpecTemplate();
  const row = editing && editing !== 'new' ? editing : null;

  useEffect(() => {
    if (!editing) return;
    form.resetFields();
    form.setFieldsValue({ name: row?.name ?? '' });
    setSpecs(row ? row.specs.map((s) => ({ name: s.name, values: [...s.values] })) : [{ name: '', values: [] }]);
    setSpecsError(null);
  }, [editing, row, form]);

  const setSpec = (i: number, s: SpecTemplate['specs'][number]) => {
    setSpecsError(null);
    setSpecs((all) => all.map((x, j) => (j === i ? s : x)));
  };

  const save = async (v: { name: string }) => {
    const cleaned = specs.map((s) => ({ name: s.name.trim(), values: s.values }));
    const problem = specsProblem(cleaned);
    if (problem) return setSpecsError(problem);
    try {
      await saveTemplate.mutateAsync({ id: row?.id, name: v.name, specs: cleaned });
      message.success('保存成功');
      onSaved();
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      const errors = (e.data as { errors?: { field: string; msg: string }[] } | null)?.errors ?? [];
      const nameError = errors.find((x) => x.field === 'name');
      if (nameError) form.setFields([{ name: 'name', errors: [nameError.msg] }]);
      else if (errors.some((x) => x.field === 'specs')) setSpecsError(e.message);
      else message.error(e.message);
    }
  };

  return (
    <Modal
      title={row ? '编辑规格模板' : '新增规格模板'}
      open={editing !== null}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText="保存"
      cancelText="取消"
      confirmLoading={saveTemplate.isPending}
      width={640}
      forceRender
    >
      <Form form={form} layout="vertical" onFinish={save}>
        <Form.Item
          name="name"
          label="模板名称"
          rules={[
            { required: true, whitespace: true, message: '请输入模板名称' },
            { max: SPEC_TEMPLATE_NAME_MAX, message: `模板名称不能超过${SPEC_TEMPLATE_NAME_MAX}个字` },
          ]}
        >
          <Input maxLength={SPEC_TEMPLATE_NAME_MAX} showCount placeholder="如：服装尺码颜色" />
        </Form.Item>
        <Form.Item label="规格" required validateStatus={specsError ? 'error' : undefined} help={specsError ?? undefined}>
          <Space direction="vertical" style={{ width: '100%' }}>
            {specs.map((s, i) => (
              <SpecRow
                labelPrefix="模板"
                // biome-ignore lint/suspicious/noArrayIndexKey: a spec has no id of its own; names change while typing
                key={i}
                index={i}
                spec={s}
                onChange={(x) => setSpec(i, x)}
                onRemove={() => setSpecs((all) => all.filter((_, j) => j !== i))}
              />
            ))}
            <Space>
              <Button
                icon={<PlusOutlined />}
                disabled={specs.length >= MAX_SPECS}
                onClick={() => setSpecs((all) => [...all, { name: '', values: [] }])}
              >
                添加规格
              </Button>
              <Typography.Text type="secondary">
                最多{MAX_SPECS}种规格，每种最多{MAX_SPEC_VALUES}个规格值
              </Typography.Text>
            </Space>
          </Space>
        </Form.Item>
      </Form>
    </Modal>
  );
}
