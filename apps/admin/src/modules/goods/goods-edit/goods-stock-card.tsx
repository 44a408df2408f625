import { Card, Form, Space } from 'antd';
import { AmountInput } from '@/shared';
import { SkuTable } from './sku-table';
import { SpecEditor } from './spec-editor';
import type { SkuDrafts } from './use-sku-drafts';

/** 规格与库存: the spec editor and one row per SKU, or price, original price and stock of a goods without specs. */
export function GoodsStockCard({ drafts: d, showErrors }: { drafts: SkuDrafts; showErrors: boolean }) {
  return (
    <Card title="规格与库存" style={{ marginBottom: 16 }}>
      <SpecEditor specs={d.specs} onChange={d.editSpecs} />
      <div style={{ marginTop: 16 }}>
        {d.usable.length > 0 ? (
          <SkuTable specs={d.usable} combos={d.combos} rows={d.rows} onChange={d.setCell} onFill={d.fill} showErrors={showErrors} />
        ) : (
          <Space size={24} wrap>
            <Form.Item label="价格（元）" required style={{ marginBottom: 0 }}>
              <AmountInput
                aria-label="价格"
                style={{ width: 140 }}
                status={showErrors && !d.rows['']?.price ? 'error' : undefined}
                value={d.rows['']?.price ?? ''}
                onChange={(v) => d.setCell('', 'price', v)}
              />
            </Form.Item>
            <Form.Item label="划线价（元）" style={{ marginBottom: 0 }}>
              <AmountInput
                aria-label="划线价"
                style={{ width: 140 }}
                value={d.rows['']?.originalPrice ?? ''}
                onChange={(v) => d.setCell('', 'originalPrice', v)}
              />
            </Form.Item>
            <Form.Item label="库存" required style={{ marginBottom: 0 }}>
              <AmountInput
                aria-label="库存"
                style={{ width: 140 }}
                status={showErrors && !d.rows['']?.stock ? 'error' : undefined}
                value={d.rows['']?.stock ?? ''}
                onChange={(v) => d.setCell('', 'stock', v.replace(/\D/g, ''))}
              />
            </Form.Item>
          </Space>
        )}
      </div>
    </Card>
  );
}
