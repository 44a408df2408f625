import { PlusOutlined } from '@ant-design/icons';
import { App, Button, Card, Space, Switch, Table, Typography } from 'antd';
import { useLocation, useNavigate } from 'react-router-dom';
import { useCan } from '@/hooks/use-can';
import { type Level, levelColumns } from './level-columns';
import { useLevelConfig, useLevels, useSetLevelState, useSwitchLevelKind } from './levels.queries';
import { RegFieldsCard } from './reg-fields-card';

/** /CardLV/0 免费等级 and /CardLV/1 付费等级: the kind's switch, its levels (enable, disable, delete), and for free levels the registration fields. */
export default function LevelListPage() {
  const { pathname } = useLocation();
  const needpay = pathname.endsWith('/1') ? 1 : 0;
  const menu = needpay === 1 ? 'CardLV1' : 'CardLV0';
  const can = useCan();
  const canEdit = can(menu, 'edit');
  const canDelete = can(menu, 'delete');
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const levels = useLevels(needpay);
  const config = useLevelConfig();
  const switchKind = useSwitchLevelKind(needpay);
  const setLevelState = useSetLevelState();
  const on = needpay === 1 ? config.data?.payOn : config.data?.freeOn;
  const kind = needpay === 1 ? '付费等级' : '免费等级';

  const toggleSystem = (next: boolean) =>
    modal.confirm({
      title: next ? `确定开启${kind}?` : `确定关闭${kind}?`,
      content: next ? undefined : `关闭后会员中心不再展示${kind}，已有会员的等级保留。`,
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        await switchKind.mutateAsync(next);
        message.success(next ? '已开启' : '已关闭');
      },
    });

  const setState = (row: Level, op: 'on' | 'off' | 'delete') => {
    const text = { on: '启用', off: '停用', delete: '删除' }[op];
    const hint =
      op === 'off' && needpay === 0
        ? '停用后该等级的会员将按成长值重新计算等级（后台处理，稍后生效）。'
        : op === 'off'
          ? '停用后不再出售，已购买的会员保留至到期。'
          : undefined;
    modal.confirm({
      title: `确定${text}等级「${row.name}」?`,
      content: hint,
      okText: '确定',
      okButtonProps: op === 'delete' ? { danger: true } : undefined,
      cancelText: '取消',
      onOk: async () => {
        await setLevelState.mutateAsync({ id: row.id, op });
        message.success(`${text}成功`);
      },
    });
  };

  const columns = levelColumns({
    needpay,
    canEdit,
    canDelete,
    onState: setState,
    onEdit: (r) => navigate(`/EditLV?needpay=${needpay}&id=${r.id}`),
  });

  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      <Card>
        <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
          <Space>
            <Typography.Text strong>{kind}</Typography.Text>
            <Switch
              aria-label={`${kind}开关`}
              checked={Boolean(on)}
              loading={config.isLoading}
              disabled={!canEdit}
              onChange={toggleSystem}
            />
            <Typography.Text type="secondary">{needpay === 0 ? '会员按成长值自动升降级' : '会员付费购买等级，到期后失效'}</Typography.Text>
          </Space>
          {canEdit && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(`/EditLV?needpay=${needpay}`)}>
              新增等级
            </Button>
          )}
        </Space>
      </Card>
      <Card>
        <Table<Level>
          rowKey="id"
          columns={columns}
          dataSource={levels.data ?? []}
          loading={levels.isFetching}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: levels.isLoading ? '加载中…' : '还没有等级，点击「新增等级」添加' }}
        />
      </Card>
      {needpay === 0 && <RegFieldsCard canEdit={canEdit} />}
    </Space>
  );
}
