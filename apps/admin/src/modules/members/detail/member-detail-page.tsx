import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Card, Result, Skeleton, Space, Tabs } from 'antd';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError } from '@/api/client';
import { useCan } from '@/hooks/use-can';
import { MemberAssets, MemberOrders } from './member-figures';
import { MemberEvents } from './member-events';
import { MemberHeader } from './member-header';
import { MemberLevel } from './member-level';
import { MemberProfile } from './member-profile';
import { useMemberDetail } from './member-detail.queries';

/** 会员详情 (/memberdetail?id=): the member's card, and tabs of profile, level and growth, assets, orders, history. */
export default function MemberDetailPage() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const navigate = useNavigate();
  const q = useMemberDetail(id);
  const canEdit = useCan()('customerInquiry', 'edit');
  const back = () => navigate('/customerInquiry');

  // A missing member, and an id that is none (a link typed by hand: 1001), are the same page.
  if (!id || (q.error instanceof ApiError && (q.error.code === 1004 || q.error.code === 1001)))
    return (
      <Result
        status="404"
        title="会员不存在"
        subTitle="该会员不存在或已被删除"
        extra={
          <Button type="primary" onClick={back}>
            返回客户查询
          </Button>
        }
      />
    );
  if (q.error)
    return (
      <Result
        status="error"
        title="会员信息加载失败"
        subTitle={q.error.message}
        extra={<Button onClick={() => q.refetch()}>重新加载</Button>}
      />
    );
  if (q.isLoading || !q.data) return <Skeleton active avatar paragraph={{ rows: 8 }} />;
  const m = q.data;

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card
        title={
          <Space>
            <Button type="text" icon={<ArrowLeftOutlined />} onClick={back} aria-label="返回" />
            会员详情
          </Space>
        }
      >
        <MemberHeader member={m} canEdit={canEdit} />
      </Card>
      <Card>
        <Tabs
          items={[
            { key: 'profile', label: '基本信息', children: <MemberProfile member={m} canEdit={canEdit} /> },
            { key: 'level', label: '等级与成长值', children: <MemberLevel member={m} canEdit={canEdit} /> },
            { key: 'assets', label: '资产', children: <MemberAssets member={m} /> },
            { key: 'orders', label: '订单统计', children: <MemberOrders id={m.id} canEdit={canEdit} /> },
            { key: 'events', label: '互动事件', children: <MemberEvents id={m.id} /> },
          ]}
          destroyOnHidden
        />
      </Card>
    </Space>
  );
}
