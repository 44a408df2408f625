import type { TransferTask } from '@contract/index';
import { Button, Card, Progress } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { ListTable, useListState } from '@/shared';
import { countsText, FAIL_COLOR, percentOf, TransferStatusTag } from './transfer-status';
import { useTransferList } from './transfer.queries';

/** 最近的转存任务, newest first (server paged); 查看 opens one above. */
export function TaskList({ current, onOpen }: { current: string; onOpen: (id: string) => void }) {
  const list = useListState({});
  const q = useTransferList({ page_index: list.state.page_index, page_size: list.state.page_size });
  const columns: ColumnsType<TransferTask> = [
    { title: '创建时间', dataIndex: 'createTime', width: 180 },
    { title: '保存到', dataIndex: 'dirName', width: 160, render: (v: string) => v || '已删除的目录' },
    { title: '状态', dataIndex: 'status', width: 100, render: (s: number) => <TransferStatusTag status={s} /> },
    {
      title: '进度',
      key: 'progress',
      width: 200,
      render: (_, t) => (
        <Progress
          size="small"
          percent={percentOf(t)}
          success={{ percent: t.total ? Math.floor((t.okCount * 100) / t.total) : 0 }}
          strokeColor={t.failCount ? FAIL_COLOR : undefined}
          status={t.status === 2 ? (t.failCount ? 'normal' : 'success') : 'active'}
        />
      ),
    },
    { title: '结果', key: 'counts', render: (_, t) => countsText(t) },
    {
      title: '操作',
      key: 'op',
      width: 90,
      render: (_, t) => (
        <Button type="link" size="small" disabled={t.id === current} onClick={() => onOpen(t.id)}>
          查看
        </Button>
      ),
    },
  ];
  return (
    <Card title="最近的转存任务">
      <div role="region" aria-label="最近的转存任务">
        <ListTable<TransferTask>
          rowKey="id"
          size="small"
          list={list}
          result={q}
          columns={columns}
          rowClassName={(t) => (t.id === current ? 'ant-table-row-selected' : '')}
          locale={{ emptyText: q.isLoading ? '加载中…' : '还没有转存任务' }}
        />
      </div>
    </Card>
  );
}
