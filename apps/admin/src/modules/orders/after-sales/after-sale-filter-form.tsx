import { Button, Col, Form, Input, Row, Select, Space } from 'antd';
import { AFTER_SALE_TYPE_TEXT } from '@contract/index';
import { ALL_TIME, type DateRangeValue, DateRangePicker } from '@/shared';
import { type AfterSaleUrlFilters, keywordKind } from './after-sale-filter';

const TYPE_OPTIONS = [
  { value: 0, label: '全部' },
  ...Object.entries(AFTER_SALE_TYPE_TEXT).map(([v, label]) => ({ value: Number(v), label })),
];

interface FormValues {
  keyword: string;
  type: number;
  range?: DateRangeValue;
}

/** The filters: keyword (售后单号 / 订单编号 / 买家手机号), type, application time. */
export function AfterSaleFilterForm({
  keyword,
  filters,
  onSearch,
  onReset,
}: {
  keyword: string;
  filters: AfterSaleUrlFilters;
  onSearch: (keyword: string, f: Omit<AfterSaleUrlFilters, 'tab'>) => void;
  onReset: () => void;
}) {
  const [form] = Form.useForm<FormValues>();
  const initial: FormValues = {
    keyword,
    type: filters.type,
    range:
      filters.stime && filters.endtime
        ? { stime: filters.stime, endtime: filters.endtime, timename: filters.timename || '自定义' }
        : undefined,
  };
  return (
    <Form<FormValues>
      form={form}
      layout="vertical"
      initialValues={initial}
      onFinish={(v) =>
        onSearch(v.keyword?.trim() ?? '', {
          type: v.type ?? 0,
          stime: v.range?.stime ?? '',
          endtime: v.range?.endtime ?? '',
          timename: v.range && v.range.timename !== ALL_TIME ? v.range.timename : '',
        })
      }
    >
      <Row gutter={16}>
        <Col xs={24} md={12} xl={7}>
          <Form.Item
            label="关键字"
            name="keyword"
            rules={[
              {
                validator: (_, v: string) =>
                  !v?.trim() || keywordKind(v.trim())
                    ? Promise.resolve()
                    : Promise.reject(new Error('请输入售后单号、订单编号或买家手机号')),
              },
            ]}
          >
            <Input allowClear placeholder="售后单号 / 订单编号 / 买家手机号" />
          </Form.Item>
        </Col>
        <Col xs={12} md={6} xl={4}>
          <Form.Item label="售后类型" name="type">
            <Select options={TYPE_OPTIONS} aria-label="售后类型" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12} xl={8}>
          <Form.Item label="申请时间" name="range">
            <DateRangePicker allowAll />
          </Form.Item>
        </Col>
      </Row>
      <Space style={{ marginBottom: 16 }}>
        <Button type="primary" htmlType="submit">
          查询
        </Button>
        <Button
          onClick={() => {
            form.setFieldsValue({ keyword: '', type: 0, range: undefined });
            onReset();
          }}
        >
          重置
        </Button>
      </Space>
    </Form>
  );
}
