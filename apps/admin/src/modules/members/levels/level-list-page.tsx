import { PlusOutlined } from '@ant-design/icons';
import type { contract, DataOf } from '@contract/index';
import { App, Button, Card, Checkbox, Space, Switch, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { api } from '@/api/client';
import { useCan } from '@/hooks/use-can';
import { rightsText } from '@/shared/member-rights';
import { yuan } from '@/shared/money';
import { useInvalidateLevels, useLevelConfig, useLevels, useRegFields } from './levels.queries';

type Level = DataOf<typeof contract.levels.list>[number];

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
  const refresh = useInvalidateLevels();
  const on = needpay === 1 ? config.data?.payOn : config.data?.freeOn;
  const kind = needpay === 1 ? '付费等级' : '免费等级';

  const toggleSystem = (next: boolean) =>
    modal.confirm({
      title: next ? `确定开启${kind}?` : `确定关闭${kind}?`,
      content: next ? undefined : `关闭后会员中心不再展示${kind}，已有会员的等级保留。`,
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        await (needpay === 1 ? api.levels.changepay({ on: next ? 1 : 0 }) : api.levels.changefree({ on: next ? 1 : 0 }));
        message.success(next ? '已开启' : '已关闭');
        await refresh();
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
        await api.levels.update({ id: row.id, op });
        message.success(`${text}成功`);
        await refresh();
      },
    });
  };

  const columns: ColumnsType<Level> = [
    { title: '等级', dataIndex: 'rank', width: 70, render: (v: number) => `LV${v}` },
    { title: '等级名称', dataIndex: 'name' },
    needpay === 0 ? { title: '所需成长值', dataIndex: 'growth' } : { title: '价格', dataIndex: 'price', render: (v: number) => yuan(v) },
    ...(needpay === 1 ? [{ title: '有效期', dataIndex: 'validDays', render: (v: number) => (v === 0 ? '永久' : `${v}天`) }] : []),
    { title: '等级权益', key: 'rights', render: (_: unknown, r: Level) => rightsText(r.rights) },
    { title: needpay === 0 ? '会员数' : '持有人数', dataIndex: 'holders' },
    {
      title: '状态',
      dataIndex: 'status',
      render: (v: number, r) =>
        canEdit ? (
          <Switch checked={v === 1} checkedChildren="启用" unCheckedChildren="停用" onChange={(c) => setState(r, c ? 'on' : 'off')} />
        ) : (
          <Tag color={v === 1 ? 'green' : 'default'}>{v === 1 ? '启用' : '停用'}</Tag>
        ),
    },
    {
      title: '操作',
      key: 'op',
      render: (_: unknown, r) => (
        <Space>
          <Typography.Link onClick={() => navigate(`/EditLV?needpay=${needpay}&id=${r.id}`)}>{canEdit ? '编辑' : '查看'}</Typography.Link>
          {canDelete && (
            <Typography.Link type="danger" onClick={() => setState(r, 'delete')}>
              删除
            </Typography.Link>
          )}
        </Space>
      ),
    },
  ];

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

/** 注册资料项: which profile fields members fill, and which are required. */
function RegFieldsCard({ canEdit }: { canEdit: boolean }) {
  const { message } = App.useApp();
  const fields = useRegFields();
  const refresh = useInvalidateLevels();
  const [saving, setSaving] = useState(false);
  const save = async (key: string, patch: { on?: boolean; required?: boolean }) => {
    const rows = (fields.data ?? []).map((f) => (f.key === key ? { ...f, ...patch } : f));
    setSaving(true);
    try {
      await api.levels.savefield({ fields: rows.map(({ key: k, on, required }) => ({ key: k, on, required: on && required })) });
      message.success('保存成功');
      await refresh();
    } finally {
      setSaving(false);
    }
  };
  return (
    <Card title="注册资料项" extra={<Typography.Text type="secondary">会员填写全部开启的资料项后获得「完善资料」成长值</Typography.Text>}>
      <Table
        rowKey="key"
        pagination={false}
        loading={fields.isFetching || saving}
        dataSource={fields.data ?? []}
        columns={[
          { title: '资料项', dataIndex: 'label' },
          {
            title: '是否填写',
            dataIndex: 'on',
            render: (v: boolean, r) => <Switch checked={v} disabled={!canEdit} onChange={(c) => save(r.key, { on: c })} />,
          },
          {
            title: '必填',
            dataIndex: 'required',
            render: (v: boolean, r) => (
              <Checkbox checked={v} disabled={!canEdit || !r.on} onChange={(e) => save(r.key, { required: e.target.checked })} />
            ),
          },
        ]}
      />
    </Card>
  );
}
