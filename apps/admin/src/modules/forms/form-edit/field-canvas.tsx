import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, HolderOutlined } from '@ant-design/icons';
import { FIELD_KIND_LABELS, type FieldKind, type FormField } from '@contract/index';
import { Button, ConfigProvider, Empty, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { fieldProblem, moveItem } from './field-defs';

interface Props {
  fields: FormField[];
  selected: string | null;
  onSelect: (id: string) => void;
  onChange: (fields: FormField[]) => void;
}

/** The form's fields in order: click to edit, drag (or the arrows) to reorder. */
export function FieldCanvas({ fields, selected, onSelect, onChange }: Props) {
  const [dragging, setDragging] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  // Inside a disabled form (a role that may only view) the fields are shown, not moved or removed.
  const locked = ConfigProvider.useConfig().componentDisabled;
  if (fields.length === 0) return <Empty description="从左侧点击添加字段" style={{ padding: 40 }} />;
  return (
    <div data-testid="field-canvas">
      {fields.map((f, i) => {
        const problem = fieldProblem(f, fields);
        return (
          <div
            key={f.id}
            role="button"
            tabIndex={0}
            draggable={!locked}
            onDragStart={() => setDragging(i)}
            onDragOver={(e) => {
              e.preventDefault();
              setOver(i);
            }}
            onDragEnd={() => {
              setDragging(null);
              setOver(null);
            }}
            onDrop={(e) => {
              e.preventDefault();
              if (dragging !== null && dragging !== i) onChange(moveItem(fields, dragging, i));
              setDragging(null);
              setOver(null);
            }}
            onClick={() => onSelect(f.id)}
            onKeyDown={(e) => e.key === 'Enter' && onSelect(f.id)}
            className="field-card"
            style={{
              border: `1px solid ${selected === f.id ? '#1677ff' : problem ? '#ff4d4f' : '#e5e6eb'}`,
              borderTop: over === i && dragging !== i ? '3px solid #1677ff' : undefined,
              background: selected === f.id ? '#f0f7ff' : '#fff',
              borderRadius: 6,
              padding: '10px 12px',
              marginBottom: 8,
              cursor: 'pointer',
              opacity: dragging === i ? 0.5 : 1,
            }}
          >
            <Space style={{ width: '100%', justifyContent: 'space-between' }}>
              <Space>
                <HolderOutlined style={{ cursor: 'grab', color: '#86909c' }} />
                {f.required && <span style={{ color: '#ff4d4f' }}>*</span>}
                <Typography.Text strong>{f.label || '（未命名）'}</Typography.Text>
                <Tag>{FIELD_KIND_LABELS[f.kind as FieldKind]}</Tag>
                {f.options.length > 0 && <Typography.Text type="secondary">{f.options.join(' / ')}</Typography.Text>}
              </Space>
              <Space size={0} onClick={(e) => e.stopPropagation()}>
                <Button
                  type="text"
                  size="small"
                  icon={<ArrowUpOutlined />}
                  disabled={locked || i === 0}
                  aria-label="上移"
                  onClick={() => onChange(moveItem(fields, i, i - 1))}
                />
                <Button
                  type="text"
                  size="small"
                  icon={<ArrowDownOutlined />}
                  disabled={locked || i === fields.length - 1}
                  aria-label="下移"
                  onClick={() => onChange(moveItem(fields, i, i + 1))}
                />
                <Button
                  type="text"
                  size="small"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label="删除字段"
                  onClick={() => onChange(fields.filter((x) => x.id !== f.id))}
                />
              </Space>
            </Space>
            {problem && (
              <Typography.Text type="danger" style={{ fontSize: 12 }}>
                {problem}
              </Typography.Text>
            )}
          </div>
        );
      })}
    </div>
  );
}
