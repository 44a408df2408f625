import { Card, Col, Empty, Row, Skeleton, Typography } from 'antd';
import { useMemo } from 'react';
import { EChart } from './echart';
import { barOption, isEmpty, pieOption } from './portrait-charts';
import { type PortraitCall, useDistribution } from './portrait.queries';

interface ChartDef {
  call: PortraitCall;
  title: string;
  kind: 'pie' | 'bar' | 'hbar';
  note?: string;
}

const CHARTS: ChartDef[] = [
  { call: 'GetMebSex', title: '性别分布', kind: 'pie' },
  { call: 'GetMebBirYear', title: '年龄段分布', kind: 'bar', note: '按出生年代' },
  { call: 'GetMebBirMonth', title: '生日月份分布', kind: 'bar' },
  { call: 'GetMebLv', title: '会员等级分布', kind: 'hbar', note: '免费等级按成长值；付费等级为当前有效的持有人数' },
  { call: 'GetMebCard', title: '权益卡分布', kind: 'hbar', note: '当前有效的持卡人数' },
  { call: 'GetMebTag', title: '标签分布', kind: 'hbar', note: '人数最多的20个标签' },
];

function PortraitChart({ def }: { def: ChartDef }) {
  const q = useDistribution(def.call);
  const option = useMemo(() => {
    if (!q.data || isEmpty(q.data)) return null;
    return def.kind === 'pie' ? pieOption(q.data.list, def.title) : barOption(q.data.list, def.title, q.data.total, def.kind === 'hbar');
  }, [q.data, def]);
  return (
    <Card
      title={def.title}
      extra={def.note && <Typography.Text type="secondary">{def.note}</Typography.Text>}
      style={{ height: '100%' }}
      data-testid={`portrait-${def.call}`}
    >
      {q.isLoading ? (
        <Skeleton active paragraph={{ rows: 5 }} />
      ) : option ? (
        <EChart option={option} height={def.kind === 'hbar' ? Math.max(240, (q.data?.list.length ?? 0) * 32 + 60) : 280} />
      ) : (
        <Empty description="暂无数据" />
      )}
    </Card>
  );
}

/** 会员画像: who the members are (sex, age band, birth month) and what they hold (level, card, tag). */
export default function PortraitAnalysisPage() {
  return (
    <Row gutter={[16, 16]} data-testid="portrait-page">
      {CHARTS.map((c) => (
        <Col key={c.call} xs={24} lg={12}>
          <PortraitChart def={c} />
        </Col>
      ))}
    </Row>
  );
}
