import { App, Alert, Button, Descriptions, Form, Input, InputNumber, Modal, Progress, Radio, Select, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { api, lastSuccessMsg } from '@/api/client';
import type { MemberDetail } from './member-header';
import { useMemberVip, useRefreshMember } from './member-detail.queries';

interface GrowthForm {
  direction: 1 | -1;
  amount: number;
  reason: string;
}

/** 等级与成长值: growth, free level and the next, paid level; 调整成长值 and 设置付费等级 for those who may edit. */
export function MemberLevel({ member: m, canEdit }: { member: MemberDetail; canEdit: boolean }) {
  const { message, modal } = App.useApp();
  const vip = useMemberVip(m.id);
  const refresh = useRefreshMember(m.id);
  const [growthOpen, setGrowthOpen] = useState(false);
  const [levelOpen, setLevelOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [growthForm] = Form.useForm<GrowthForm>();
  const [levelForm] = Form.useForm<{ levelId: string }>();
  const isMember = m.kind === 1;
  const v = vip.data;
  const next = m.nextLevel;

  const run = async (fn: () => Promise<unknown>, done: () => void) => {
    setBusy(true);
    try {
      await fn();
      message.success(lastSuccessMsg() || '操作成功');
      done();
      await refresh();
    } catch {
      // shown by the client
    } finally {
      setBusy(false);
    }
  };
  const adjust = (f: GrowthForm) =>
    run(
      () => api.memberDetail.MemberOper({ id: m.id, oper: 'growth', change: f.direction * f.amount, reason: f.reason }),
      () => setGrowthOpen(false),
    );
  const setLevel = (f: { levelId: string }) =>
    run(
      () => api.memberDetail.MemberOper({ id: m.id, oper: 'level', levelId: f.levelId }),
      () => setLevelOpen(false),
    );
  const removeLevel = () =>
    modal.confirm({
      title: '取消付费等级',
      content: `确定取消该会员的付费等级「${v?.paidLevelName ?? ''}」吗？取消后会员将不再享有该等级的权益。`,
      okButtonProps: { danger: true },
      onOk: () =>
        run(
          () => api.memberDetail.MemberOper({ id: m.id, oper: 'level', levelId: '' }),
          () => {},
        ),
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
      <Modal
        title="调整成长值"
        open={growthOpen}
        onCancel={() => setGrowthOpen(false)}
        onOk={() => growthForm.submit()}
        confirmLoading={busy}
        destroyOnHidden
      >
        <p>当前成长值：{m.growth}。调整后等级将按成长值自动变化。</p>
        <Form<GrowthForm> form={growthForm} layout="vertical" onFinish={adjust} preserve={false} initialValues={{ direction: 1 }}>
          <Form.Item name="direction" label="调整方式">
            <Radio.Group
              options={[
                { value: 1, label: '增加' },
                { value: -1, label: '扣减' },
              ]}
            />
          </Form.Item>
          <Form.Item
            name="amount"
            label="成长值"
            rules={[
              { required: true, message: '请输入调整的成长值' },
              { type: 'integer', min: 1, max: 1_000_000, message: '请输入1到1000000之间的整数' },
            ]}
          >
            <InputNumber min={1} max={1_000_000} precision={0} style={{ width: 200 }} placeholder="正整数" />
          </Form.Item>
          <Form.Item
            name="reason"
            label="调整原因"
            rules={[
              { required: true, whitespace: true, message: '请输入调整原因' },
              { max: 100, message: '调整原因不能超过100个字' },
            ]}
          >
            <Input.TextArea rows={3} maxLength={100} showCount placeholder="如：活动奖励、误操作扣回" />
          </Form.Item>
        </Form>
      </Modal>
      <Modal
        title="设置付费等级"
        open={levelOpen}
        onCancel={() => setLevelOpen(false)}
        onOk={() => levelForm.submit()}
        confirmLoading={busy}
        destroyOnHidden
      >
        <p>设置后会员立即享有该等级的权益，有效期按等级设置的天数从今天算起。</p>
        <Form form={levelForm} layout="vertical" onFinish={setLevel} preserve={false}>
          <Form.Item name="levelId" label="付费等级" rules={[{ required: true, message: '请选择付费等级' }]}>
            <Select
              placeholder="请选择"
              notFoundContent="暂无启用的付费等级，请先在「付费等级」中创建"
              options={(v?.paidLevels ?? []).map((l) => ({
                value: l.id,
                label: `${l.name}（${l.validDays > 0 ? `${l.validDays}天` : '长期有效'}）`,
              }))}
            />
          </Form.Item>
        </Form>
      </Modal>
    </Space>
  );
}
