import type { contract, DataOf } from '@contract/index';
import { Drawer, Table, Tag } from 'antd';
import { useState } from 'react';
import { yuan } from '@/shared/money';
import { useGroupMembers } from './groups.queries';

type Member = DataOf<typeof contract.memberGroups.GroupMembers>['rows'][number];

/** Who is in a group now (GroupMembers), paged on the server. */
export function GroupMembersDrawer({ group, onClose }: { group: { id: string; name: string } | null; onClose: () => void }) {
  const [page, setPage] = useState({ index: 1, size: 10 });
  const q = useGroupMembers(group?.id, page);
  return (
    <Drawer
      open={!!group}
      onClose={onClose}
      width={720}
      title={group ? `「${group.name}」的成员` : ''}
      destroyOnHidden
      afterOpenChange={(o) => !o && setPage({ index: 1, size: 10 })}
    >
      <Table<Member>
        rowKey="id"
        size="small"
        loading={q.isFetching}
        dataSource={q.data?.rows ?? []}
        locale={{ emptyText: q.isLoading ? '加载中…' : '该分组当前没有会员' }}
        pagination={{
          current: page.index,
          pageSize: page.size,
          total: q.data?.total_count ?? 0,
          showTotal: (n) => `共 ${n} 人`,
          onChange: (index, size) => setPage({ index, size }),
        }}
        columns={[
          { title: '手机号', dataIndex: 'phone', render: (v: string) => v || '—' },
          { title: '姓名', dataIndex: 'name', render: (v: string, r) => v || r.nickname || '—' },
          { title: '等级', dataIndex: 'levelName', render: (v: string) => v || '—' },
          { title: '消费次数', dataIndex: 'orderCount' },
          { title: '累计消费', dataIndex: 'spend', render: (v: number) => yuan(v) },
          { title: '来源', dataIndex: 'added', render: (a: boolean) => (a ? <Tag>手动加入</Tag> : <Tag color="blue">符合条件</Tag>) },
        ]}
      />
    </Drawer>
  );
}
