import type { contract, DataOf } from '@contract/index';
import { Col, Row, Statistic } from 'antd';

/** The sums line over the filtered customers: count, spend, balance, points. */
export function CustomerSums({ sums }: { sums: { data?: DataOf<typeof contract.clientQuery.GetFindTotalAdJust>; isLoading: boolean } }) {
  return (
    <Row gutter={16} style={{ marginBottom: 16 }}>
      <Col span={6}>
        <Statistic title="客户数" value={sums.data?.count ?? '-'} loading={sums.isLoading} />
      </Col>
      <Col span={6}>
        <Statistic title="累计消费（元）" value={sums.data?.spend ?? '-'} precision={2} loading={sums.isLoading} />
      </Col>
      <Col span={6}>
        <Statistic title="储值余额（元）" value={sums.data?.balance ?? '-'} precision={2} loading={sums.isLoading} />
      </Col>
      <Col span={6}>
        <Statistic title="积分" value={sums.data?.points ?? '-'} loading={sums.isLoading} />
      </Col>
    </Row>
  );
}
