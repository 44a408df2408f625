import type { contract, DataOf } from '@contract/index';
import { Col, DatePicker, Form, Row, Select } from 'antd';
import { RangeInput } from './range-input';

export type FindOptions = DataOf<typeof contract.clientQuery.LookUserInFind>;

export const choice = (opts?: { value: number; label: string }[]) => (opts ?? []).map((x) => ({ value: x.value, label: x.label }));
export const named = (rows?: { id: string; name: string }[]) => (rows ?? []).map((x) => ({ value: x.id, label: x.name }));

/** 高级筛选: group, cards, source, sex, status, audit, the three date ranges and the five number ranges. */
export function CustomerAdvancedFilters({ options: o }: { options: FindOptions | undefined }) {
  return (
    <Row gutter={16}>
      <Col xs={24} md={12} lg={6}>
        <Form.Item label="分组" name="groupId">
          <Select allowClear placeholder="全部" options={named(o?.groups)} optionFilterProp="label" showSearch />
        </Form.Item>
      </Col>
      <Col xs={24} md={12} lg={6}>
        <Form.Item label="权益卡" name="cardIds">
          <Select
            mode="multiple"
            allowClear
            placeholder="全部"
            options={named(o?.cards)}
            optionFilterProp="label"
            maxTagCount="responsive"
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={12} lg={6}>
        <Form.Item label="来源" name="source">
          <Select allowClear placeholder="全部" options={choice(o?.sources)} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12} lg={6}>
        <Form.Item label="性别" name="sex">
          <Select allowClear placeholder="全部" options={choice(o?.sexes)} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12} lg={6}>
        <Form.Item label="状态" name="status">
          <Select allowClear placeholder="全部" options={choice(o?.statuses)} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12} lg={6}>
        <Form.Item label="审核状态" name="audit">
          <Select allowClear placeholder="全部" options={choice(o?.audits)} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12} lg={6}>
        <Form.Item label="注册时间" name="createTime">
          <DatePicker.RangePicker allowEmpty={[true, true]} style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12} lg={6}>
        <Form.Item label="成为会员时间" name="memberTime">
          <DatePicker.RangePicker allowEmpty={[true, true]} style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12} lg={6}>
        <Form.Item label="最近消费时间" name="lastOrderTime">
          <DatePicker.RangePicker allowEmpty={[true, true]} style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12} lg={6}>
        <Form.Item label="消费次数" name="orderCount">
          <RangeInput label="消费次数" />
        </Form.Item>
      </Col>
      <Col xs={24} md={12} lg={6}>
        <Form.Item label="累计消费（元）" name="spend">
          <RangeInput label="累计消费" money />
        </Form.Item>
      </Col>
      <Col xs={24} md={12} lg={6}>
        <Form.Item label="储值余额（元）" name="balance">
          <RangeInput label="储值余额" money />
        </Form.Item>
      </Col>
      <Col xs={24} md={12} lg={6}>
        <Form.Item label="积分" name="points">
          <RangeInput label="积分" />
        </Form.Item>
      </Col>
      <Col xs={24} md={12} lg={6}>
        <Form.Item label="成长值" name="growth">
          <RangeInput label="成长值" />
        </Form.Item>
      </Col>
    </Row>
  );
}
