import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, ConfigProvider, Input, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { ApplyTemplateButton } from '../spec-templates/apply-template-button';
import type { SpecDraft } from './sku-matrix';

export const MAX_SPECS = 3;
/** Values per spec (the server's limit too). */
export const MAX_SPEC_VALUES = 50;

interface Props {
  specs: SpecDraft[];
  onChange: (specs: SpecDraft[]) => void;
}

/**
 * Up to three spec names, each with its values (Enter or 添加 adds one; a tag's × removes it). Inside a disabled form
 * (a role that may only view) it only shows them.
 */
export function SpecEditor({ specs, onChange }: Props) {
  const locked = ConfigProvider.useConfig().componentDisabled;
  const set = (i: number, s: SpecDraft) => onChange(specs.map((x, j) => (j === i ? s : x)));
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {specs.map((s, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a spec has no id of its own; names change while typing
        <SpecRow key={i} index={i} spec={s} onChange={(x) => set(i, x)} onRemove={() => onChange(specs.filter((_, j) => j !== i))} />
      ))}
      {!locked && (
        <Space>
          <Button
            icon={<PlusOutlined />}
            disabled={specs.length >= MAX_SPECS}
            onClick={() => onChange([...specs, { name: '', values: [] }])}
          >
            添加规格
          </Button>
          <ApplyTemplateButton current={specs} onApply={onChange} />
          <Typography.Text type="secondary">最多{MAX_SPECS}种规格；不添加规格时按单一规格设置价格和库存</Typography.Text>
        </Space>
      )}
    </Space>
  );
}

/** One spec: its name, its values as tags and an input to add one. The spec-template dialog uses it too. */
export function SpecRow({
  index,
  spec,
  onChange,
  onRemove,
  labelPrefix = '',
}: {
  index: number;
  spec: SpecDraft;
  onChange: (s: SpecDraft) => void;
  onRemove: () => void;
  /** Prefix of the inputs' accessible names ('模板' in the template dialog). */
  labelPrefix?: string;
}) {
  const [draft, setDraft] = useState('');
  const locked = ConfigProvider.useConfig().componentDisabled;
  const add = () => {
    const v = draft.trim();
    if (v && !spec.values.includes(v) && spec.values.length < MAX_SPEC_VALUES) onChange({ ...spec, values: [...spec.values, v] });
    setDraft('');
  };
  return (
    <Card size="small" styles={{ body: { background: '#fafafa' } }}>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Space>
          <span>规格名</span>
          <Input
            aria-label={`${labelPrefix}规格名${index + 1}`}
            placeholder="如：颜色"
            maxLength={10}
            style={{ width: 180 }}
            value={spec.name}
            onChange={(e) => onChange({ ...spec, name: e.target.value })}
          />
          {!locked && (
            <Button type="text" danger icon={<DeleteOutlined />} onClick={onRemove}>
              删除规格
            </Button>
          )}
        </Space>
        <Space wrap>
          <span>规格值</span>
          {spec.values.map((v) => (
            <Tag key={v} closable={!locked} onClose={() => onChange({ ...spec, values: spec.values.filter((x) => x !== v) })}>
              {v}
            </Tag>
          ))}
          <Space.Compact style={locked ? { display: 'none' } : undefined}>
            <Input
              aria-label={`${labelPrefix}规格${index + 1}的规格值`}
              placeholder="输入后回车添加"
              maxLength={20}
              style={{ width: 160 }}
              value={draft}
              onChange={(e) => setDraft(e.target.value)}
              onPressEnter={(e) => {
                e.preventDefault();
                add();
              }}
            />
            <Button onClick={add}>添加</Button>
          </Space.Compact>
        </Space>
      </Space>
    </Card>
  );
}
