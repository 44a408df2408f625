import { App, Badge, Button, Card, Checkbox, Table } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ListSearch, Pager } from '@/shared';
import { useNoticePage, useReadAllNotices } from '../home.queries';

/** 消息提醒 (tp=4 shows every notice): paged on the server, searchable, mark as read. */
export default function ReminderPage() {
  const [params] = useSearchParams();
  const tp = Number(params.get('tp') ?? 4);
  const readAll = useReadAllNotices();
  const { message } = App.useApp();
  const [q, setQ] = useState({ page_index: 1, page_size: 10, keyword: '', unread: false, tp });
  const list = useNoticePage(q);
  const markAll = async () => {
    await readAll.mutateAsync();
    message.success('已全部标为已读');
  };
  return (
    <Card>
      <ListSearch
        placeholder="搜索通知内容"
        onSearch={(v) => setQ({ ...q, keyword: v.keyword, page_index: 1 })}
        onReset={() => setQ({ ...q, keyword: '', unread: false, page_index: 1 })}
      >
        <Checkbox checked={q.unread} onChange={(e) => setQ({ ...q, unread: e.target.checked, page_index: 1 })}>
          只看未读
        </Checkbox>
        <Button onClick={markAll}>全部标为已读</Button>
      </ListSearch>
      <Table
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.rows ?? []}
        pagination={false}
        locale={{ emptyText: '暂无通知' }}
        columns={[
          {
            title: '状态',
            dataIndex: 'read',
            width: 90,
            render: (r: boolean) => (r ? <Badge status="default" text="已读" /> : <Badge status="processing" text="未读" />),
          },
          { title: '内容', dataIndex: 'order' },
          { title: '时间', dataIndex: 'time', width: 200 },
        ]}
      />
      <Pager
        total={list.data?.total_count ?? 0}
        pageIndex={q.page_index}
        pageSize={q.page_size}
        pageSizeOptions={[10, 20, 50, 100]}
        onChange={(page_index, page_size) => setQ({ ...q, page_index, page_size })}
      />
    </Card>
  );
}
