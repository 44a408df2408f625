import { DownOutlined, UpOutlined } from '@ant-design/icons';
import { Badge, Button, Col, Form, type FormInstance, Input, Row, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { CustomerAdvancedFilters, choice, type FindOptions, named } from './customer-advanced-filters';
import type { FilterValues } from './customer-filter';

/** The form as antd holds it: date ranges as dayjs. */
export type FormValues = Omit<FilterValues, 'createTime' | 'memberTime' | 'lastOrderTime'> & {
  createTime?: [Dayjs | null, Dayjs | null] | null;
  memberTime?: [Dayjs | null, Dayjs | null] | null;
  lastOrderTime?: [Dayjs | null, Dayjs | null] | null;
};

const DAY = 'YYYY-MM-DD';
const DATES = ['createTime', 'memberTime', 'lastOrderTime'] as const;
const FIELDS = [
  'keyword',
  'kind',
  'levelIds',
  'tagIds',
  'cardIds',
  'groupId',
  'source',
  'sex',
  'status',
  'audit',
  ...DATES,
  'orderCount',
  'spend',
  'balance',
  'points',
  'growth',
] as const;

export function toValues(f: FormValues): FilterValues {
  const out: FilterValues = { ...f } as FilterValues;
  for (const k of DATES) {
    const r = f[k];
    out[k] = r && (r[0] || r[1]) ? [r[0]?.format(DAY) ?? '', r[1]?.format(DAY) ?? ''] : undefined;
  }
  return out;
}
export function toForm(v: FilterValues | undefined): FormValues {
  const out = { ...(v ?? {}) } as FormValues;
  for (const k of DATES) {
    const r = v?.[k];
    out[k] = r ? [r[0] ? dayjs(r[0]) : null, r[1] ? dayjs(r[1]) : null] : undefined;
  }
  return out;
}

interface Props {
  form: FormInstance<FormValues>;
  /** The filters the page opened with (from the address). */
  initial: FilterValues | undefined;
  options: FindOptions | undefined;
  advanced: boolean;
  advancedCount: number;
  onToggleAdvanced: () => void;
  onApply: (v: FilterValues) => void;
  onReset: () => void;
}

/** 客户查询's filters: keyword, kind, levels and tags; the advanced ones folded under 高级筛选. */
export function CustomerSearchForm({ form, initial, options, advanced, advancedCount, onToggleAdvanced, onApply, onReset }: Props) {
  return (
    <Form<FormValues>
      form={form}
      layout="vertical"
      initialValues={toForm(initial)}
      onFinish={() => onApply(toValues(form.getFieldsValue(true)))}
    >
      <Row gutter={16}>
        <Col xs={24} md={12} lg={6}>
          <Form.Item label="关键字" name="keyword">
            <Input allowClear placeholder="手机号 / 姓名 / 昵称" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12} lg={6}>
          <Form.Item label="客户类型" name="kind">
            <Select allowClear placeholder="全部" options={choice(options?.kinds)} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12} lg={6}>
          <Form.Item label="会员等级" name="levelIds">
            <Select
              mode="multiple"
              allowClear
              placeholder="全部"
              options={named(options?.levels)}
              optionFilterProp="label"
              maxTagCount="responsive"
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12} lg={6}>
          <Form.Item label="标签（包含任一）" name="tagIds">
            <Select
              mode="multiple"
              allowClear
              placeholder="全部"
              options={named(options?.tags)}
              optionFilterProp="label"
              maxTagCount="responsive"
            />
          </Form.Item>
        </Col>
      </Row>
      {advanced && <CustomerAdvancedFilters options={options} />}
      <Space style={{ marginBottom: 16 }}>
        <Button type="primary" htmlType="submit">
          查询
        </Button>
        <Button
          onClick={() => {
            // resetFields goes back to the values the page opened with; every field is emptied instead.
            form.setFieldsValue(Object.fromEntries(FIELDS.map((k) => [k, undefined])) as never);
            onReset();
          }}
        >
          重置
        </Button>
        <Button type="link" onClick={onToggleAdvanced} icon={advanced ? <UpOutlined /> : <DownOutlined />}>
          {advanced ? '收起' : '高级筛选'}
          {!advanced && advancedCount > 0 && <Badge count={advancedCount} size="small" style={{ marginLeft: 4 }} />}
        </Button>
      </Space>
    </Form>
  );
}
