import { Table } from 'antd';
import { useState } from 'react';
import { Pager } from '@/shared';
import { useMemberEvents } from './member-detail.queries';

/** 互动事件: the member's history, newest first, paged on the server. */
export function MemberEvents({ id }: { id: string }) {
  const [page, setPage] = useState({ index: 1, size: 10 });
  const q = useMemberEvents(id, page.index, page.size);
  return (
    <>
      <Table
        rowKey="id"
        size="small"
        loading={q.isFetching}
        dataSource={q.data?.rows ?? []}
        pagination={false}
        locale={{ emptyText: '暂无互动事件' }}
        columns={[
          { title: '时间', dataIndex: 'createTime', width: 180 },
          { title: '事件', dataIndex: 'title' },
          { title: '详情', dataIndex: 'detail', render: (t: string) => t || '—' },
          { title: '操作人', dataIndex: 'operatorName', width: 140, render: (t: string) => t || '—' },
        ]}
      />
      <Pager
        total={q.data?.total_count ?? 0}
        pageIndex={page.index}
        pageSize={page.size}
        onChange={(index, size) => setPage({ index, size })}
      />
    </>
  );
}
