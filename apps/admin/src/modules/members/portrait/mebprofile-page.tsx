import { Card, Col, Descriptions, Empty, Row, Segmented, Skeleton, Space, Statistic, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { yuan } from '@/shared/money';
import { EChart } from './echart';
import { pieOption, trendOption } from './portrait-charts';
import { ChurnCard } from './churn-card';
import { useMarketCount, useMebCount, useSumCount, useSurvey } from './portrait.queries';

const RANGES = [
  { value: 7, label: '近7天' },
  { value: 30, label: '近30天' },
  { value: 90, label: '近90天' },
];

const cardStyle = { height: '100%' };

/** 会员概况: headline figures, the new-members trend, the member structure, marketing reach and 流失预警. */
export default function MebprofilePage() {
  const sum = useSumCount();
  const [days, setDays] = useState(30);
  const trend = useMebCount(days);
  const survey = useSurvey();
  const market = useMarketCount();
  const trendChart = useMemo(() => (trend.data ? trendOption(trend.data.list) : null), [trend.data]);
  const structure = useMemo(
    () =>
      survey.data
        ? pieOption(
            [
              { key: 'buyers', name: '有消费会员', count: survey.data.buyers },
              { key: 'nonBuyers', name: '无消费会员', count: survey.data.nonBuyers },
              { key: 'customers', name: '未注册客户', count: survey.data.customers },
            ],
            '会员结构',
          )
        : null,
    [survey.data],
  );

  const s = sum.data;
  const figure = (title: string, value: number | string | undefined, suffix?: string, note?: string) => (
    <Col xs={12} md={6} style={{ display: 'flex', flexDirection: 'column' }}>
      <Card style={cardStyle} loading={sum.isLoading}>
        <Statistic title={title} value={value ?? 0} suffix={suffix} />
        {note && <Typography.Text type="secondary">{note}</Typography.Text>}
      </Card>
    </Col>
  );

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="mebprofile-page">
      <Row gutter={[16, 16]}>
        {figure('客户总数', s?.customers, '人', '含会员与未注册客户')}
        {figure('会员总数', s?.members, '人')}
        {figure('今日新增会员', s?.newMembersToday, '人', s ? `昨日 ${s.newMembersYesterday} 人` : undefined)}
        {figure('本月新增会员', s?.newMembersMonth, '人', s ? `今日新增客户 ${s.newCustomersToday} 人` : undefined)}
        {figure('消费会员', s?.buyers, '人', '至少消费过一次')}
        {figure('累计消费', s ? yuan(s.spend) : undefined)}
        {figure('储值余额', s ? yuan(s.balance) : undefined)}
        {figure('积分总额', s?.points)}
      </Row>

      <Card
        title="新增趋势"
        extra={<Segmented options={RANGES} value={days} onChange={(v) => setDays(Number(v))} data-testid="trend-range" />}
      >
        {trend.isLoading ? (
          <Skeleton active paragraph={{ rows: 6 }} />
        ) : !trend.data || (trend.data.customers === 0 && trend.data.members === 0) ? (
          <Empty description="暂无数据" />
        ) : (
          <>
            <Typography.Text type="secondary">
              {trend.data.startDate} 至 {trend.data.endDate}：新增客户 {trend.data.customers} 人，新增会员 {trend.data.members} 人
            </Typography.Text>
            {trendChart && <EChart option={trendChart} height={300} testId="member-trend-chart" />}
          </>
        )}
      </Card>

      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Card title="会员结构" style={cardStyle} loading={survey.isLoading}>
            {survey.data && survey.data.members + survey.data.customers === 0 ? (
              <Empty description="暂无数据" />
            ) : (
              survey.data && (
                <>
                  {structure && <EChart option={structure} height={220} testId="member-structure-chart" />}
                  <Descriptions column={2} size="small">
                    <Descriptions.Item label="会员">{survey.data.members} 人</Descriptions.Item>
                    <Descriptions.Item label="未注册客户">{survey.data.customers} 人</Descriptions.Item>
                    <Descriptions.Item label="复购会员（2次及以上）">{survey.data.repeatBuyers} 人</Descriptions.Item>
                    <Descriptions.Item label="近30天消费">{survey.data.active30} 人</Descriptions.Item>
                    <Descriptions.Item label="付费会员">{survey.data.paidMembers} 人</Descriptions.Item>
                  </Descriptions>
                </>
              )
            )}
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title="营销触达" style={cardStyle} loading={market.isLoading}>
            {market.data && (
              <Descriptions column={1} size="small" bordered>
                <Descriptions.Item label="可短信触达（有手机号、未禁用）">{market.data.smsReachable} 人</Descriptions.Item>
                <Descriptions.Item label="本月生日">{market.data.birthdayThisMonth} 人</Descriptions.Item>
                <Descriptions.Item label="下月生日">{market.data.birthdayNextMonth} 人</Descriptions.Item>
                <Descriptions.Item label="有储值余额">{market.data.withBalance} 人</Descriptions.Item>
                <Descriptions.Item label="有积分">{market.data.withPoints} 人</Descriptions.Item>
                <Descriptions.Item label="持有效权益卡">{market.data.cardHolders} 人</Descriptions.Item>
              </Descriptions>
            )}
          </Card>
        </Col>
      </Row>

      <ChurnCard />
    </Space>
  );
}
