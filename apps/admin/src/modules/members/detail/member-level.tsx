import { Alert, App, Button, Descriptions, Progress, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import type { MemberDetail } from './member-header';
import { useMemberOper, useMemberVip } from './member-detail.queries';
import { type GrowthForm, GrowthModal, PaidLevelModal } from './member-level-modals';

/** 等级与成长值: growth, free level and the next, paid level; 调整成长值 and 设置付费等级 for those who may edit. */
export function MemberLevel({ member: m, canEdit }: { member: MemberDetail; canEdit: boolean }) {
  const { message, modal } = App.useApp();
  const vip = useMemberVip(m.id);
  const oper = useMemberOper(m.id);
  const [growthOpen, setGrowthOpen] = useState(false);
  const [levelOpen, setLevelOpen] = useState(false);
  const isMember = m.kind === 1;
  const v = vip.data;
  const next = m.nextLevel;

  const run = async (body: Parameters<typeof oper.mutateAsync>[0], done: () => void) => {
    try {
      const msg = await oper.mutateAsync(body);
      message.success(msg || '操作成功');
      done();
    } catch {
      // shown by the client
    }
  };
  const adjust = (f: GrowthForm) => run({ oper: 'growth', change: f.direction * f.amount, reason: f.reason }, () => setGrowthOpen(false));
  const setLevel = (f: { levelId: string }) => run({ oper: 'level', levelId: f.levelId }, () => setLevelOpen(false));
  const removeLevel = () =>
    modal.confirm({
      title: '取消付费等级',
      content: `确定取消该会员的付费等级「${v?.paidLevelName ?? ''}」吗？取消后会员将不再享有该等级的权益。`,
      okButtonProps: { danger: true },
      onOk: () => run({ oper: 'level', levelId: '' }, () => {}),
    });

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      {!isMember && <Alert type="info" showIcon message="该客户尚未注册为会员：注册（手机号登录商城）后才有成长值和等级。" />}
      <Descriptions column={2} bordered size="middle">
        <Descriptions.Item label="成长值">{m.growth}</Descriptions.Item>
        <Descriptions.Item label="免费等级">{m.levelName || '暂无等级'}</Descriptions.Item>
        <Descriptions.Item label="下一等级" span={2}>
          {next ? (
            <Space direction="vertical" style={{ width: 360 }}>
              <span>
                {next.name}（需成长值 {next.growth}，还差 {next.need}）
              </span>
              <Progress percent={Math.floor((m.growth / next.growth) * 100)} size="small" />
            </Space>
          ) : (
            '已是最高等级'
          )}
        </Descriptions.Item>
        <Descriptions.Item label="付费等级">
          {v?.paidLevelName ? `${v.paidLevelName}${v.paidLevelValid ? '' : '（已过期）'}` : '暂无'}
        </Descriptions.Item>
        <Descriptions.Item label="到期时间">{v?.paidLevelName ? v.paidLevelExpire || '长期有效' : '—'}</Descriptions.Item>
      </Descriptions>
      {canEdit && isMember && (
        <Space>
          <Button type="primary" onClick={() => setGrowthOpen(true)}>
            调整成长值
          </Button>
          <Button onClick={() => setLevelOpen(true)}>设置付费等级</Button>
          {v?.paidLevelId && (
            <Button danger onClick={removeLevel}>
              取消付费等级
            </Button>
          )}
        </Space>
      )}
      <Typography.Text type="secondary">免费等级随成长值自动升降，不能手动设置；付费等级由会员购买或商家设置。</Typography.Text>
      <Typography.Title level={5}>付费等级记录</Typography.Title>
      <Table
        rowKey="id"
        size="small"
        loading={vip.isFetching}
        dataSource={v?.grants ?? []}
        pagination={false}
        locale={{ emptyText: '暂无付费等级记录' }}
        columns={[
          { title: '等级', dataIndex: 'levelName' },
          { title: '方式', dataIndex: 'sourceText' },
          { title: '开始时间', dataIndex: 'startTime' },
          { title: '到期时间', dataIndex: 'expireTime', render: (t: string) => t || '长期有效' },
        ]}
      />
      <GrowthModal open={growthOpen} growth={m.growth} busy={oper.isPending} onCancel={() => setGrowthOpen(false)} onSubmit={adjust} />
      <PaidLevelModal
        open={levelOpen}
        levels={v?.paidLevels ?? []}
        busy={oper.isPending}
        onCancel={() => setLevelOpen(false)}
        onSubmit={setLevel}
      />
    </Space>
  );
}
