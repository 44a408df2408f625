import { DELIVERY_METHOD_TEXT, GOODS_PAY_METHOD_TEXT } from '@contract/index';
import { Button, Col, Form, Input, Row, Select, Space } from 'antd';
import { ALL_TIME, type DateRangeValue, DateRangePicker } from '@/shared';
import type { GoodsOrderUrlFilters } from './goods-order-filter';

interface FormValues {
  keyword: string;
  timeType: string;
  range?: DateRangeValue;
  deliveryMethod: number;
  payMethod: string;
}

const DELIVERY_OPTIONS = [
  { value: 0, label: '全部' },
  ...Object.entries(DELIVERY_METHOD_TEXT).map(([v, label]) => ({ value: Number(v), label })),
];
const PAY_OPTIONS = [{ value: '', label: '全部' }, ...Object.entries(GOODS_PAY_METHOD_TEXT).map(([value, label]) => ({ value, label }))];

type Filters = Omit<GoodsOrderUrlFilters, 'tab'>;

/** The list's filters: keyword (order no / buyer phone / goods title), time range with presets, delivery, payment. */
export function GoodsOrderFilterForm({
  keyword,
  filters,
  onSearch,
  onReset,
}: {
  keyword: string;
  filters: GoodsOrderUrlFilters;
  onSearch: (keyword: string, f: Filters) => void;
  onReset: () => void;
}) {
  const [form] = Form.useForm<FormValues>();
  const initial: FormValues = {
    keyword,
    timeType: filters.timeType || 'create',
    range:
      filters.stime && filters.endtime
        ? { stime: filters.stime, endtime: filters.endtime, timename: filters.timename || '自定义' }
        : undefined,
    deliveryMethod: filters.deliveryMethod,
    payMethod: filters.payMethod,
  };
  const finish = (v: FormValues) =>
    onSearch(v.keyword?.trim() ?? '', {
      timeType: v.timeType,
      stime: v.range?.stime ?? '',
      endtime: v.range?.endtime ?? '',
      timename: v.range && v.range.timename !== ALL_TIME ? v.range.timename : '',
      deliveryMethod: v.deliveryMethod ?? 0,
      payMethod: v.payMethod ?? '',
    });
  const reset = () => {
    form.setFieldsValue({ keyword: '', timeType: 'create', range: undefined, deliveryMethod: 0, payMethod: '' });
    onReset();
  };
  return (
    <Form<FormValues> form={form} layout="vertical" initialValues={initial} onFinish={finish}>
      <Row gutter={16}>
        <Col xs={24} md={12} xl={6}>
          <Form.Item label="关键字" name="keyword" rules={[{ max: 50, message: '关键字不能超过50个字' }]}>
            <Input allowClear placeholder="订单编号 / 买家手机号 / 商品名称" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12} xl={8}>
          <Form.Item label="时间">
            <Space.Compact>
              <Form.Item name="timeType" noStyle>
                <Select
                  aria-label="时间类型"
                  style={{ width: 110 }}
                  options={[
                    { value: 'create', label: '下单时间' },
                    { value: 'pay', label: '付款时间' },
                  ]}
                />
              </Form.Item>
              <Form.Item name="range" noStyle>
                <DateRangePicker allowAll />
              </Form.Item>
            </Space.Compact>
          </Form.Item>
        </Col>
        <Col xs={12} md={6} xl={4}>
          <Form.Item label="配送方式" name="deliveryMethod">
            <Select options={DELIVERY_OPTIONS} />
          </Form.Item>
        </Col>
        <Col xs={12} md={6} xl={4}>
          <Form.Item label="支付方式" name="payMethod">
            <Select options={PAY_OPTIONS} />
          </Form.Item>
        </Col>
      </Row>
      <Space style={{ marginBottom: 16 }}>
        <Button type="primary" htmlType="submit">
          查询
        </Button>
        <Button onClick={reset}>重置</Button>
      </Space>
    </Form>
  );
}
