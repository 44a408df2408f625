import type { contract, DataOf } from '@contract/index';
import { Avatar, Badge, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router-dom';
import { yuan } from '@/shared/money';

export type CustomerRow = DataOf<typeof contract.clientQuery.GetUserInfoList>['rows'][number];

interface Options {
  sortOrderOf: (field: string) => 'ascend' | 'descend' | null;
  canEdit: boolean;
  onAudit: (row: CustomerRow, pass: boolean) => void;
}

const detail = (r: CustomerRow) => `/memberdetail?id=${r.id}`;

export function customerColumns({ sortOrderOf, canEdit, onAudit }: Options): ColumnsType<CustomerRow> {
  const sortable = (key: string) => ({
    key,
    sorter: true,
    sortOrder: sortOrderOf(key),
    sortDirections: ['descend', 'ascend'] as ('descend' | 'ascend')[],
  });
  return [
    {
      title: '客户',
      key: 'customer',
      fixed: 'left',
      width: 220,
      render: (_, r) => (
        <Space>
          <Avatar src={r.avatar || undefined}>{(r.name || r.nickname || '客').slice(0, 1)}</Avatar>
          <Space direction="vertical" size={0}>
            <Link to={detail(r)}>{r.name || r.nickname || '未命名'}</Link>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {r.phone || '未绑定手机号'}
            </Typography.Text>
          </Space>
        </Space>
      ),
    },
    {
      title: '类型',
      key: 'kind',
      width: 90,
      render: (_, r) => (
        <Space direction="vertical" size={0}>
          <Tag color={r.kind === 1 ? 'blue' : 'default'}>{r.kindText}</Tag>
          {r.audit !== 1 && <Badge status={r.audit === 0 ? 'warning' : 'error'} text={r.auditText} />}
        </Space>
      ),
    },
    { title: '性别', dataIndex: 'sexText', key: 'sex', width: 60 },
    { title: '会员等级', dataIndex: 'levelName', key: 'level', width: 100, render: (v: string) => v || '-' },
    {
      title: '标签',
      key: 'tags',
      width: 180,
      render: (_, r) =>
        r.tags.length ? (
          <Space size={[0, 4]} wrap>
            {r.tags.map((t) => (
              <Tag key={t}>{t}</Tag>
            ))}
            {r.tagCount > r.tags.length && <Typography.Text type="secondary">+{r.tagCount - r.tags.length}</Typography.Text>}
          </Space>
        ) : (
          '-'
        ),
    },
    { title: '来源', dataIndex: 'sourceText', key: 'source', width: 90 },
    {
      title: '状态',
      key: 'status',
      width: 70,
      render: (_, r) => (r.status === 1 ? <Badge status="success" text="正常" /> : <Badge status="default" text="禁用" />),
    },
    { title: '消费次数', dataIndex: 'orderCount', width: 100, ...sortable('orderCount') },
    { title: '累计消费', dataIndex: 'spend', width: 110, render: (v: number) => yuan(v), ...sortable('spend') },
    { title: '最近消费', dataIndex: 'lastOrderTime', width: 170, render: (v: string) => v || '-', ...sortable('lastOrderTime') },
    { title: '储值余额', dataIndex: 'balance', width: 110, render: (v: number) => yuan(v), ...sortable('balance') },
    { title: '积分', dataIndex: 'points', width: 90, ...sortable('points') },
    { title: '成长值', dataIndex: 'growth', width: 90, ...sortable('growth') },
    { title: '注册时间', dataIndex: 'createTime', width: 170, ...sortable('createTime') },
    { title: '成为会员时间', dataIndex: 'memberTime', width: 170, render: (v: string) => v || '-', ...sortable('memberTime') },
    {
      title: '操作',
      key: 'op',
      width: 130,
      render: (_, r) => (
        <Space>
          <Link to={detail(r)}>详情</Link>
          {canEdit && r.audit === 0 && (
            <>
              <Typography.Link onClick={() => onAudit(r, true)}>通过</Typography.Link>
              <Typography.Link type="danger" onClick={() => onAudit(r, false)}>
                拒绝
              </Typography.Link>
            </>
          )}
        </Space>
      ),
    },
  ];
}
