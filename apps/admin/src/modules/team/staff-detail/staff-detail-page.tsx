import type { contract, DataOf } from '@contract/index';
import { Badge, Button, Card, Descriptions, Skeleton, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ExceptionPage } from '@/shared';
import { useMember } from '../team.queries';

type Detail = DataOf<typeof contract.team.GetStaff>;

const WAYS: Record<string, string> = { pwd: '密码登录', sms: '短信登录' };
/** Modules as the operation log names them. */
const MODULES: Record<string, string> = {
  goods: '商品',
  team: '员工与权限',
  login: '账号',
  forms: '表单',
  orders: '订单',
  files: '素材',
  home: '概况',
  shop: '店铺设置',
  account: '企业与账号',
  billing: '购买',
};

const operationColumns: ColumnsType<Detail['operations'][number]> = [
  { title: '时间', dataIndex: 'createTime', width: 180 },
  { title: '操作', dataIndex: 'action' },
  { title: '模块', dataIndex: 'module', width: 120, render: (v: string) => MODULES[v] ?? v },
  { title: 'IP', dataIndex: 'ip', width: 150 },
];

const loginColumns: ColumnsType<Detail['logins'][number]> = [
  { title: '时间', dataIndex: 'createTime', width: 180 },
  { title: '方式', dataIndex: 'way', width: 110, render: (v: string) => WAYS[v] ?? v },
  {
    title: '结果',
    dataIndex: 'ok',
    width: 160,
    render: (ok: boolean, r) => (ok ? <Badge status="success" text="成功" /> : <Badge status="error" text={r.reason || '失败'} />),
  },
  { title: 'IP', dataIndex: 'ip', width: 150 },
  { title: '设备', dataIndex: 'userAgent', ellipsis: true },
];

/** 员工详情 (/ShowStaff?id=): the member's profile, their latest operations and logins in this enterprise. */
export default function StaffDetailPage() {
  const [params] = useSearchParams();
  const id = params.get('id');
  const navigate = useNavigate();
  const q = useMember(id);

  if (!id || q.error) return <ExceptionPage status={404} onHome={() => navigate('/staffManagement')} />;
  if (q.isLoading || !q.data) return <Skeleton active paragraph={{ rows: 10 }} />;
  const m = q.data;

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card title="员工资料" extra={<Button onClick={() => navigate('/staffManagement')}>返回</Button>}>
        <Descriptions column={3}>
          <Descriptions.Item label="姓名">
            <Space size={4}>
              {m.name}
              {m.isOwner && <Tag color="gold">企业所有者</Tag>}
            </Space>
          </Descriptions.Item>
          <Descriptions.Item label="手机号">{m.phone}</Descriptions.Item>
          <Descriptions.Item label="状态">
            {m.status === 1 ? <Badge status="success" text="启用" /> : <Badge status="default" text="停用" />}
          </Descriptions.Item>
          <Descriptions.Item label="岗位">{m.roleName}</Descriptions.Item>
          <Descriptions.Item label="门店">{m.shopName}</Descriptions.Item>
          <Descriptions.Item label="最后登录">{m.lastLoginTime || '从未登录'}</Descriptions.Item>
          <Descriptions.Item label="加入时间">{m.createTime}</Descriptions.Item>
          <Descriptions.Item label="邀请人">{m.invitedBy || '—'}</Descriptions.Item>
          <Descriptions.Item label="备注">{m.remark || '—'}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title="最近操作" extra="最近20条">
        <Table
          rowKey="id"
          size="small"
          pagination={false}
          columns={operationColumns}
          dataSource={m.operations}
          locale={{ emptyText: '暂无操作记录' }}
        />
      </Card>
      <Card title="最近登录" extra="最近20条">
        <Table
          rowKey="id"
          size="small"
          pagination={false}
          columns={loginColumns}
          dataSource={m.logins}
          locale={{ emptyText: '暂无登录记录' }}
        />
      </Card>
    </Space>
  );
}
