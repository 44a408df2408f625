import { MEMBER_IMPORT_PROGRESS_EVENT, MEMBER_IMPORT_STATUS, type MemberImportProgress } from '@contract/index';
import { Button, Card, InputNumber, Result, Space, Spin, Table, Tabs } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError } from '@/api/client';
import { onHubData } from '@/realtime/hub-client';
import { useImportDetail, useRefreshImport } from './import.queries';
import { ImportSummaryCard } from './import-summary-card';
import { lineColumns } from './member-import.shared';

const FILTERS = [
  { key: 'all', label: '全部' },
  { key: 'created', label: '新增' },
  { key: 'updated', label: '已更新' },
  { key: 'existing', label: '跳过' },
  { key: 'bad', label: '错误' },
] as const;
type Filter = (typeof FILTERS)[number]['key'];

/** 导入详情: an import's progress (live from the hub's memberImportProgress), its counts and each row's result. */
export default function MemberImportDetailPage() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const navigate = useNavigate();
  const refreshImport = useRefreshImport();
  const [filter, setFilter] = useState<Filter>('all');
  const [page, setPage] = useState({ page_index: 1, page_size: 20 });
  // Pages reach the first 10,000 rows of a filter; rows further down a large file are reached from a row number.
  const [fromRow, setFromRow] = useState(0);
  const [live, setLive] = useState<MemberImportProgress | null>(null);
  const q = useImportDetail(id, { filter, fromRow, ...page });

  useEffect(() => {
    if (!id) return;
    return onHubData(MEMBER_IMPORT_PROGRESS_EVENT, (payload) => {
      const p = payload as MemberImportProgress;
      if (p.id !== id) return;
      setLive(p);
      // The end (or a failure): the page reads the import and its rows again.
      if (p.status !== MEMBER_IMPORT_STATUS.importing) refreshImport(id);
    });
  }, [id, refreshImport]);

  if (!id)
    return <Result status="404" title="导入记录不存在" extra={<Button onClick={() => navigate('/member/import')}>返回列表</Button>} />;
  if (q.error)
    return (
      <Result
        status="warning"
        title={q.error instanceof ApiError ? q.error.message : '加载失败'}
        extra={<Button onClick={() => navigate('/member/import')}>返回列表</Button>}
      />
    );
  const d = q.data?.import;
  if (!d) return <Spin style={{ display: 'block', margin: 48 }} />;
  const running = d.status === MEMBER_IMPORT_STATUS.importing;

  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      <ImportSummaryCard d={d} live={live} />
      <Card
        title="每行结果"
        extra={
          <Space>
            <span>从第</span>
            <InputNumber
              aria-label="起始行号"
              min={2}
              precision={0}
              placeholder="2"
              style={{ width: 110 }}
              onChange={(v) => {
                setFromRow(typeof v === 'number' ? v : 0);
                setPage((p) => ({ ...p, page_index: 1 }));
              }}
            />
            <span>行起</span>
          </Space>
        }
      >
        <Tabs
          activeKey={filter}
          onChange={(k) => {
            setFilter(k as Filter);
            setPage((p) => ({ ...p, page_index: 1 }));
          }}
          items={FILTERS.map((f) => ({ key: f.key, label: f.label }))}
        />
        <Table
          rowKey="row"
          size="small"
          columns={lineColumns}
          dataSource={q.data?.rows.rows ?? []}
          loading={q.isFetching && !running}
          scroll={{ x: 'max-content' }}
          pagination={{
            current: page.page_index,
            pageSize: page.page_size,
            total: q.data?.rows.total_count ?? 0,
            showSizeChanger: true,
            pageSizeOptions: [10, 20, 50, 100],
            showTotal: (n) => `共 ${n} 行`,
            onChange: (page_index, page_size) => setPage({ page_index, page_size }),
          }}
        />
      </Card>
    </Space>
  );
}
