import { Col, Row, Statistic } from 'antd';
import type { ImportView } from './member-import.shared';

/** A checked import's counts: rows, good, bad, already members. */
export function ImportCounts({ counts }: { counts: ImportView['counts'] }) {
  return (
    <Row gutter={16} style={{ marginBottom: 8 }}>
      <Col span={6}>
        <Statistic title="总行数" value={counts.total} />
      </Col>
      <Col span={6}>
        <Statistic title="正确" value={counts.good} valueStyle={{ color: '#389e0d' }} />
      </Col>
      <Col span={6}>
        <Statistic title="错误" value={counts.bad} valueStyle={counts.bad ? { color: '#cf1322' } : undefined} />
      </Col>
      <Col span={6}>
        <Statistic title="已是会员" value={counts.existing} />
      </Col>
    </Row>
  );
}
