import { Alert, Card, Col, Row, Select, Statistic } from 'antd';
import { useState } from 'react';
import { yuan } from '@/shared/money';
import { useRedMeb, useRedMebDefault } from './portrait.queries';

/** 流失预警: members active in the chosen days, dormant ones and their spend, members who never bought. */
export function ChurnCard() {
  const redDefault = useRedMebDefault();
  const [redDays, setRedDays] = useState<number>();
  const red = useRedMeb(redDays ?? redDefault.data?.days);
  return (
    <Card
      title="流失预警"
      extra={
        <Select
          style={{ width: 140 }}
          value={redDays ?? redDefault.data?.days}
          onChange={setRedDays}
          loading={redDefault.isLoading}
          options={(redDefault.data?.options ?? []).map((d) => ({ value: d, label: `近${d}天` }))}
          aria-label="流失预警天数"
        />
      }
      loading={red.isLoading || redDefault.isLoading}
    >
      {red.data && (
        <>
          <Row gutter={16}>
            <Col span={6}>
              <Statistic title={`近${red.data.days}天消费`} value={red.data.active} suffix="人" />
            </Col>
            <Col span={6}>
              <Statistic title="沉睡会员" value={red.data.dormant} suffix="人" valueStyle={{ color: '#fa8c16' }} />
            </Col>
            <Col span={6}>
              <Statistic title="沉睡会员累计消费" value={yuan(red.data.dormantSpend)} />
            </Col>
            <Col span={6}>
              <Statistic title="未转化会员" value={red.data.neverBought} suffix="人" />
            </Col>
          </Row>
          <Alert
            style={{ marginTop: 16 }}
            type="info"
            showIcon
            message={`沉睡会员：消费过、但近${red.data.days}天没有消费；未转化会员：成为会员超过${red.data.days}天仍未消费。`}
          />
        </>
      )}
    </Card>
  );
}
