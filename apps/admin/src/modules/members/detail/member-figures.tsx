import { Button, Card, Col, Empty, Row, Space, Statistic, Table, Tag, Typography } from 'antd';
import { App } from 'antd';
import { yuan } from '@/shared/money';
import type { MemberDetail } from './member-header';
import { useMemberStats, useRecountMemberOrders } from './member-detail.queries';

/** 资产: balance and points (0 until their issues come), and the rights cards the member holds. */
export function MemberAssets({ member: m }: { member: MemberDetail }) {
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Row gutter={16}>
        <Col span={8}>
          <Card size="small">
            <Statistic title="储值余额" value={yuan(m.balance)} />
          </Card>
        </Col>
        <Col span={8}>
          <Card size="small">
            <Statistic title="积分" value={m.points} />
          </Card>
        </Col>
        <Col span={8}>
          <Card size="small">
            <Statistic title="有效权益卡" value={m.cards.filter((c) => c.valid).length} suffix="张" />
          </Card>
        </Col>
      </Row>
      <Typography.Title level={5}>权益卡</Typography.Title>
      <Table
        rowKey="id"
        size="small"
        dataSource={m.cards}
        pagination={false}
        locale={{ emptyText: '暂无权益卡' }}
        columns={[
          { title: '权益卡', dataIndex: 'name' },
          { title: '卡号', dataIndex: 'cardNo' },
          { title: '领取时间', dataIndex: 'startTime' },
          { title: '到期时间', dataIndex: 'expireTime', render: (t: string) => t || '长期有效' },
          { title: '状态', dataIndex: 'stateText', render: (t: string, c) => <Tag color={c.valid ? 'green' : 'default'}>{t}</Tag> },
        ]}
      />
    </Space>
  );
}

/** 订单统计: order count, spend, average and last purchase, by month for the last 12 months; 重新统计 for editors. */
export function MemberOrders({ id, canEdit }: { id: string; canEdit: boolean }) {
  const { message } = App.useApp();
  const q = useMemberStats(id);
  const recountOrders = useRecountMemberOrders(id);
  const s = q.data;
  const recount = async () => {
    await recountOrders.mutateAsync();
    message.success('统计已更新');
  };
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Row gutter={16}>
        <Col span={6}>
          <Card size="small" loading={q.isLoading}>
            <Statistic title="订单数" value={s?.orderCount ?? 0} />
          </Card>
        </Col>
        <Col span={6}>
          <Card size="small" loading={q.isLoading}>
            <Statistic title="消费金额" value={yuan(s?.spend ?? 0)} />
          </Card>
        </Col>
        <Col span={6}>
          <Card size="small" loading={q.isLoading}>
            <Statistic title="客单价" value={yuan(s?.average ?? 0)} />
          </Card>
        </Col>
        <Col span={6}>
          <Card size="small" loading={q.isLoading}>
            <Statistic title="最近消费" value={s?.lastOrderTime || '—'} valueStyle={{ fontSize: 16 }} />
          </Card>
        </Col>
      </Row>
      <Space>
        <Typography.Title level={5} style={{ margin: 0 }}>
          近12个月
        </Typography.Title>
        {canEdit && (
          <Button size="small" onClick={recount}>
            重新统计
          </Button>
        )}
      </Space>
      {s && s.months.length === 0 ? (
        <Empty description="近12个月暂无订单" />
      ) : (
        <Table
          rowKey="month"
          size="small"
          loading={q.isFetching}
          dataSource={s?.months ?? []}
          pagination={false}
          columns={[
            { title: '月份', dataIndex: 'month' },
            { title: '订单数', dataIndex: 'count' },
            { title: '消费金额', dataIndex: 'spend', render: (v: number) => yuan(v) },
          ]}
        />
      )}
      <Typography.Text type="secondary">目前统计已支付的表单订单，商城订单上线后一并计入。</Typography.Text>
    </Space>
  );
}
