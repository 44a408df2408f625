import { FIELD_KIND_LABELS, type FormField } from '@contract/index';
import { Button, Card, Col, Row, Space, Typography } from 'antd';
import { FieldCanvas } from './field-canvas';
import { PALETTE } from './field-defs';
import { FieldEditor } from './field-editor';

/** The designer: the palette (for those who may edit), the fields to drag in order, the selected field's settings. */
export function FormDesigner({
  fields,
  selected,
  canEdit,
  onSelect,
  onAdd,
  onChange,
}: {
  fields: FormField[];
  selected: string | null;
  canEdit: boolean;
  onSelect: (id: string | null) => void;
  onAdd: (kind: FormField['kind']) => void;
  onChange: (fields: FormField[]) => void;
}) {
  return (
    <Row gutter={16}>
      {canEdit && (
        <Col span={5}>
          <Card title="添加字段" size="small">
            <Space wrap>
              {PALETTE.map((k) => (
                <Button key={k} onClick={() => onAdd(k)} style={{ width: 96 }}>
                  {FIELD_KIND_LABELS[k]}
                </Button>
              ))}
            </Space>
          </Card>
        </Col>
      )}
      <Col span={11}>
        <Card title={`表单字段（${fields.length}）`} size="small" extra={<Typography.Text type="secondary">拖动排序</Typography.Text>}>
          <FieldCanvas fields={fields} selected={selected} onSelect={onSelect} onChange={onChange} />
        </Card>
      </Col>
      <Col span={8}>
        <Card title="字段设置" size="small">
          <FieldEditor
            field={fields.find((f) => f.id === selected)}
            onChange={(f) => onChange(fields.map((x) => (x.id === f.id ? f : x)))}
          />
        </Card>
      </Col>
    </Row>
  );
}
