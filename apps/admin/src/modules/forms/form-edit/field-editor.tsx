import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { FIELD_KIND, FIELD_KIND_LABELS, type FieldKind, type FormField } from '@contract/index';
import { Button, ConfigProvider, Empty, Form, Input, InputNumber, Space, Switch } from 'antd';

interface Props {
  field: FormField | undefined;
  onChange: (f: FormField) => void;
}

/** Settings of the selected field: label, required, hint, options, decimals, image count. */
export function FieldEditor({ field, onChange }: Props) {
  const locked = ConfigProvider.useConfig().componentDisabled;
  if (!field) return <Empty description="选择一个字段进行设置" />;
  const set = (patch: Partial<FormField>) => onChange({ ...field, ...patch });
  const choice = field.kind === FIELD_KIND.radio || field.kind === FIELD_KIND.checkbox;
  return (
    <Form layout="vertical" key={field.id}>
      <Form.Item label="字段类型">{FIELD_KIND_LABELS[field.kind as FieldKind]}</Form.Item>
      <Form.Item
        label="字段名称"
        required
        validateStatus={field.label.trim() ? undefined : 'error'}
        help={field.label.trim() ? undefined : '请输入字段名称'}
      >
        <Input value={field.label} maxLength={30} showCount onChange={(e) => set({ label: e.target.value })} aria-label="字段名称" />
      </Form.Item>
      <Form.Item label="必填">
        <Switch checked={field.required} onChange={(required) => set({ required })} aria-label="必填" />
      </Form.Item>
      {field.kind !== FIELD_KIND.image && !choice && (
        <Form.Item label="提示文字">
          <Input
            value={field.placeholder}
            maxLength={50}
            onChange={(e) => set({ placeholder: e.target.value })}
            placeholder="填写时显示的提示"
          />
        </Form.Item>
      )}
      {field.kind === FIELD_KIND.number && (
        <Form.Item label="小数位数">
          <InputNumber min={0} max={4} precision={0} value={field.decimals} onChange={(v) => set({ decimals: v ?? 0 })} />
        </Form.Item>
      )}
      {field.kind === FIELD_KIND.image && (
        <Form.Item label="最多上传张数">
          <InputNumber min={1} max={9} precision={0} value={field.maxCount} onChange={(v) => set({ maxCount: v ?? 1 })} />
        </Form.Item>
      )}
      {choice && (
        <Form.Item label="选项" extra="至少两个选项">
          <Space direction="vertical" style={{ width: '100%' }}>
            {field.options.map((o, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: an option is only text, which may repeat while typing; its place is its identity
              <Space.Compact key={i} style={{ width: '100%' }}>
                <Input
                  value={o}
                  maxLength={30}
                  status={o.trim() ? undefined : 'error'}
                  aria-label={`选项${i + 1}`}
                  onChange={(e) => set({ options: field.options.map((x, j) => (j === i ? e.target.value : x)) })}
                />
                <Button
                  icon={<DeleteOutlined />}
                  aria-label="删除选项"
                  onClick={() => set({ options: field.options.filter((_, j) => j !== i) })}
                />
              </Space.Compact>
            ))}
            <Button
              icon={<PlusOutlined />}
              onClick={() => set({ options: [...field.options, `选项${field.options.length + 1}`] })}
              disabled={locked || field.options.length >= 30}
            >
              添加选项
            </Button>
          </Space>
        </Form.Item>
      )}
    </Form>
  );
}
