import { Button, Input, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { AmountInput, DigitsInput } from '@/shared';
import { SKU_FIELDS, type SkuDraft, type SkuField, type SpecDraft, skuKey, skuLabel } from './sku-matrix';

export const SKU_FIELD_LABELS: Record<SkuField, string> = {
  price: '价格',
  originalPrice: '划线价',
  cost: '成本价',
  stock: '库存',
  weight: '重量(克)',
  code: '规格编码',
  barcode: '条形码',
};
const REQUIRED: SkuField[] = ['price', 'stock'];
const MONEY: SkuField[] = ['price', 'originalPrice', 'cost'];
const DIGITS: SkuField[] = ['stock', 'weight'];

interface Props {
  specs: SpecDraft[];
  combos: Record<string, string>[];
  rows: Record<string, SkuDraft>;
  onChange: (key: string, field: SkuField, value: string) => void;
  onFill: (values: Partial<SkuDraft>) => void;
  /** Show blank price / stock cells in red. */
  showErrors: boolean;
}

function Cell({
  field,
  label,
  value,
  error,
  onChange,
}: {
  field: SkuField;
  label: string;
  value: string;
  error: boolean;
  onChange: (v: string) => void;
}) {
  const Field = MONEY.includes(field) ? AmountInput : DIGITS.includes(field) ? DigitsInput : undefined;
  const props = { 'aria-label': label, value, status: error ? ('error' as const) : undefined, onChange, size: 'small' as const };
  if (Field) return <Field {...props} />;
  return <TextCell {...props} />;
}

/** A plain text cell (code, barcode). */
function TextCell(p: {
  'aria-label': string;
  value: string;
  status?: 'error';
  onChange: (v: string) => void;
  size: 'small';
  placeholder?: string;
  style?: object;
}) {
  return <Input {...p} maxLength={50} onChange={(e) => p.onChange(e.target.value)} />;
}

/** The SKU table: one row per combination of the spec values, and the 批量填充 row above it. */
export function SkuTable({ specs, combos, rows, onChange, onFill, showErrors }: Props) {
  const [batch, setBatch] = useState<Partial<SkuDraft>>({});
  const data = combos.map((c) => ({ key: skuKey(c), combo: c }));
  const columns: ColumnsType<(typeof data)[number]> = [
    ...specs.map((s) => ({
      title: s.name,
      key: `spec-${s.name}`,
      width: 90,
      render: (_: unknown, r: (typeof data)[number]) => r.combo[s.name],
    })),
    ...SKU_FIELDS.map((f) => ({
      title: REQUIRED.includes(f) ? (
        <span>
          <Typography.Text type="danger">*</Typography.Text> {SKU_FIELD_LABELS[f]}
        </span>
      ) : (
        SKU_FIELD_LABELS[f]
      ),
      key: f,
      width: 120,
      render: (_: unknown, r: (typeof data)[number]) => {
        const value = rows[r.key]?.[f] ?? '';
        return (
          <Cell
            field={f}
            label={`${skuLabel(specs, r.combo)} ${SKU_FIELD_LABELS[f]}`}
            value={value}
            error={showErrors && REQUIRED.includes(f) && value === ''}
            onChange={(v) => onChange(r.key, f, v)}
          />
        );
      },
    })),
  ];
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space wrap>
        <Typography.Text strong>批量填充</Typography.Text>
        {SKU_FIELDS.map((f) => {
          const Field = MONEY.includes(f) ? AmountInput : DIGITS.includes(f) ? DigitsInput : undefined;
          const props = {
            'aria-label': `批量${SKU_FIELD_LABELS[f]}`,
            placeholder: SKU_FIELD_LABELS[f],
            value: batch[f] ?? '',
            onChange: (v: string) => setBatch((b) => ({ ...b, [f]: v })),
            size: 'small' as const,
            style: { width: 96 },
          };
          return Field ? <Field key={f} {...props} /> : <TextCell key={f} {...props} />;
        })}
        <Button
          size="small"
          type="primary"
          ghost
          onClick={() => {
            onFill(Object.fromEntries(Object.entries(batch).filter(([, v]) => v !== '')));
            setBatch({});
          }}
        >
          填充
        </Button>
      </Space>
      <Table size="small" bordered pagination={false} dataSource={data} columns={columns} scroll={{ x: 'max-content', y: 480 }} />
    </Space>
  );
}
