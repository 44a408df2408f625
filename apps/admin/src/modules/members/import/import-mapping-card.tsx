import { MEMBER_IMPORT_FIELDS, type MemberImportField } from '@contract/index';
import { Card, Col, Form, Row, Select } from 'antd';
import { DebouncedButton } from '@/shared';
import { FIELD_LABEL } from './member-import.shared';

export type ImportMapping = Partial<Record<MemberImportField, number>>;

interface Props {
  headers: string[];
  mapping: ImportMapping;
  onChange: (next: ImportMapping) => void;
  /** The mapping differs from the one the rows were checked with. */
  changed: boolean;
  canEdit: boolean;
  onApply: () => void;
}

/** 列对应: which column of the file each member field comes from, and 按此对应重新校验. */
export function ImportMappingCard({ headers, mapping, onChange, changed, canEdit, onApply }: Props) {
  const columnOptions = [
    { value: -1, label: '不导入' },
    ...headers.map((h, i) => ({ value: i, label: `第${i + 1}列：${h || '（无表头）'}` })),
  ];
  return (
    <Card size="small" title="列对应" style={{ marginBottom: 16 }}>
      <Form layout="vertical">
        <Row gutter={16}>
          {MEMBER_IMPORT_FIELDS.map((f) => (
            <Col span={6} key={f}>
              <Form.Item label={FIELD_LABEL[f]} required={f === 'phone'} style={{ marginBottom: 12 }}>
                <Select
                  aria-label={FIELD_LABEL[f]}
                  value={mapping[f] ?? -1}
                  options={columnOptions}
                  onChange={(col: number) => {
                    const next = { ...mapping };
                    if (col < 0) delete next[f];
                    else next[f] = col;
                    onChange(next);
                  }}
                />
              </Form.Item>
            </Col>
          ))}
        </Row>
      </Form>
      <DebouncedButton type={changed ? 'primary' : 'default'} disabled={!changed || !canEdit} onClick={onApply}>
        按此对应重新校验
      </DebouncedButton>
    </Card>
  );
}
