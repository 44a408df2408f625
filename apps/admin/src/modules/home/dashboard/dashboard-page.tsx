import { DownloadOutlined } from '@ant-design/icons';
import { Button, Card, Col, Empty, List, Row, Skeleton, Statistic, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useDashboard } from '../home.queries';
import { downloadXlsx } from './export-xlsx';
import { LoginTrendChart } from './login-trend-chart';

/** 概况: real figures of the enterprise. */
export default function DashboardPage() {
  const q = useDashboard();
  const [exporting, setExporting] = useState(false);
  if (q.isLoading || !q.data) return <Skeleton active paragraph={{ rows: 8 }} />;
  const d = q.data;
  const exportTrend = async () => {
    setExporting(true);
    try {
      await downloadXlsx(
        `${d.shopname}-登录趋势.xlsx`,
        '登录趋势',
        ['日期', '登录次数'],
        d.loginTrend.map((t) => [t.day, t.count]),
      );
    } finally {
      setExporting(false);
    }
  };
  return (
    <div>
      <Row gutter={16}>
        <Col span={6} style={{ display: 'flex', flexDirection: 'column' }}>
          <Card style={{ height: '100%' }}>
            <Statistic title="在职员工" value={d.staffCount} suffix="人" />
          </Card>
        </Col>
        <Col span={6} style={{ display: 'flex', flexDirection: 'column' }}>
          <Card style={{ height: '100%' }}>
            <Statistic title="角色" value={d.roleCount} suffix="个" />
          </Card>
        </Col>
        <Col span={6} style={{ display: 'flex', flexDirection: 'column' }}>
          <Card style={{ height: '100%' }}>
            <Statistic title="今日登录" value={d.loginsToday} suffix="次" />
          </Card>
        </Col>
        <Col span={6} style={{ display: 'flex', flexDirection: 'column' }}>
          <Card style={{ height: '100%' }}>
            <Statistic title="服务剩余" value={d.timeend >= 9999 ? '永久' : d.timeend} suffix={d.timeend >= 9999 ? '' : '天'} />
            <Typography.Text type="secondary">{d.serviceendtime ? `到期时间 ${d.serviceendtime}` : '买断版'}</Typography.Text>
          </Card>
        </Col>
      </Row>
      <Row gutter={16} style={{ marginTop: 16 }}>
        <Col span={6}>
          <Card style={{ height: '100%' }}>
            <Statistic title="生效表单" value={d.activeForms} suffix="个" />
            <Link to="/form">管理表单</Link>
          </Card>
        </Col>
        <Col span={6}>
          <Card style={{ height: '100%' }}>
            <Statistic title="今日表单提交" value={d.submissionsToday} suffix="条" />
          </Card>
        </Col>
        <Col span={6}>
          <Card style={{ height: '100%' }}>
            <Statistic
              title="待核销订单"
              value={d.ordersToVerify}
              suffix="笔"
              valueStyle={d.ordersToVerify > 0 ? { color: '#fa8c16' } : undefined}
            />
            <Link to="/FormOrderList">去核销</Link>
          </Card>
        </Col>
        <Col span={6}>
          <Card style={{ height: '100%' }}>
            <Statistic title="今日表单收入" value={d.paidToday} precision={2} prefix="¥" />
          </Card>
        </Col>
      </Row>
      <Row gutter={16} style={{ marginTop: 16 }}>
        <Col span={16}>
          <Card
            title="近 7 天登录趋势"
            extra={
              <Button icon={<DownloadOutlined />} onClick={exportTrend} loading={exporting}>
                导出
              </Button>
            }
          >
            <LoginTrendChart data={d.loginTrend} />
          </Card>
        </Col>
        <Col span={8}>
          <Card title="最近操作" extra={<Typography.Text type="secondary">未读通知 {d.unreadNotices} 条</Typography.Text>}>
            <List
              size="small"
              dataSource={d.recentOperations}
              locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无操作" /> }}
              renderItem={(o) => (
                <List.Item>
                  <List.Item.Meta title={`${o.who} ${o.action}`} description={o.time} />
                </List.Item>
              )}
            />
          </Card>
        </Col>
      </Row>
    </div>
  );
}
