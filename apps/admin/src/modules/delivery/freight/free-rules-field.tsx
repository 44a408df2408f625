import { Button, Card, Form, InputNumber, Space, Typography } from 'antd';
import { AmountInput } from '@/shared';
import { AreaMultiPicker } from './area-multi-picker';

/** 指定条件包邮: free shipping from a quantity (or weight) and / or an amount, in some areas or all. */
export function FreeRulesField({ byWeight }: { byWeight: boolean }) {
  return (
    <Form.List name="freeRules">
      {(fields, { add, remove }) => (
        <Form.Item label="指定条件包邮">
          {fields.map((f, i) => (
            <Card
              key={f.key}
              size="small"
              style={{ marginBottom: 8 }}
              title={`条件 ${i + 1}`}
              extra={
                <Button type="link" danger onClick={() => remove(f.name)}>
                  删除
                </Button>
              }
            >
              <Form.Item name={[f.name, 'areas']} extra="不选择表示全部可配送地区">
                <AreaMultiPicker placeholder="包邮地区（不选为全部）" />
              </Form.Item>
              <Space wrap>
                <Typography.Text>满</Typography.Text>
                <Form.Item name={[f.name, 'minQty']} noStyle>
                  <InputNumber
                    aria-label="包邮件数（重量）"
                    min={0}
                    precision={byWeight ? 3 : 0}
                    addonAfter={byWeight ? 'kg' : '件'}
                    style={{ width: 140 }}
                  />
                </Form.Item>
                <Typography.Text>和 / 或 满</Typography.Text>
                <Form.Item name={[f.name, 'minAmount']} noStyle>
                  <AmountInput aria-label="包邮金额" addonAfter="元" style={{ width: 140 }} />
                </Form.Item>
                <Typography.Text>包邮（两项都填时须同时满足）</Typography.Text>
              </Space>
            </Card>
          ))}
          <Button onClick={() => add({ areas: [], minQty: null, minAmount: '' })}>添加包邮条件</Button>
        </Form.Item>
      )}
    </Form.List>
  );
}
